import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { FULL_CHROMIUM } from './browser';
import { expectNoHorizontalScroll, newPerson, signUp, type Person } from './support';

// These journeys read the notifications the service worker shows, which only the full browser keeps.
test.use({ launchOptions: FULL_CHROMIUM });

const SCREENSHOTS = 'test-results/screenshots';
const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** The challenger needs no browser: signed up through the API, acting through the API. */
async function signUpByApi(request: APIRequestContext, person: Person) {
  const response = await request.post('/api/auth/signup', {
    data: {
      ...person,
      confirmPassword: person.password,
      birthday: '1990-05-06',
      state: 'Oregon',
    },
  });
  expect(response.ok()).toBe(true);
  const { token, user } = (await response.json()) as { token: string; user: { id: string } };
  return { token, id: user.id };
}

/** The person receiving notifications, in their own browser, with the live stream connected. */
async function receiverInNewBrowser(
  browser: Browser,
  project: { use: Record<string, unknown> },
  name: string,
  permissions: string[] = [],
) {
  const context = await browser.newContext({ ...project.use, permissions });
  const page = await context.newPage();
  const person = newPerson(name);
  await signUp(page, person);
  await expectLiveStream(page);
  const id = await page.evaluate(
    () => (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  );
  return { context, page, person, id };
}

/** `ready` arrived on GET /api/events: from now on, events reach this page as they happen. */
async function expectLiveStream(page: Page) {
  await expect(page.locator('[data-live-updates="connected"]')).toHaveCount(1);
}

async function challenge(request: APIRequestContext, token: string, opponentId: string, title: string) {
  const response = await request.post('/api/bets', {
    ...as(token),
    data: { opponentId, amount: '15.00', title, outcomes: ['Yes', 'No'], duration: 168, creatorPick: 'Yes' },
  });
  expect(response.ok()).toBe(true);
  return (await response.json()) as { id: number };
}

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications(, \d+ unread)?$/ });

