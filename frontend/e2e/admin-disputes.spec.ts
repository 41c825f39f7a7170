import { expect, test, type Page } from '@playwright/test';
import { chooseOption, expectAccessible, grantAdmin, newPerson, signUp } from './support';

const session = async (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('auth_token') ?? '',
    id: (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  }));

test('an admin resolves a dispute two people created, then changes the winner with a reason', async ({
  browser,
}, info) => {
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext(info.project.use)));
  const [alicePage, bobPage, bossPage] = await Promise.all(contexts.map((context) => context.newPage()));
  const [alice, bob, boss] = [newPerson('Ellis'), newPerson('Frankie'), newPerson('Gale')];
  await signUp(alicePage, alice);
  await signUp(bobPage, bob);
  await signUp(bossPage, boss);
  const [a, b] = [await session(alicePage), await session(bobPage)];
  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

  // The dispute itself: both claim the win (the UI path to a dispute is covered in bets.spec.ts).
  const title = `Chess final ${Date.now()}`;
  const created = await alicePage.request.post('/api/bets', {
    ...as(a.token),
    data: {
      opponentId: b.id,
      amount: '20.00',
      title,
      outcomes: ['White', 'Black'],
      duration: 168,
      creatorPick: 'White',
    },
  });
  const { id } = (await created.json()) as { id: number };
  await bobPage.request.post(`/api/bets/${id}/accept`, { ...as(b.token), data: { opponentPick: 'Black' } });
  await alicePage.request.post(`/api/bets/${id}/submit-result`, { ...as(a.token), data: { result: a.id } });
  await bobPage.request.post(`/api/bets/${id}/submit-result`, {
    ...as(b.token),
    data: { result: b.id, confirmed: true },
  });

  grantAdmin(boss.username);
  await bossPage.goto('/admin');
  await bossPage.getByRole('tab', { name: 'Disputes' }).click();
  const card = bossPage.getByTestId(`dispute-${id}`);
  await expect(card).toContainText(title);
  await expectAccessible(bossPage, "the admin's Disputes tab with a dispute");
  await card.getByRole('button', { name: `Resolve for ${alice.username}` }).click();
  const decision = bossPage.getByRole('dialog', { name: 'Resolve dispute' });
  await decision.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(decision.getByText('Resolution must be at least 10 characters')).toBeVisible();
  await decision.getByLabel('Resolution').fill(`White mated on move 40 (${title})`);
  bossPage.once('dialog', (dialog) => void dialog.accept());
  await decision.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(bossPage.getByRole('status').filter({ hasText: 'Dispute Resolved' })).toBeVisible();

  await bossPage.getByRole('tab', { name: 'Resolved' }).click();
  const resolved = bossPage.getByTestId(`resolved-${id}`);
  await expect(resolved).toContainText(`Winner: ${alice.username}`);
  await expectAccessible(bossPage, "the admin's Resolved tab with a decision");
  await resolved.getByRole('button', { name: 'Edit Resolution' }).click();
  const dialog = bossPage.getByRole('dialog', { name: 'Edit Resolution' });
  await dialog.getByRole('button', { name: 'Update Resolution' }).click();
  await expect(dialog.getByText('Please select a winner and provide a reason for the change')).toBeVisible();
  await chooseOption(bossPage, dialog.getByLabel('Winner'), { name: new RegExp(bob.username) });
  await dialog.getByLabel('Reason for Change').fill(`Photo evidence shows Black won (${title})`);
  bossPage.once('dialog', (confirm) => void confirm.accept());
  await dialog.getByRole('button', { name: 'Update Resolution' }).click();
  await expect(bossPage.getByRole('status').filter({ hasText: 'Resolution Updated' })).toBeVisible();
  await expect(bossPage.getByTestId(`resolved-${id}`)).toContainText(`Winner: ${bob.username}`);

  await bossPage.getByRole('tab', { name: 'Audit Log' }).click();
  await expect(
    bossPage
      .getByTestId('audit-entry')
      .filter({ visible: true, hasText: `Photo evidence shows Black won (${title})` }),
  ).toContainText('Changed a resolution');

  await bobPage.goto('/history');
  await expect(bobPage.getByTestId('wallet-available')).toHaveText('$1,020.00');
  await alicePage.goto('/history');
  await expect(alicePage.getByTestId('wallet-available')).toHaveText('$980.00');
  await expect(alicePage.getByTestId('receipts').getByText('Payout reversed')).toBeVisible();
  await Promise.all(contexts.map((context) => context.close()));
});
