import { expect, test, type Browser, type Page } from '@playwright/test';
import { chooseOption, expectAccessible, newPerson, type Person, signUp } from './support';

async function personInNewContext(browser: Browser, project: { use: Record<string, unknown> }, name: string) {
  const context = await browser.newContext(project.use);
  const page = await context.newPage();
  const person = newPerson(name);
  await signUp(page, person);
  return { page, person, context };
}

async function createBet(page: Page, opponent: Person, title: string) {
  await page.getByRole('button', { name: 'Create New Bet' }).first().click();
  const flow = page.getByRole('dialog', { name: 'Create New Bet' });
  await flow.getByLabel('Search by name or username').fill(opponent.username);
  await flow.getByRole('button', { name: new RegExp(opponent.username) }).click();
  await flow.getByLabel('Amount').fill('25');
  await flow.getByLabel("What's this bet about?").fill(title);
  await expectAccessible(page, 'the create flow, amount and title');
  await flow.getByRole('button', { name: 'Continue' }).click();
  await flow.getByLabel('Option 1').fill('Yes');
  await flow.getByLabel('Option 2').fill('No');
  await flow.getByRole('radio', { name: 'Yes' }).check();
  await expectAccessible(page, 'the create flow, outcomes and pick');
  await flow.getByRole('button', { name: 'Review Bet' }).click();
  await expectAccessible(page, 'the create flow, review');
  const hold = flow.getByRole('button', { name: 'Hold to Send Challenge' });
  await hold.hover();
  await page.mouse.down();
  await expect(flow.getByText('Bet Created!')).toBeVisible({ timeout: 20_000 });
  await page.mouse.up();
  // Strangers see each other's username only: names are for friends by default.
  await expect(flow.getByText(`Your challenge has been sent to ${opponent.username}.`)).toBeVisible();
  await expect(flow).toBeHidden({ timeout: 20_000 });
}

