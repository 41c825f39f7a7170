import { expect, test } from '@playwright/test';
import { expectAccessible, grantAdmin, newPerson, signUp } from './support';

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
  for (const tab of ['Profile', 'Analytics', 'Activity', 'Settings']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, `the account's ${tab} tab`);
  }

  await page
    .getByRole('button', { name: /notifications/i })
    .first()
    .click();
  await expectAccessible(page, 'the notification list');
});

test('every admin tab has no serious accessibility violations', async ({ page }) => {
  const admin = newPerson('Ines');
  await signUp(page, admin);
  grantAdmin(admin.username);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expectAccessible(page, 'the admin panel');
  for (const tab of ['Users', 'Balance', 'Moderation', 'Disputes', 'Resolved', 'Audit Log']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expectAccessible(page, `the admin's ${tab} tab`);
  }
});
