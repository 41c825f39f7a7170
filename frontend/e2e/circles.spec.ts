import { expect, test, type Browser, type Page, type TestInfo } from '@playwright/test';
import {
  chooseOption,
  expectAccessible,
  expectNoHorizontalScroll,
  newPerson,
  tabTo,
  type Person,
  docScreenshot,
} from './support';

/** The phone size the circle screens are designed for, and the narrowest one they must not break at. */
const PHONE = { width: 390, height: 844 };
const NARROW = { width: 360, height: 740 };

interface Member {
  person: Person;
  page: Page;
  id: string;
  token: string;
  name: string;
}

const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** Always into test-results; for the docs too with UPDATE_SCREENSHOTS=1 (docScreenshot). */
async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `test-results/screenshots/${name}.png`, animations: 'disabled' });
  await docScreenshot(page, name);
}

/** Someone signed up over the API (sign-up is not what this journey is about), signed in on a phone. */
async function member(browser: Browser, info: TestInfo, firstName: string): Promise<Member> {
  const context = await browser.newContext({ ...info.project.use, viewport: PHONE });
  const page = await context.newPage();
  const person = newPerson(firstName);
  const response = await page.request.post('/api/auth/signup', {
    data: { ...person, confirmPassword: person.password, birthday: '1991-01-01', state: 'Oregon' },
  });
  expect(response.status()).toBe(201);
  const auth = (await response.json()) as { token: string; user: { id: string } };
  // Local storage belongs to the origin, and the health answer is its lightest document: the landing page
  // would load the app only to be left for the circle screens (as signUp in support.ts does).
  await page.goto('/api/health');
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('auth_user', JSON.stringify(user));
  }, auth);
  return {
    person,
    page,
    id: auth.user.id,
    token: auth.token,
    name: `${person.firstName} ${person.lastName}`,
  };
}

/** `b` opens `a`'s personal invite link: they are friends. */
async function befriend(a: Member, b: Member): Promise<void> {
  const invite = await a.page.request.get('/api/invites/mine', as(a.token));
  const { code } = (await invite.json()) as { code: string };
  expect((await b.page.request.post(`/api/invites/${code}/accept`, as(b.token))).status()).toBe(200);
}

/** The page's live stream is open, so what happens now arrives without a reload. */
async function live(page: Page): Promise<void> {
  await expect(page.locator('[data-live-updates="connected"]')).toBeAttached({ timeout: 30_000 });
}

/** The create flow through its four steps with "Post in circle", as bets.spec.ts drives it. */
async function challengeInCircle(page: Page, opponent: Person, title: string, circle: string) {
  await page.goto('/');
  await page.getByRole('button', { name: 'Create bet' }).click();
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await flow.getByLabel('Search by name or username').fill(opponent.username);
  await flow.getByRole('button', { name: new RegExp(opponent.username) }).click();
  await flow.getByLabel('Amount').fill('25');
  await flow.getByLabel("What's this bet about?").fill(title);
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByLabel('Option 1').fill('Yes');
  await flow.getByLabel('Option 2').fill('No');
  await flow.getByRole('radio', { name: 'Yes' }).check();
  await flow.getByRole('button', { name: 'Review Bet' }).click();
  await chooseOption(page, flow.getByRole('combobox', { name: 'Post in circle' }), { name: circle });
  await expectAccessible(page, 'the create flow’s review with Post in circle');
  const hold = flow.getByRole('button', { name: 'Hold to Send Challenge' });
  await hold.hover();
  await page.mouse.down();
  await expect(flow.getByText('Bet Created!')).toBeVisible({ timeout: 20_000 });
  await page.mouse.up();
  await expect(flow).toBeHidden({ timeout: 20_000 });
}