async function acceptOnDashboard(page: Page, title: string) {
  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  await card.getByRole('button', { name: 'Accept Challenge' }).click();
  const dialog = page.getByRole('dialog', { name: title });
  // Only one option differs from the challenger's pick, so it is already chosen.
  await expect(dialog.getByRole('radio', { name: 'No' })).toBeChecked();
  await expectAccessible(page, 'the acceptance dialog');
  await dialog.getByRole('button', { name: 'Accept Challenge' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Bet Accepted!' })).toBeVisible();
}

/**
 * Reports `choice`; the dialog must first say what the report means, against what the other player already
 * reported (`consequence`).
 */
async function report(page: Page, title: string, choice: 'WIN' | 'LOSE', consequence: RegExp) {
  await page.goto('/');
  await page.getByRole('article', { name: title }).getByRole('button', { name: 'Submit Outcome' }).click();
  await page
    .getByRole('dialog', { name: 'Submit Outcome' })
    .getByRole('button', { name: choice, exact: true })
    .click();
  // The dialog says what the report means in money before anything is sent.
  const dialog = page.getByRole('dialog', { name: 'Submit Outcome' });
  await expect(dialog.getByText(consequence)).toBeVisible();
  await expectAccessible(page, 'the Submit Outcome dialog');
  await dialog.getByRole('button', { name: 'Send my report' }).click();
}

test('two people play a bet to the end; both wallets show the money and the receipts', async ({
  browser,
}, info) => {
  const alice = await personInNewContext(browser, info.project, 'Alice');
  const bob = await personInNewContext(browser, info.project, 'Bob');
  const title = `Rain tomorrow ${Date.now()}`;

  await createBet(alice.page, bob.person, title);
  await expect(
    alice.page.getByRole('article', { name: title }).getByText('Waiting for opponent'),
  ).toBeVisible();
  await acceptOnDashboard(bob.page, title);

  // The second dialog variant, opened by the openBetResult window event with the bet. The dashboard
  // listens once its lazy page has mounted, which the rendered bet card shows.
  await alice.page.goto('/');
  await expect(alice.page.getByRole('article', { name: title })).toBeVisible();
  await expectAccessible(alice.page, 'the dashboard with an active bet');
  const found = await alice.page.evaluate(async (wanted) => {
    const token = localStorage.getItem('auth_token') ?? '';
    const response = await fetch('/api/bets/active', { headers: { authorization: `Bearer ${token}` } });
    const bet = ((await response.json()) as { title: string }[]).find((item) => item.title === wanted);
    window.dispatchEvent(new CustomEvent('openBetResult', { detail: bet }));
    return bet !== undefined;
  }, title);
  expect(found).toBe(true);
  const resultDialog = alice.page.getByRole('dialog', { name: 'Submit Bet Result' });
  await resultDialog.getByRole('button', { name: 'Submit Result' }).click();
  await expect(resultDialog.getByText('Please select a result')).toBeVisible();
  await expectAccessible(alice.page, 'the Submit Bet Result dialog with its error');
  await chooseOption(alice.page, resultDialog.getByLabel('Result'), { name: 'Yes', exact: true });
  await resultDialog.getByRole('button', { name: 'Submit Result' }).click();
  await expect(alice.page.getByRole('status').filter({ hasText: 'Result Submitted!' })).toBeVisible();
  await report(alice.page, title, 'WIN', /You won \$25\.00/);
  await expect(
    alice.page.getByRole('status').filter({ hasText: 'Your outcome has been recorded.' }),
  ).toBeVisible();
  await report(bob.page, title, 'LOSE', /reported the same: the bet settles now and .* receives \$50\.00/);
  await expect(
    bob.page
      .getByRole('status')
      .filter({ hasText: 'You lost: your $25.00 stake went to the winner. New balance: $975.00.' }),
  ).toBeVisible();

  await alice.page.goto('/history');
  await expect(alice.page.getByTestId('wallet-available')).toHaveText('$1,025.00');
  await expect(alice.page.getByTestId('wallet-in-play')).toHaveText('$0.00');
  await expect(alice.page.getByTestId('receipts').getByText('Winnings')).toBeVisible();
  await expect(alice.page.getByTestId('receipts').getByText('+50.00')).toBeVisible();

  await alice.page.goto('/account');
  await alice.page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(alice.page.getByText('100.0%')).toBeVisible();
  await expect(alice.page.getByText('Profit/Loss over time')).toBeVisible();
  await alice.page.getByRole('tab', { name: 'Activity' }).click();
  await expect(alice.page.getByText(`You won a bet: “${title}”`)).toBeVisible();

  await bob.page.goto('/history');
  await expect(bob.page.getByTestId('wallet-available')).toHaveText('$975.00');
  await expect(bob.page.getByTestId('receipts').getByText('Stake placed')).toBeVisible();
  await bob.page.getByRole('button', { name: 'Hide balance' }).click();
  await expect(bob.page.getByTestId('wallet-available')).toHaveText('$***.**');
  if (info.project.name === 'phone')
    await bob.page.screenshot({ path: 'test-results/screenshots/wallet-phone.png' });

  await alice.context.close();
  await bob.context.close();
});

test('conflicting reports show the Outcome Conflict view and end in a dispute', async ({ browser }, info) => {
  const alice = await personInNewContext(browser, info.project, 'Avery');
  const bob = await personInNewContext(browser, info.project, 'Blake');
  const title = `Derby winner ${Date.now()}`;
  await createBet(alice.page, bob.person, title);
  await acceptOnDashboard(bob.page, title);

  await report(alice.page, title, 'WIN', /You won \$25\.00/);
  await report(bob.page, title, 'WIN', /reported Yes\. A different report puts the bet in dispute/);
  const conflict = bob.page.getByRole('dialog', { name: 'Outcome Conflict' });
  await expect(conflict).toBeVisible();
  await expectAccessible(bob.page, 'the Outcome Conflict dialog');
  await expect(conflict.getByText('Yes', { exact: true })).toBeVisible();
  await conflict.getByRole('button', { name: "Yes, I'm Sure - Create Dispute" }).click();
  await expect(
    bob.page
      .getByRole('article', { name: title })
      .getByText('Dispute in progress – admin will review this bet'),
  ).toBeVisible();
  await alice.page.goto('/');
  await expect(
    alice.page
      .getByRole('article', { name: title })
      .getByText('Dispute in progress – admin will review this bet'),
  ).toBeVisible();
  if (info.project.name === 'phone')
    await alice.page.screenshot({ path: 'test-results/screenshots/dashboard-phone.png', fullPage: true });

  await alice.context.close();
  await bob.context.close();
});
