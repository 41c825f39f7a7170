import { expect, test } from '@playwright/test';
import { fillSignUp, expectAccessible, expectNoHorizontalScroll, newPerson, watchRequests } from './support';

// The phone width the product is tried at.
test.use({ viewport: { width: 390, height: 844 } });

test('forms answer where a person types, in the words the server would use, from sign-up to a challenge link', async ({
  page,
}) => {
  const person = newPerson('Zoe');
  const requests = watchRequests(page);

  // Sign-up: an address without a domain is answered on the field, and nothing is sent.
  await page.goto('/');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await fillSignUp(page, { ...person, email: 'zoe@nope' });
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Invalid email address')).toBeVisible();
  await requests.quiet();
  expect(requests.paths).not.toContain('/api/auth/signup');
  await dialog.getByLabel('Email').fill(person.email);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

  // A brand-new person is led to someone to bet with, not to a second Create New Bet.
  const empty = page.getByRole('region', { name: 'Active Bets' });
  await expect(empty.getByText('Ready to Start Betting?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Create New Bet' })).toHaveCount(1);
  await expect(empty.getByRole('link', { name: 'Invite a friend' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the first-run dashboard');
  await page.screenshot({ path: 'test-results/screenshots/dashboard-first-run-390.png' });

  // Invite a friend lands on the invite link, first on the friends page.
  await empty.getByRole('link', { name: 'Invite a friend' }).click();
  await expect(page).toHaveURL(/\/friends#invite$/);
  await expect(page.getByText('Invite Friends')).toBeInViewport();
  await expect(page.getByText('Anyone who opens your link becomes your friend.')).toBeVisible();
  await expectAccessible(page, 'the friends page opened at the invite link');
  await page.screenshot({ path: 'test-results/screenshots/friends-invite-first-390.png' });
  await page.goBack();

  await empty.getByRole('button', { name: 'Send a challenge link' }).click();
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await expect(flow.getByRole('heading', { name: 'Set Amount' })).toBeVisible();
  await expect(flow.getByText('whoever accepts your link first')).toBeVisible();

  // The amount: three decimals are refused here, not after the hold.
  const amount = flow.getByLabel('Amount');
  await amount.fill('10.555');
  await flow.getByLabel("What's this bet about?").fill('Will it snow on Friday?');
  await expect(flow.getByText('Amount must be a number with at most 2 decimal places')).toBeVisible();
  await expect(flow.getByRole('button', { name: 'Continue' })).toBeDisabled();
  await expectAccessible(page, 'the amount step with an answer');
  await page.screenshot({ path: 'test-results/screenshots/create-amount-decimals-390.png' });
  await amount.fill('10.55');
  await expect(flow.getByText('Amount must be a number with at most 2 decimal places')).toBeHidden();
  await flow.getByRole('button', { name: 'Continue' }).click();

  // The options: two that differ only in letter case are refused on the option, and pick as one.
  await flow.getByLabel('Option 1').fill('Yes');
  await flow.getByLabel('Option 2').fill('yes');
  await expect(flow.getByText('Outcome options must all be different')).toBeVisible();
  await expect(flow.getByRole('radio')).toHaveCount(1);
  await expect(flow.getByRole('button', { name: 'Review Bet' })).toBeDisabled();
  await expectAccessible(page, 'the details step with an answer');
  await page.screenshot({ path: 'test-results/screenshots/create-same-options-390.png' });
  await flow.getByLabel('Option 2').fill('No');
  await expect(flow.getByText('Outcome options must all be different')).toBeHidden();
  await flow.getByRole('radio', { name: 'Yes' }).check();
  await expect(flow.getByRole('radio', { name: 'No' })).not.toBeChecked();
  await flow.getByRole('button', { name: 'Review Bet' }).click();

  await expect(flow.getByText('$10.55')).toBeVisible();
  const hold = flow.getByRole('button', { name: 'Hold to Create Link' });
  await hold.hover();
  await page.mouse.down();
  await expect(flow.getByRole('heading', { name: 'Challenge Link Ready!' })).toBeVisible({ timeout: 20_000 });
  await page.mouse.up();
});
