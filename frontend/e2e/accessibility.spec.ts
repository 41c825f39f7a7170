import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  animationsSettled,
  expectAccessible,
  expectTapTargets,
  fillSignUp,
  grantAdmin,
  newPerson,
  signUp,
  signUpThroughDialog,
} from './support';

const ACCOUNT_TABS = ['Profile', 'Analytics', 'Activity', 'Settings'];
const ADMIN_TABS = ['Users', 'Balance', 'Moderation', 'Disputes', 'Resolved', 'Audit Log'];

/** Opens each tab in turn and runs `check` on it once it is selected. */
async function eachTab(page: Page, tabs: string[], check: (tab: string) => Promise<void>): Promise<void> {
  for (const tab of tabs) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await check(tab);
  }
}

/**
 * Every screen a new user walks through, checked with axe-core at each stop on both projects (phone and
 * desktop). Screens that need a second person or an admin are checked inside their own journeys (bets,
 * admin, notifications).
 */
test('a new user’s screens and dialogs have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expectAccessible(page, 'the landing page');

  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page, 'the sign-up dialog');
  await page.getByRole('dialog').getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('dialog').getByText('First name is required')).toBeVisible();
  await expectAccessible(page, 'the sign-up dialog with its errors');
  await page.keyboard.press('Escape');

  const person = newPerson('Ada');
  await signUp(page, person);
  await expectAccessible(page, 'the dashboard of a new user');

  await page.getByRole('button', { name: 'Create New Bet' }).first().click();
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await expect(flow).toBeVisible();
  await expectAccessible(page, 'the create flow, first step');
  await page.keyboard.press('Escape');

  await page.goto('/friends');
  await expect(page.getByRole('heading', { name: 'Friends & Network' })).toBeVisible();
  await expectAccessible(page, 'the friends page');

  await page.goto('/history');
  await expect(page.getByTestId('wallet-available')).toHaveText('$1,000.00');
  await expectAccessible(page, 'the wallet');

  await page.goto('/bets');
  await expectAccessible(page, 'the bet history');

  await page.goto('/account');
  await eachTab(page, ACCOUNT_TABS, (tab) => expectAccessible(page, `the account's ${tab} tab`));
  await page.getByRole('tab', { name: 'Profile' }).click();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByText('Email cannot be changed')).toBeVisible();
  await expectAccessible(page, 'the profile in edit mode');
  await page.getByRole('button', { name: 'Cancel' }).click();

  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await expect(page.getByRole('dialog', { name: 'Notifications' })).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();
  await expectAccessible(page, 'the notification list');
});

test('every admin tab has no serious accessibility violations', async ({ page }) => {
  const admin = newPerson('Ines');
  await signUp(page, admin);
  grantAdmin(admin.username);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expectAccessible(page, 'the admin panel');
  await eachTab(page, ADMIN_TABS, (tab) => expectAccessible(page, `the admin's ${tab} tab`));
});

/**
 * Tap targets at 390 px (phone; the desktop project checks its own layout at 1280 px): every button, link,
 * tab, switch and checkbox on the main screens is at least 44x44 px.
 */
test('every tap target on the main screens is at least 44x44 px', async ({ page }, info) => {
  if (info.project.name === 'phone') await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await expectTapTargets(page, 'the landing page');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectTapTargets(page, 'the sign-up dialog');
  await page.keyboard.press('Escape');

  const person = newPerson('Tess');
  await signUpThroughDialog(page, person);
  // The welcome toast and its close button.
  await expect(page.getByRole('status').filter({ hasText: 'Account Created' })).toBeVisible();
  await expectTapTargets(page, 'the dashboard with a toast');
  grantAdmin(person.username);
  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();
  await expectTapTargets(page, 'the dashboard');

  await page.getByRole('button', { name: 'Create New Bet' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Create New Bet' })).toBeVisible();
  await expectTapTargets(page, 'the create flow, first step');
  await page.keyboard.press('Escape');

  for (const [path, heading] of [
    ['/friends', 'Friends & Network'],
    ['/history', 'Wallet'],
    ['/bets', 'Bet History'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectTapTargets(page, path);
  }

  await page.goto('/account');
  await eachTab(page, ACCOUNT_TABS, (tab) => expectTapTargets(page, `the account's ${tab} tab`));
  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await expect(page.getByRole('button', { name: 'Close notifications' })).toBeVisible();
  await expectTapTargets(page, 'the notification list');
  await page.keyboard.press('Escape');

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await eachTab(page, ADMIN_TABS, (tab) => expectTapTargets(page, `the admin's ${tab} tab`));
});

/** Fails when the two boxes overlap (by more than a hair: borders may touch). */
async function expectApart(page: Page, toast: Locator, other: Locator, what: string): Promise<void> {
  await animationsSettled(page);
  const [a, b] = [await toast.boundingBox(), await other.boundingBox()];
  expect(a && b, `${what}: both on screen`).toBeTruthy();
  if (!a || !b) return;
  const overlapX = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const overlapY = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  expect(overlapX <= 1 || overlapY <= 1, `the toast covers ${what}`).toBe(true);
}

/**
 * Toasts: on phones at the bottom above the bottom bar, on desktops at the top right, and never
 * over the top bar or an open dialog's title and tabs. The desktop check runs at 960 px, where a centred
 * dialog reaches under the top right corner.
 */
test('a toast covers neither the top bar nor an open dialog’s title', async ({ page, browser }, info) => {
  const phone = info.project.name === 'phone';
  if (phone) await page.setViewportSize({ width: 390, height: 844 });
  else await page.setViewportSize({ width: 960, height: 800 });
  const person = newPerson('Toby');
  await signUpThroughDialog(page, person);
  const welcome = page.getByRole('status').filter({ hasText: 'Account Created' });
  await expect(welcome).toBeVisible();
  await expectApart(page, welcome, page.getByRole('banner'), 'the top bar');
  const toastBox = await welcome.boundingBox();
  const viewport = page.viewportSize();
  if (phone) {
    const bar = await page.getByRole('navigation', { name: 'Main' }).boundingBox();
    expect(toastBox!.y + toastBox!.height).toBeLessThanOrEqual(bar!.y);
  } else {
    expect(toastBox!.y).toBeLessThan(viewport!.height / 2);
    expect(toastBox!.x).toBeGreaterThan(viewport!.width / 2);
  }

  // The same person signing up again: the dialog stays open under its error toast.
  const context = await browser.newContext({ ...info.project.use, viewport });
  const again = await context.newPage();
  await again.goto('/');
  await again.getByRole('button', { name: 'Get Started' }).click();
  await fillSignUp(again, person);
  const failed = again.getByRole('alert').filter({ hasText: 'Signup Failed' });
  await expect(failed).toBeVisible();
  const dialog = again.getByRole('dialog');
  await expectApart(
    again,
    failed,
    dialog.getByRole('heading', { name: 'Create your account' }),
    'the dialog title',
  );
  await expectApart(again, failed, dialog.getByRole('tablist'), 'the dialog tabs');
  await expectApart(again, failed, dialog.getByRole('button', { name: 'Close' }), 'the dialog close button');
  await context.close();
});
