import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, fillSignUp, newPerson, signUp } from './support';

const SCREENSHOTS = 'test-results/screenshots';
/** The phone size the challenge link is designed for (iPhone 12–15). */
const PHONE = { width: 390, height: 844 };

async function phoneContext(browser: Browser, info: TestInfo) {
  return browser.newContext({
    ...info.project.use,
    viewport: PHONE,
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}

test('an open challenge sent as a link: a signed-out visitor signs up, accepts, and both see the active bet', async ({
  browser,
}, info) => {
  // Two sign-ups through the dialog, three browsers and screenshots: more than two minutes on a busy machine.
  test.setTimeout(300_000);
  const shot = (name: string) => `${SCREENSHOTS}/${name}-${info.project.name}-390.png`;
  const alice = newPerson('Alice');
  const bob = newPerson('Bob');
  const title = `Snow on Friday ${Date.now()}`;

  // Alice makes the challenge with "Send as a link" instead of picking a friend.
  const alicePage = await (await phoneContext(browser, info)).newPage();
  await signUp(alicePage, alice);
  await alicePage.getByRole('button', { name: 'Create New Bet' }).first().click();
  const flow = alicePage.getByRole('dialog', { name: 'Create New Bet' });
  // The flow's code may still be loading just after sign-up: axe waits for the dialog and its fade-in, not
  // for two frames alone (it once met the dialog mounting mid-check, half faded in).
  await expect(flow).toBeVisible();
  await expectAccessible(alicePage, 'the create flow with Send as a link');
  await flow.getByRole('button', { name: /Send as a link/ }).click();
  await expect(flow.getByText('Challenging whoever accepts your link first')).toBeVisible();
  await flow.getByLabel('Amount').fill('25');
  await flow.getByLabel("What's this bet about?").fill(title);
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByLabel('Option 1').fill('Snow');
  await flow.getByLabel('Option 2').fill('No snow');
  await flow.getByRole('radio', { name: 'Snow', exact: true }).check();
  await flow.getByRole('button', { name: 'Review Bet' }).click();
  await expect(flow.getByText('Opponent: whoever accepts your link first')).toBeVisible();
  await flow.getByRole('button', { name: 'Hold to Create Link' }).hover();
  await alicePage.mouse.down();
  await expect(flow.getByText('Challenge Link Ready!')).toBeVisible({ timeout: 10_000 });
  await alicePage.mouse.up();

  // The share step: QR code, the link, and Share (copies it where there is no share sheet).
  await expect(flow.getByRole('img', { name: 'QR code of your challenge link' })).toBeVisible();
  const link = (await flow.getByTestId('challenge-link').textContent()) ?? '';
  expect(link).toMatch(/\/c\/[A-Za-z0-9_-]{22}$/);
  await expectNoHorizontalScroll(alicePage);
  await alicePage.screenshot({ path: shot('challenge-share'), animations: 'disabled' });
  await flow.getByRole('button', { name: 'Share' }).click();
  // Said in the dialog as well as by the toast (which the open dialog hides from assistive technology).
  await expect(flow.getByRole('status').filter({ hasText: /Link copied|Could not copy/ })).toBeVisible();
  await expectAccessible(alicePage, 'the open challenge share step');
  await flow.getByRole('button', { name: 'Done' }).click();
  await expect(flow).toBeHidden();
  const pendingCard = alicePage.getByRole('article', { name: title });
  await expect(pendingCard.getByText('vs anyone with the link')).toBeVisible();
  await expect(pendingCard.getByText('Waiting for someone to accept your link')).toBeVisible();
  // The stake is in escrow already.
  await alicePage.goto('/history');
  await expect(alicePage.getByTestId('wallet-in-play')).toHaveText('$25.00');

  // Alice opening her own link is told so, with the link to share again.
  await alicePage.goto(link);
  await expect(alicePage.getByRole('heading', { name: 'This is your own challenge' })).toBeVisible();

  // Bob has no account: the link shows the terms and leads through sign-up, back to the same page.
  const bobPage = await (await phoneContext(browser, info)).newPage();
  await bobPage.goto(link);
  // Her profile is friends-only (the default): a link anyone may open names her as strangers see her.
  const aliceName = alice.username;
  await expect(bobPage.getByRole('heading', { name: `${aliceName} challenged you to a bet` })).toBeVisible();
  await expect(bobPage.getByRole('heading', { name: title })).toBeVisible();
  await expect(bobPage.getByText(`${aliceName}’s pick`)).toBeVisible();
  await expect(bobPage.getByText('$25.00', { exact: true })).toBeVisible();
  await expectNoHorizontalScroll(bobPage);
  await expectAccessible(bobPage, 'the open challenge page, signed out');
  await bobPage.screenshot({ path: shot('challenge-signed-out'), animations: 'disabled', fullPage: true });
  await bobPage.getByRole('button', { name: 'Sign Up to Accept' }).click();
  await fillSignUp(bobPage, bob);

  // Signed up, he is back on the challenge; the only other outcome is already his pick.
  await expect(bobPage).toHaveURL(/\/c\/[A-Za-z0-9_-]{22}$/, { timeout: 30_000 });
  const accept = bobPage.getByRole('button', { name: 'Accept for $25.00' });
  await expect(accept).toBeVisible({ timeout: 30_000 });
  await expect(bobPage.getByRole('radio', { name: 'No snow' })).toBeChecked();
  await expectNoHorizontalScroll(bobPage);
  await expectAccessible(bobPage, 'the open challenge page, signed in');
  await bobPage.screenshot({ path: shot('challenge-accept'), animations: 'disabled', fullPage: true });
  await accept.click();
  await expect(bobPage.getByRole('status').filter({ hasText: 'Challenge Accepted!' })).toBeVisible();
  await expect(bobPage).toHaveURL(/\/$/);
  const bobCard = bobPage.getByRole('article', { name: title });
  await expect(bobCard.getByText(`from ${alice.username}`)).toBeVisible();
  await expect(bobCard.getByRole('button', { name: 'Submit Outcome' })).toBeVisible();

  // Alice sees the same bet, active, against Bob.
  await alicePage.goto('/');
  const aliceCard = alicePage.getByRole('article', { name: title });
  await expect(aliceCard.getByText(`vs ${bob.username}`)).toBeVisible();
  await expect(aliceCard.getByRole('button', { name: 'Submit Outcome' })).toBeVisible();

  // Anyone else opening the used link is told it is taken.
  const latePage = await (await phoneContext(browser, info)).newPage();
  await latePage.goto(link);
  await expect(latePage.getByRole('heading', { name: 'This challenge was already taken' })).toBeVisible();
  await expectAccessible(latePage, 'a taken open challenge');
  await latePage.screenshot({ path: shot('challenge-taken'), animations: 'disabled' });

  // An unknown code gets a page that says so, not an error.
  await latePage.goto('/c/AAAAAAAAAAAAAAAAAAAAAA');
  await expect(latePage.getByRole('heading', { name: 'This challenge link doesn’t work' })).toBeVisible();
});
