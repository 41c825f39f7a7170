import { expect, test } from '@playwright/test';
import { generate } from 'otplib';
import { expectNoHorizontalScroll, logIn, newPerson, signUp, signUpThroughDialog } from './support';

test('sign up with inline errors first, stay signed in, log out and back in by username, edit the profile', async ({
  page,
}) => {
  const person = newPerson('Jordan');
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog');
  // Submitting the empty form shows each required-field message inline.
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Invalid email address',
    'Username must be at least 3 characters',
    'Password must be at least 8 characters',
    'Birthday is required',
    'State is required',
  ]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await dialog.getByLabel('Username').fill('no spaces!');
  await dialog.getByLabel('Password', { exact: true }).fill('weakpassword');
  await dialog.getByLabel('Confirm password').fill('different');
  await dialog.getByLabel('Birthday').click();
  await expect(dialog.getByText('Username can only contain letters, numbers, and underscores')).toBeVisible();
  await expect(
    dialog.getByText('Password must contain uppercase, lowercase, number, and special character'),
  ).toBeVisible();
  await expect(dialog.getByText("Passwords don't match")).toBeVisible();
  await page.keyboard.press('Escape');

  await signUpThroughDialog(page, person);
  await expect(page.getByTestId('dashboard-balance')).toHaveText('$1,000.00');
  await expect(page.getByText('Ready to Start Betting?')).toBeVisible();
  await expect(page.getByText('All Caught Up!')).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.reload();
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

  await page.goto('/account');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

  await logIn(page, person.username.toUpperCase(), person.password);
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

  await page.goto('/account');
  await expect(page.getByText('Profile Information')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Phone').fill('+1 503 555 0100');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Profile updated' })).toBeVisible();
  await expect(page.getByText('+1 503 555 0100')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test('enable two-factor sign-in with a real TOTP code, then sign in with a code', async ({ page }) => {
  const person = newPerson('Casey');
  await signUp(page, person);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Enable Two-Factor Authentication' }).click();
  const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]+=*$/);
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await page.getByLabel('6-digit code').fill(await generate({ secret }));
  await page.getByRole('button', { name: 'Confirm and Enable' }).click();
  await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();

  await logIn(page, person.email, person.password);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible();
  // The code that enabled 2FA cannot be replayed, so use the next 30 s step's code (within the server's tolerance).
  const nextStepCode = await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
  await dialog.getByLabel('Authentication code').fill(nextStepCode);
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();
});