test('three friends make a circle, bet in it, banter live, and the season’s winner gets the trophy', async ({
  browser,
}, info) => {
  // Three browsers, a whole bet and a season to its end: well past two minutes on a busy machine.
  test.setTimeout(420_000);
  const maya = await member(browser, info, 'Maya');
  const noah = await member(browser, info, 'Noah');
  const ivy = await member(browser, info, 'Ivy');
  await befriend(maya, noah);

  // Maya makes the circle; its name is text, never HTML.
  const circleName = `Friday <b>crew</b> ${Date.now() % 10_000}`;
  await maya.page.goto('/circles');
  await expect(maya.page.getByText('No circles yet.')).toBeVisible({ timeout: 30_000 });
  await expectAccessible(maya.page, 'the circles list, empty');
  await maya.page.getByRole('button', { name: 'New circle' }).click();
  const create = maya.page.getByRole('dialog', { name: 'New circle' });
  await create.getByRole('button', { name: 'Create circle' }).click();
  await expect(create.getByText('Give the circle a name')).toBeVisible();
  await expectAccessible(maya.page, 'the new circle dialog with its error');
  await create.getByLabel('Circle name').fill(circleName);
  await create.getByRole('button', { name: 'Create circle' }).click();
  await expect(maya.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();
  const circleUrl = maya.page.url();
  const circleId = circleUrl.slice(circleUrl.lastIndexOf('/') + 1);
  await expect(maya.page.getByText('Nothing here yet.')).toBeVisible();
  await expectAccessible(maya.page, 'an empty circle feed');

  // She invites Noah, her friend, and shares the link with its QR code.
  await maya.page.getByRole('tab', { name: 'Members' }).click();
  await maya.page.getByRole('button', { name: 'Invite friends' }).click();
  const inviting = maya.page.getByRole('dialog', { name: `Invite friends to ${circleName}` });
  await inviting.getByRole('checkbox', { name: noah.name }).check();
  await inviting.getByRole('button', { name: 'Invite' }).click();
  await expect(maya.page.getByRole('status').filter({ hasText: 'Invitation sent' })).toBeVisible();
  await expect(
    maya.page.getByRole('img', { name: `QR code of the invite link to ${circleName}` }),
  ).toBeVisible();
  const link = (await maya.page.getByTestId('circle-link').textContent()) ?? '';
  expect(link).toMatch(/\/circles\/join\/[A-Za-z0-9_-]+$/);
  await expectAccessible(maya.page, 'the circle’s members and invite link');
  await expectNoHorizontalScroll(maya.page);

  // Noah accepts from Circles, one tap away in the bottom bar.
  await noah.page.goto('/');
  await noah.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Circles' }).click();
  await expect(noah.page.getByRole('heading', { name: 'Invitations' })).toBeVisible();
  await expectAccessible(noah.page, 'the circles list with an invitation');
  await noah.page.getByRole('button', { name: `Join ${circleName}` }).click();
  await expect(noah.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();

  // Signed out, the link names no circle and leads through sign-up or sign-in back to itself.
  const strangerPage = await (await browser.newContext({ ...info.project.use, viewport: PHONE })).newPage();
  await strangerPage.goto(link);
  await expect(
    strangerPage.getByRole('heading', { name: 'You’re invited to a circle on Betwixt' }),
  ).toBeVisible();
  await expect(strangerPage.getByText(circleName)).toHaveCount(0);
  await expectAccessible(strangerPage, 'the circle link, signed out');
  await strangerPage.context().close();

  // Ivy is no one's friend: she joins through the link.
  await ivy.page.goto(link);
  await expect(ivy.page.getByRole('heading', { name: `Join ${circleName}` })).toBeVisible();
  await expect(ivy.page.getByText('2 members share')).toBeVisible();
  await expectAccessible(ivy.page, 'the circle link page');
  await ivy.page.getByRole('button', { name: 'Join circle' }).click();
  await expect(ivy.page.getByRole('heading', { level: 1, name: circleName })).toBeVisible();
  await expect(ivy.page.getByText('3 members')).toBeVisible();
  await live(ivy.page);

  // Maya challenges Noah and posts it in the circle: it appears on Ivy's screen without a reload.
  const title = `Reds win Sunday ${Date.now() % 10_000}`;
  await challengeInCircle(maya.page, noah.person, title, circleName);
  const post = ivy.page.getByRole('article').filter({ hasText: title }).first();
  await expect(post).toBeVisible({ timeout: 30_000 });
  await expect(post.getByRole('heading', { name: 'New challenge' })).toBeVisible();

  // Noah takes it and both report Maya's win, over the API (bets.spec.ts drives those screens).
  const feed = await maya.page.request.get(`/api/circles/${circleId}/feed`, as(maya.token));
  const betId = ((await feed.json()) as { items: { bet: { id: number } | null }[] }).items[0]?.bet?.id;
  expect(betId).toBeGreaterThan(0);
  const accepted = await noah.page.request.post(`/api/bets/${betId}/accept`, {
    ...as(noah.token),
    data: { opponentPick: 'No' },
  });
  expect(accepted.status()).toBe(200);
  for (const player of [maya, noah]) {
    const reported = await player.page.request.post(`/api/bets/${betId}/submit-result`, {
      ...as(player.token),
      data: { result: maya.id },
    });
    expect(reported.status()).toBe(200);
  }
  const settled = ivy.page
    .getByRole('article')
    .filter({ has: ivy.page.getByRole('heading', { name: 'Bet settled' }) });
  await expect(settled).toBeVisible({ timeout: 30_000 });
  // Ivy is not Maya's friend: she sees usernames, and no money, as their privacy settings say.
  await expect(settled.getByText(`${maya.person.username} won`)).toBeVisible();
  await expect(settled.getByText('$25.00')).toHaveCount(0);

  // Ivy opens the comments; Maya's comment and Noah's reaction arrive on her screen live.
  await settled.getByRole('button', { name: '0 comments' }).click();
  await expect(settled.getByText('No comments yet.')).toBeVisible();
  await maya.page.goto(circleUrl);
  const mayaPost = maya.page
    .getByRole('article')
    .filter({ has: maya.page.getByRole('heading', { name: 'Bet settled' }) });
  await mayaPost.getByRole('button', { name: '0 comments' }).click();
  await mayaPost.getByLabel('Write a comment').fill('<script>alert(1)</script> Told you so');
  await mayaPost.getByRole('button', { name: 'Post comment' }).click();
  await expect(settled.getByTestId('comment-body')).toHaveText('<script>alert(1)</script> Told you so', {
    timeout: 30_000,
  });
  await expect(settled.getByRole('button', { name: '1 comment' })).toBeVisible();
  const settledId = await itemIdOf(maya, circleId, 'settled');
  const fireUrl = `/api/feed/${settledId}/reactions/${encodeURIComponent('🔥')}`;
  const reacted = await noah.page.request.put(fireUrl, as(noah.token));
  expect(reacted.status()).toBe(200);
  await expect(settled.getByRole('button', { name: `fire, 1. fire: ${noah.person.username}` })).toBeVisible({
    timeout: 30_000,
  });

  // The keyboard alone: Ivy writes a comment and reacts without a pointer.
  const box = settled.getByLabel('Write a comment');
  await tabTo(ivy.page, box);
  await ivy.page.keyboard.type('Rematch next week?');
  await tabTo(ivy.page, settled.getByRole('button', { name: 'Post comment' }));
  await ivy.page.keyboard.press('Enter');
  await expect(settled.getByTestId('comment-body').first()).toHaveText('Rematch next week?');
  await tabTo(ivy.page, settled.getByRole('button', { name: 'React' }), true);
  await ivy.page.keyboard.press('Enter');
  const menu = ivy.page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expectAccessible(ivy.page, 'the reactions menu');
  // A menu moves by the arrow keys: down to "fire".
  const fire = menu.getByRole('menuitem', { name: 'fire' });
  for (
    let step = 0;
    step < 8 && !(await fire.evaluate((item) => item === document.activeElement));
    step += 1
  ) {
    await ivy.page.keyboard.press('ArrowDown');
  }
  await expect(fire).toBeFocused();
  await ivy.page.keyboard.press('Enter');
  await expect(settled.getByRole('button', { name: /^fire, 2\./ })).toHaveAttribute('aria-pressed', 'true');
  await expectAccessible(ivy.page, 'a circle feed with comments and reactions');
  await expectNoHorizontalScroll(ivy.page);
  await screenshot(ivy.page, 'circle-feed-390');
  await ivy.page.setViewportSize(NARROW);
  await expectNoHorizontalScroll(ivy.page);
  await screenshot(ivy.page, 'circle-feed-360');
  await ivy.page.setViewportSize(PHONE);

  // The table: Maya leads with Noah's stake.
  await ivy.page.getByRole('tab', { name: 'Table' }).click();
  const table = ivy.page.getByRole('list', { name: 'Table of season 1' });
  await expect(table.getByTestId('standing').first()).toContainText(maya.person.username);
  await expect(table.getByTestId('standing').first()).toContainText('Record 1–0–0');
  await expectAccessible(ivy.page, 'the circle’s table');
  await expectNoHorizontalScroll(ivy.page);
  await screenshot(ivy.page, 'circle-table-390');
  await ivy.page.setViewportSize(NARROW);
  await expectNoHorizontalScroll(ivy.page);
  await screenshot(ivy.page, 'circle-table-360');
  await ivy.page.setViewportSize(PHONE);

  // The clock moves: the season is set to end in two seconds, and the seasons job (every 2 s here) ends it.
  const ends = new Date(Date.now() + 2_000).toISOString();
  const moved = await maya.page.request.patch(`/api/circles/${circleId}`, {
    ...as(maya.token),
    data: { seasonLength: 'custom', seasonEndsAt: ends },
  });
  expect(moved.status()).toBe(200);
  await ivy.page.getByRole('tab', { name: 'Feed' }).click();
  const ended = ivy.page
    .getByRole('article')
    .filter({ has: ivy.page.getByRole('heading', { name: 'Season ended' }) });
  await expect(ended).toBeVisible({ timeout: 100_000 });
  await expect(ended.getByText(`${maya.person.username} wins the trophy`)).toBeVisible();

  // A new season starts from zero, the old one stays readable, and the trophy is on Maya's profile.
  await ivy.page.getByRole('tab', { name: 'Table' }).click();
  await expect(ivy.page.getByRole('combobox', { name: 'Season' })).toContainText('Season 2 (now)');
  await expect(
    ivy.page.getByRole('list', { name: 'Table of season 2' }).getByTestId('standing').first(),
  ).toContainText('Record 0–0–0');
  await chooseOption(ivy.page, ivy.page.getByRole('combobox', { name: 'Season' }), { name: /^Season 1:/ });
  await expect(ivy.page.getByRole('list', { name: 'Table of season 1' })).toContainText(maya.person.username);
  await expect(ivy.page.getByRole('img', { name: 'Season winner' })).toBeVisible();
  await maya.page.goto('/account');
  await expect(maya.page.getByTestId('trophy')).toContainText(`Season 1 winner in ${circleName}`);
  await expectAccessible(maya.page, 'the profile with a trophy');

  // Noah leaves: the circle is gone for him, the same 404 page as for a circle that never was.
  const left = await noah.page.request.post(`/api/circles/${circleId}/leave`, as(noah.token));
  expect(left.status()).toBe(204);
  await noah.page.goto(circleUrl);
  await expect(noah.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await noah.page.goto('/circles/00000000-0000-4000-8000-000000000000');
  await expect(noah.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
});

/** The id of the circle's newest feed item of `kind`, read as `reader`. */
async function itemIdOf(reader: Member, circleId: string, kind: string): Promise<number> {
  const response = await reader.page.request.get(`/api/circles/${circleId}/feed`, as(reader.token));
  const item = ((await response.json()) as { items: { id: number; kind: string }[] }).items.find(
    (entry) => entry.kind === kind,
  );
  expect(item).toBeDefined();
  return item?.id ?? 0;
}
