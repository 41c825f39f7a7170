import { expect, test, type Browser, type TestInfo } from '@playwright/test';
import { chooseOption, grantAdmin, newPerson, signUp } from './support';

async function signedUp(browser: Browser, info: TestInfo, name: string) {
  const context = await browser.newContext(info.project.use);
  const page = await context.newPage();
  const person = newPerson(name);
  await signUp(page, person);
  return { context, page, person };
}

test('a non-admin cannot reach /admin; an admin adjusts a balance, bans and unbans, and sees it all in the audit log', async ({
  browser,
}, info) => {
  const user = await signedUp(browser, info, 'Morgan');
  await user.page.goto('/admin');
  await expect(user.page.getByRole('alert').filter({ hasText: 'Admins only' })).toBeVisible();
  await expect(user.page).toHaveURL(/\/$/);

  const boss = await signedUp(browser, info, 'Harper');
  // The first administrator is made with the CLI, against the same database the app uses.
  grantAdmin(boss.person.username);
  await boss.page.reload();
  await boss.page.goto('/admin');
  await expect(boss.page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  await boss.page.getByRole('tab', { name: 'Balance' }).click();
  await boss.page.getByLabel('User ID or Username').fill(user.person.username);
  await boss.page.getByLabel('Amount').fill('12.34');
  await boss.page.getByLabel('Reason').fill(`Welcome gift for ${user.person.username}`);
  await boss.page.getByRole('button', { name: 'Apply Adjustment' }).click();
  await expect(boss.page.getByRole('status').filter({ hasText: 'Balance Adjusted' })).toBeVisible();

  await boss.page.getByRole('tab', { name: 'Moderation' }).click();
  const reasons = {
    Ban: `Suspicious activity by ${user.person.username}`,
    Unban: `Appeal granted to ${user.person.username}`,
  };
  for (const action of ['Ban', 'Unban']) {
    await boss.page.getByLabel('User ID').fill(user.person.username);
    await chooseOption(boss.page, boss.page.getByRole('combobox', { name: 'Action' }), {
      name: action,
      exact: true,
    });
    await boss.page.getByLabel('Reason').fill(reasons[action as 'Ban' | 'Unban']);
    await boss.page.getByRole('button', { name: 'Apply Action' }).click();
    const toast = boss.page.getByRole('status').filter({ hasText: 'Moderation Action Applied' });
    await expect(toast).toBeVisible();
    // Dismissed so it cannot lie over the next action's menu (a hovered toast never hides by itself).
    await toast.getByRole('button').click();
    await expect(toast).toBeHidden();
  }

  await boss.page.getByRole('tab', { name: 'Audit Log' }).click();
  // Rows of the table from 600 px up, cards on a phone: whichever shows.
  const rowFor = (reason: string) =>
    boss.page.getByTestId('audit-entry').filter({ visible: true, hasText: reason });
  await expect(rowFor(`Welcome gift for ${user.person.username}`)).toContainText('Deposit');
  await expect(rowFor(reasons.Ban)).toContainText('Banned');
  await expect(rowFor(reasons.Unban)).toContainText('Lifted a ban');

  // The ban revoked the user's session; after unban they sign in again and see the deposit.
  await user.page.goto('/history');
  await expect(user.page.getByRole('button', { name: 'Get Started' })).toBeVisible();

  await user.context.close();
  await boss.context.close();
});
