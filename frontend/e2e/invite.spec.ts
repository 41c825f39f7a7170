import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { expectNoHorizontalScroll, fillSignUp, newPerson, signUpByApi } from './support';

const SCREENSHOTS = 'test-results/screenshots';
/** The phone size the invite journey is designed for (iPhone 12–15). */
const PHONE = { width: 390, height: 844 };

async function phoneContext(browser: Browser, info: TestInfo) {
  return browser.newContext({
    ...info.project.use,
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

test('a new user signs up through a friend’s invite link and lands as their friend', async ({
  browser,
}, info) => {
  // Three people, two browsers and four screenshots: more than the default two minutes on a busy machine.
  test.setTimeout(300_000);
  const shot = (name: string) => `${SCREENSHOTS}/${name}-${info.project.name}-390.png`;
  const maya = newPerson('Maya');
  const rowan = newPerson('Rowan');
  const mayaPage = await (await phoneContext(browser, info)).newPage();
  // Maya's own sign-up is not what this journey is about.
  const auth = await signUpByApi(mayaPage.request, maya);
  await mayaPage.goto('/');
  await mayaPage.evaluate(({ token, user }) => {
    localStorage.setItem('auth_token', token);
    localStorage.setItem('auth_user', JSON.stringify(user));
  }, auth);

  // Maya's invite link, its QR code and Share (copies the link where there is no share sheet).
  await mayaPage.goto('/friends');
  await expect(mayaPage.getByRole('heading', { name: 'Friends & Network' })).toBeVisible({ timeout: 30_000 });
  const inviteCard = mayaPage.getByText('Invite Friends', { exact: true });
  await inviteCard.scrollIntoViewIfNeeded();
  await expect(mayaPage.getByRole('img', { name: 'QR code of your invite link' })).toBeVisible();
  const link = (await mayaPage.getByTestId('invite-link').textContent()) ?? '';
  expect(link).toMatch(/\/invite\/[A-Za-z0-9_-]{22}$/);
  await mayaPage.getByRole('button', { name: 'Share' }).click();
  await expect(
    mayaPage.getByRole('status').filter({ hasText: /Invite link copied|Could not copy/ }),
  ).toBeVisible();
  await expectNoHorizontalScroll(mayaPage);
  await mayaPage.getByRole('button', { name: 'Replace link' }).scrollIntoViewIfNeeded();
  await mayaPage.screenshot({ path: shot('friends-invite-qr'), animations: 'disabled' });

  // Rowan has no account: the link shows who invited him and leads through sign-up.
  const rowanPage = await (await phoneContext(browser, info)).newPage();
  await rowanPage.goto(link);
  await expect(
    rowanPage.getByRole('heading', { name: `${maya.firstName} ${maya.lastName} invited you to Betwixt` }),
  ).toBeVisible();
  await expectNoHorizontalScroll(rowanPage);
  await rowanPage.screenshot({ path: shot('invite-signed-out'), animations: 'disabled' });
  await rowanPage.getByRole('button', { name: 'Sign Up' }).click();
  await fillSignUp(rowanPage, rowan);

  // Signed up, he lands on Friends with Maya already his friend: no request to wait for.
  // Sign-up, the signed-in app and the friendship: a few round trips and lazy screens on a busy machine.
  await expect(rowanPage.getByRole('status').filter({ hasText: 'Friend added!' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(rowanPage).toHaveURL(/\/friends$/);
  await expect(rowanPage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();
  await expect(rowanPage.getByText(`${maya.firstName} ${maya.lastName}`).first()).toBeVisible();
  await mayaPage.reload();
  await expect(mayaPage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();
  await expect(mayaPage.getByText(`${rowan.firstName} ${rowan.lastName}`).first()).toBeVisible();

  // Opening the link again, signed in, says so instead of asking twice.
  await rowanPage.goto(link);
  await expect(
    rowanPage.getByRole('heading', {
      name: `You and ${maya.firstName} ${maya.lastName} are already friends`,
    }),
  ).toBeVisible();

  // Sam joins through the same link (over the API): for Rowan, Sam is a friend of a friend.
  const sam = newPerson('Sam');
  const { token } = await signUpByApi((await (await phoneContext(browser, info)).newPage()).request, sam);
  const code = link.slice(link.lastIndexOf('/') + 1);
  const joined = await rowanPage.request.post(`/api/invites/${code}/accept`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(joined.status()).toBe(200);

  await rowanPage.goto('/friends');
  const suggestions = rowanPage.getByRole('region', { name: 'People You May Know' });
  await expect(suggestions.getByText('1 mutual friend')).toBeVisible();
  await expect(suggestions.getByText(`@${sam.username}`)).toBeVisible();
  await suggestions.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(rowanPage);
  await rowanPage.screenshot({ path: shot('friends-suggestions'), animations: 'disabled' });

  // Search: one character gives a hint; a fragment from inside the username finds Sam.
  await rowanPage.evaluate(() => window.scrollTo(0, 0));
  const box = rowanPage.getByLabel('Name, username, email or phone');
  await box.fill('s');
  await expect(rowanPage.getByText('Type at least 2 characters to search.')).toBeVisible();
  await box.fill(sam.username.slice(2));
  const results = rowanPage.getByTestId('search-results');
  await expect(results.getByText(`@${sam.username}`)).toBeVisible();
  await expectNoHorizontalScroll(rowanPage);
  await rowanPage.screenshot({ path: shot('friends-search'), animations: 'disabled' });
  await results.getByRole('button', { name: 'Add Friend' }).click();
  await expect(rowanPage.getByRole('status').filter({ hasText: 'Friend request sent!' })).toBeVisible();
  await expect(results.getByText('Pending')).toBeVisible();
});
