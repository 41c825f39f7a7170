import { expect, test } from '@playwright/test';
import { expectAccessible, newPerson, signUp } from './support';

test('two people find each other, become friends, and Challenge to Bet opens creation with the friend chosen', async ({
  browser,
}, info) => {
  const aliceContext = await browser.newContext(info.project.use);
  const bobContext = await browser.newContext(info.project.use);
  const alicePage = await aliceContext.newPage();
  const bobPage = await bobContext.newPage();
  const alice = newPerson('Quinn');
  const bob = newPerson('Rowan');
  await signUp(alicePage, alice);
  await signUp(bobPage, bob);

  await alicePage.goto('/friends');
  await alicePage.getByLabel('Name, username, email or phone').fill(bob.username);
  await alicePage.getByRole('button', { name: 'Add Friend' }).click();
  await expect(alicePage.getByRole('status').filter({ hasText: 'Friend request sent!' })).toBeVisible();
  await expect(alicePage.getByText('Pending')).toBeVisible();

  await bobPage.goto('/friends');
  await expect(bobPage.getByText('Friend Requests')).toBeVisible();
  await bobPage.getByRole('button', { name: 'Accept' }).click();
  await expect(bobPage.getByRole('status').filter({ hasText: 'Friend request accepted!' })).toBeVisible();
  await expect(bobPage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();

  await alicePage.reload();
  await expect(alicePage.getByRole('heading', { name: 'Your Friends (1)' })).toBeVisible();
  // No bet together yet: Challenge to Bet, and no "Rematch" of a bet that never happened.
  await expect(alicePage.getByText('No bets together yet')).toBeVisible();
  await expect(alicePage.getByRole('button', { name: /^Rematch/ })).toHaveCount(0);
  // The create flow's first step lists the friend to pick: list items holding buttons (axe "list").
  await alicePage.goto('/');
  await alicePage.getByRole('button', { name: 'Create New Bet' }).first().click();
  const people = alicePage.getByRole('list', { name: 'People to challenge' });
  await expect(people.getByRole('button', { name: new RegExp(bob.username) })).toBeVisible();
  await expectAccessible(alicePage, 'create step 1 with a friend listed');
  await alicePage.getByRole('button', { name: 'Close' }).click();
  await alicePage.goto('/friends');
  await alicePage.getByRole('button', { name: 'Challenge to Bet' }).click();
  const flow = alicePage.getByRole('dialog', { name: 'Create New Bet' });
  // Friends see each other's names.
  await expect(flow.getByText(/^Challenging/)).toContainText(`${bob.firstName} ${bob.lastName}`);
  expect(new URL(alicePage.url()).search).toBe('');

  await alicePage.keyboard.press('Escape');

  // A finished bet between them (played over the API with their own tokens) shows on the head-to-head line.
  const tokenOf = (page: typeof alicePage) => page.evaluate(() => localStorage.getItem('auth_token') ?? '');
  const [aliceToken, bobToken] = [await tokenOf(alicePage), await tokenOf(bobPage)];
  const bobId = await bobPage.evaluate(
    () => (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  );
  const aliceId = await alicePage.evaluate(
    () => (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  );
  const as = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
  const bet = await alicePage.request.post('/api/bets', {
    ...as(aliceToken),
    data: {
      opponentId: bobId,
      amount: '12.50',
      title: 'Head to head',
      outcomes: ['A', 'B'],
      duration: 168,
      creatorPick: 'A',
    },
  });
  const { id } = (await bet.json()) as { id: number };
  expect(
    (
      await bobPage.request.post(`/api/bets/${id}/accept`, { ...as(bobToken), data: { opponentPick: 'B' } })
    ).ok(),
  ).toBe(true);
  for (const [page, token] of [
    [alicePage, aliceToken],
    [bobPage, bobToken],
  ] as const) {
    expect(
      (
        await page.request.post(`/api/bets/${id}/submit-result`, { ...as(token), data: { result: aliceId } })
      ).ok(),
    ).toBe(true);
  }
  await alicePage.goto('/friends');
  const record = alicePage.getByTestId(`head-to-head-${bobId}`);
  await expect(record).toContainText('You 1–0');
  await expect(record).toContainText('+12.50');
  await expect(record).toContainText('Biggest win $12.50');
  await alicePage.getByRole('button', { name: `Rematch ${bob.firstName} ${bob.lastName}` }).click();
  const rematch = alicePage.getByRole('dialog', { name: 'Create New Bet' });
  await expect(rematch.getByText(/^Challenging/)).toContainText(bob.firstName);
  // A rematch starts from the last bet's terms; the prediction is asked again.
  await expect(rematch.getByLabel('Amount')).toHaveValue('12.50');
  await expect(rematch.getByLabel("What's this bet about?")).toHaveValue('Head to head');
  await rematch.getByRole('button', { name: 'Continue' }).click();
  await expect(rematch.getByLabel('Option 1')).toHaveValue('A');
  await expect(rematch.getByLabel('Option 2')).toHaveValue('B');
  await expect(rematch.getByRole('radio', { checked: true })).toHaveCount(0);

  await aliceContext.close();
  await bobContext.close();
});
