import { expect, test, type Page } from '@playwright/test';
import { newPerson, signUp, tabTo } from './support';

/** The focused element shows a solid ring (the theme's :focus-visible outline), not only MUI's ripple. */
async function expectFocusRing(page: Page): Promise<void> {
  const outline = await page.evaluate(() => {
    const focused = document.activeElement;
    return focused ? getComputedStyle(focused).outlineStyle : 'none';
  });
  expect(outline).toBe('solid');
}

test('sign up and send a challenge with the keyboard alone, holding Space to confirm', async ({
  page,
  browser,
}, info) => {
  const friendContext = await browser.newContext(info.project.use);
  const friend = newPerson('Kim');
  await signUp(await friendContext.newPage(), friend);

  const person = newPerson('Lee');
  await page.goto('/');
  const getStarted = page.getByRole('button', { name: 'Get Started' });
  await tabTo(page, getStarted);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await tabTo(page, dialog.getByLabel('First name'));
  await page.keyboard.type(person.firstName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.lastName);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(person.username);
  await tabTo(page, dialog.getByLabel('Password', { exact: true }));
  await page.keyboard.type(person.password);
  await tabTo(page, dialog.getByLabel('Confirm password'));
  await page.keyboard.type(person.password);
  await tabTo(page, dialog.getByLabel('Birthday'));
  await page.keyboard.type('03041992');
  await tabTo(page, dialog.getByLabel('State'));
  await page.keyboard.press('Enter');
  // Typing a whole name relies on the menu's 500 ms type-ahead window, which a loaded machine can miss
  // between two keys; pressing the first letter until the option is reached does not depend on timing.
  const oregon = page.getByRole('option', { name: 'Oregon', exact: true });
  await expect(oregon).toBeVisible();
  for (let presses = 0; presses < 10; presses += 1) {
    if (await oregon.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('o');
  }
  await page.keyboard.press('Enter');
  await expect(dialog.getByLabel('State')).toHaveText('Oregon');
  await tabTo(page, dialog.getByRole('button', { name: 'Create Account' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Welcome, ${person.firstName}!` })).toBeVisible();

  await tabTo(page, page.getByRole('button', { name: 'Create New Bet' }).first());
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await tabTo(page, flow.getByLabel('Search by name or username'));
  await page.keyboard.type(friend.username);
  const pick = flow.getByRole('button', { name: new RegExp(friend.username) });
  await expect(pick).toBeVisible();
  await tabTo(page, pick);
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByLabel('Amount'));
  await page.keyboard.type('10');
  await tabTo(page, flow.getByLabel("What's this bet about?"));
  const title = `Snow by Friday ${Date.now()}`;
  await page.keyboard.type(title);
  await tabTo(page, flow.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByLabel('Option 1'));
  await page.keyboard.type('Yes');
  await page.keyboard.press('Tab');
  await page.keyboard.type('No');
  await tabTo(page, flow.getByRole('radio', { name: 'Yes' }));
  await page.keyboard.press('Space');
  await expect(flow.getByRole('radio', { name: 'Yes' })).toBeChecked();
  await tabTo(page, flow.getByRole('button', { name: 'Review Bet' }));
  await page.keyboard.press('Enter');
  await tabTo(page, flow.getByRole('button', { name: 'Hold to Send Challenge' }));
  await expectFocusRing(page);
  // Hold-to-confirm by keyboard: Space held down until the bet is sent.
  await page.keyboard.down('Space');
  await expect(flow.getByText('Bet Created!')).toBeVisible({ timeout: 20_000 });
  await page.keyboard.up('Space');
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await friendContext.close();
});

/** The signed-in person's id and token, as the app keeps them. */
async function sessionOf(page: Page): Promise<{ id: string; token: string }> {
  return page.evaluate(() => ({
    id: (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
    token: localStorage.getItem('auth_token') ?? '',
  }));
}

/** Reports on the dashboard with the keyboard alone that `happened` is the outcome (a three-option bet). */
async function reportByKeyboard(page: Page, title: string, happened: string): Promise<void> {
  await page.goto('/');
  const submit = page.getByRole('article', { name: title }).getByRole('button', { name: 'Submit Outcome' });
  await expect(submit).toBeVisible();
  await tabTo(page, submit);
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Submit Outcome' });
  await expect(dialog).toBeVisible();
  const outcome = dialog.getByRole('radio', { name: happened, exact: true });
  // Tab reaches a radio group at its first option; the arrow keys move inside it, Space checks.
  await tabTo(page, dialog.getByRole('radio').first());
  for (
    let presses = 0;
    presses < 5 && !(await outcome.evaluate((e) => e === document.activeElement));
    presses++
  )
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect(outcome).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await tabTo(page, dialog.getByRole('button', { name: 'Send my report' }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
}

test('accept a challenge and report the result with the keyboard alone, both sides', async ({
  page,
  browser,
}, info) => {
  const challengerContext = await browser.newContext(info.project.use);
  const challengerPage = await challengerContext.newPage();
  const challenger = newPerson('Mia');
  await signUp(challengerPage, challenger);
  const person = newPerson('Noa');
  await signUp(page, person);

  // The challenge itself is sent over the API (creating one by keyboard is the journey above).
  const [from, to] = [await sessionOf(challengerPage), await sessionOf(page)];
  const title = `Who wins the derby ${Date.now()}`;
  const created = await challengerPage.request.post('/api/bets', {
    headers: { authorization: `Bearer ${from.token}` },
    data: {
      opponentId: to.id,
      amount: '15',
      title,
      outcomes: ['Reds', 'Blues', 'Draw'],
      duration: 168,
      creatorPick: 'Reds',
    },
  });
  expect(created.ok()).toBe(true);

  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  await tabTo(page, card.getByRole('button', { name: 'Accept Challenge' }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  // The challenger's pick is disabled, so Tab enters the group at Blues; Space chooses it.
  const blues = dialog.getByRole('radio', { name: 'Blues' });
  await tabTo(page, blues);
  await page.keyboard.press('Space');
  await expect(blues).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Accept Challenge' }));
  await expectFocusRing(page);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Bet Accepted!' })).toBeVisible();
  await expect(dialog).toBeHidden();

  // Both report that the Reds won: the reports match, so the challenger is paid.
  await reportByKeyboard(page, title, 'Reds');
  await expect(page.getByRole('status').filter({ hasText: 'Outcome Submitted' })).toBeVisible();
  await reportByKeyboard(challengerPage, title, 'Reds');
  await expect(challengerPage.getByRole('status').filter({ hasText: 'Outcome Submitted' })).toBeVisible();
  await challengerPage.goto('/history');
  await expect(challengerPage.getByTestId('wallet-available')).toHaveText('$1,015.00');
  await challengerContext.close();
});