/** What the service worker has on screen, as the browser reports it. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
    })),
  );

test('a challenge reaches the bell within 2 s; its entry opens the acceptance dialog and is then read', async ({
  browser,
  request,
}, info) => {
  const bob = await receiverInNewBrowser(browser, info.project, 'Bowie');
  const alice = await signUpByApi(request, newPerson('Arden'));
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications');

  const title = `Snow by Friday ${Date.now()}`;
  await challenge(request, alice.token, bob.id, title);
  const answeredAt = Date.now();
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 2000 });
  info.annotations.push({ type: 'bell latency', description: `${Date.now() - answeredAt} ms` });

  await bell(bob.page).click();
  const list = bob.page.getByRole('dialog', { name: 'Notifications' });
  await expect(list.getByText('1 unread')).toBeVisible();
  const entry = list.getByRole('button', { name: /^Unread: New challenge from / });
  await expect(entry).toContainText(title);
  await expect(entry).toContainText('just now');
  const shot = (name: string) =>
    bob.page.screenshot({ path: `${SCREENSHOTS}/${name}.png`, animations: 'disabled' });
  if (info.project.name === 'phone') {
    await shot('notifications-list-phone');
    await bob.page.setViewportSize({ width: 360, height: 760 });
    await expectNoHorizontalScroll(bob.page);
    await shot('notifications-list-360');
  } else {
    await shot('notifications-list-desktop');
  }
  await entry.click();

  // The entry opens the bet's page, whose Accept Challenge opens the acceptance dialog.
  await expect(bob.page).toHaveURL(/\/bets\/\d+$/);
  await expect(bob.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await bob.page.getByRole('button', { name: 'Accept Challenge' }).click();
  const acceptance = bob.page.getByRole('dialog', { name: title });
  await expect(acceptance.getByRole('button', { name: 'Accept Challenge' })).toBeVisible();
  await acceptance.getByRole('button', { name: 'Accept Challenge' }).click();
  await expect(bob.page.getByRole('status').filter({ hasText: 'Bet Accepted!' })).toBeVisible();
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications');
  await bell(bob.page).click();
  await expect(list.getByText('All read')).toBeVisible();
  await expect(list.getByRole('button', { name: /^New challenge from / })).toContainText(title);
  await expect(list.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  await list.getByRole('button', { name: 'Close notifications' }).click();
  await expect(list).toBeHidden();
  if (info.project.name === 'phone') {
    // The slim top bar keeps the page heading and the bottom bar clear at 360 px.
    await expectNoHorizontalScroll(bob.page);
    await shot('dashboard-top-bar-360');
  }

  await bob.context.close();
});

test('with permission, notifications show through the service worker, as the device settings allow', async ({
  browser,
  request,
}, info) => {
  const bob = await receiverInNewBrowser(browser, info.project, 'Blair', ['notifications']);
  const alice = await signUpByApi(request, newPerson('Ashton'));
  await bob.page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });

  const first = `Dinner bill ${Date.now()}`;
  await challenge(request, alice.token, bob.id, first);
  await expect
    .poll(async () => (await shownNotifications(bob.page)).find((n) => n.body.includes(first)))
    .toMatchObject({ title: expect.stringMatching(/^New challenge from /) as unknown as string });
  expect((await shownNotifications(bob.page)).find((n) => n.body.includes(first))?.tag).toMatch(
    /^notification-\d+$/,
  );

  // The settings dialog, from the bell: permission granted, every switch on; 'Bet updates' off.
  await bell(bob.page).click();
  await bob.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Notification settings' })
    .click();
  const settings = bob.page.getByRole('dialog', { name: 'Notification Settings' });
  await expect(settings.getByTestId('notification-permission')).toHaveText('Enabled');
  await expect(settings.getByRole('button', { name: 'Enable Browser Notifications' })).toHaveCount(0);
  for (const name of ['Bet updates', 'Friend requests', 'Expiring bets', 'Bet results', 'Circles']) {
    await expect(settings.getByRole('switch', { name })).toBeChecked();
  }
  await settings.getByRole('switch', { name: 'Bet updates' }).click();
  await expect(settings.getByRole('switch', { name: 'Bet updates' })).not.toBeChecked();
  if (info.project.name === 'phone') {
    await bob.page.setViewportSize({ width: 360, height: 760 });
    await bob.page.screenshot({
      path: `${SCREENSHOTS}/notification-settings-360.png`,
      animations: 'disabled',
    });
  }
  await settings.getByRole('button', { name: 'Done' }).click();

  // Kept across a reload, and the same dialog opens from Account › Settings.
  await bob.page.reload();
  await bob.page.goto('/account');
  await bob.page.getByRole('tab', { name: 'Settings' }).click();
  await bob.page.getByRole('button', { name: 'Configure notification settings' }).click();
  await expect(settings.getByRole('switch', { name: 'Bet updates' })).not.toBeChecked();
  await expect(settings.getByRole('switch', { name: 'Friend requests' })).toBeChecked();
  expect(await bob.page.evaluate(() => localStorage.getItem('notification-settings'))).toBe(
    JSON.stringify({
      betUpdates: false,
      friendRequests: true,
      betExpiring: true,
      betResolved: true,
      circles: true,
    }),
  );
  await settings.getByRole('button', { name: 'Done' }).click();
  await expectLiveStream(bob.page);

  // A second challenge is a bet update: not shown. A friend request sent after it is shown; the stream
  // delivers in order, so once it is on screen the challenge would have been too.
  const second = `Taxi or train ${Date.now()}`;
  await challenge(request, alice.token, bob.id, second);
  const befriended = await request.post('/api/friends/request', {
    ...as(alice.token),
    data: { addresseeId: bob.id },
  });
  expect(befriended.ok()).toBe(true);
  await expect
    .poll(async () => (await shownNotifications(bob.page)).map((n) => n.title))
    .toContainEqual(expect.stringMatching(/friend request/i));
  expect((await shownNotifications(bob.page)).filter((n) => n.body.includes(second))).toEqual([]);
  // The bell still lists it: the switch is about the browser notification only.
  await expect(bell(bob.page)).toHaveAccessibleName('Notifications, 3 unread');

  await bob.context.close();
});
