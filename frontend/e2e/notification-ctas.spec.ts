import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, newPerson, signUp, signUpByApi } from './support';

const SCREENSHOTS = 'test-results/screenshots';
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** The other player needs no browser: signed up and acting through the API. */
async function playerByApi(request: APIRequestContext, firstName: string) {
  const { token, user } = await signUpByApi(request, newPerson(firstName));
  return { token, id: user.id };
}

async function challenge(request: APIRequestContext, token: string, opponentId: string, title: string) {
  const response = await request.post('/api/bets', {
    ...as(token),
    data: { opponentId, amount: '15.00', title, outcomes: ['Yes', 'No'], duration: 168, creatorPick: 'Yes' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { id: number }).id;
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** Opens the bell and gives the entry whose text holds `title`. */
async function entryAbout(page: Page, text: string) {
  const list = page.getByRole('dialog', { name: 'Notifications' });
  if (!(await list.isVisible())) await bell(page).click();
  return list.getByRole('button').filter({ hasText: text });
}

async function closeBell(page: Page) {
  const list = page.getByRole('dialog', { name: 'Notifications' });
  await list.getByRole('button', { name: 'Close notifications' }).click();
  await expect(list).toBeHidden();
}

test('a notification’s call to action reads as done once it is done: after Deny, after reporting, after accepting a friend, and after a reload', async ({
  browser,
  request,
}, info) => {
  const context = await browser.newContext({ ...info.project.use, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const bob = newPerson('Blake');
  await signUp(page, bob);
  await expect(page.locator('[data-live-updates="connected"]')).toHaveCount(1);
  const bobId = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  );
  const alice = await playerByApi(request, 'Alexis');

  // A challenge asks to be accepted or declined; once denied, it says so without a reload.
  const denied = `Rain on Sunday ${Date.now()}`;
  await challenge(request, alice.token, bobId, denied);
  await expect(await entryAbout(page, denied)).toContainText('Accept or decline it before it expires.');
  await (await entryAbout(page, denied)).click();
  await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible();
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Challenge Denied' })).toBeVisible();
  await expect(await entryAbout(page, denied)).toContainText('The challenge was declined.');
  await expect(await entryAbout(page, denied)).not.toContainText('Accept or decline');
  await closeBell(page);

  // A reported result asks for Bob's outcome; once he reports and it settles, it says so, also after a reload.
  const settled = `Bus on time ${Date.now()}`;
  const betId = await challenge(request, alice.token, bobId, settled);
  const accepted = await page.request.post(`/api/bets/${betId}/accept`, {
    data: { opponentPick: 'No' },
    headers: {
      authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('auth_token') ?? '')}`,
    },
  });
  expect(accepted.ok()).toBe(true);
  const reported = await request.post(`/api/bets/${betId}/submit-result`, {
    ...as(alice.token),
    data: { result: alice.id },
  });
  expect(reported.ok()).toBe(true);
  const ask = `Submit your outcome for “${settled}” to settle it.`;
  await expect(await entryAbout(page, ask)).toBeVisible();
  await (await entryAbout(page, ask)).click();
  await expect(page.getByRole('heading', { level: 1, name: settled })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Outcome' }).click();
  const dialog = page.getByRole('dialog', { name: 'Submit Outcome' });
  await dialog.getByRole('button', { name: 'WIN', exact: true }).click();
  // The confirmation tells the truth before sending: the other side reported the opposite.
  await expect(dialog.getByText(/reported Yes\. A different report puts the bet in dispute/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Back' }).click();
  await dialog.getByRole('button', { name: 'LOSE', exact: true }).click();
  await expect(dialog.getByText(/reported the same: the bet settles now/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send my report' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Outcome Submitted' })).toBeVisible();
  const done = `“${settled}”: The bet has been settled.`;
  await expect(await entryAbout(page, done)).toBeVisible();
  await expect(await entryAbout(page, ask)).toHaveCount(0);
  if (info.project.name === 'phone')
    await page.screenshot({
      path: `${SCREENSHOTS}/notification-ctas-done-phone.png`,
      animations: 'disabled',
    });
  await closeBell(page);
  await page.reload();
  await expect(await entryAbout(page, done)).toBeVisible();
  await closeBell(page);

  // The bet page tells both reports with who made them.
  await page.goto(`/bets/${betId}`);
  const timeline = page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByText('You reported: Yes')).toBeVisible();
  await expect(timeline.getByText(/^.+ reported: Yes$/)).toHaveCount(2);
  await expect(page.getByRole('button', { name: 'Report by outcome' })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'a settled bet’s page with its timeline');

  // A friend request asks to be accepted on the Friends page; once accepted, it says they are friends.
  const sent = await request.post('/api/friends/request', {
    ...as(alice.token),
    data: { addresseeId: bobId },
  });
  expect(sent.ok()).toBe(true);
  const invite = 'Accept it on the Friends page to challenge each other and compare records.';
  await expect(await entryAbout(page, invite)).toBeVisible();
  await closeBell(page);
  await page.goto('/friends');
  await page.getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Friend request accepted!' })).toBeVisible();
  await expect(await entryAbout(page, 'You are friends now.')).toBeVisible();
  await expect(await entryAbout(page, invite)).toHaveCount(0);
  await expectAccessible(page, 'the notification list after acting');

  await context.close();
});
