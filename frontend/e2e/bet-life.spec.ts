import { expect, test, type Browser, type Page } from '@playwright/test';
import { grantAdmin, newPerson, signUp, type Person } from './support';

const SCREENSHOTS = 'test-results/screenshots';

interface Player {
  page: Page;
  person: Person;
  token: string;
  id: string;
  close: () => Promise<void>;
}

async function player(
  browser: Browser,
  project: { use: Record<string, unknown> },
  name: string,
): Promise<Player> {
  const context = await browser.newContext(project.use);
  const page = await context.newPage();
  const person = newPerson(name);
  await signUp(page, person);
  const { token, id } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token') ?? '',
    id: (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  }));
  return { page, person, token, id, close: () => context.close() };
}

const as = (who: Player) => ({ headers: { authorization: `Bearer ${who.token}` } });

/** a challenges b through the API (the create flow has its own journeys) and b accepts. */
async function activeBet(a: Player, b: Player, title: string, amount = '40.00'): Promise<number> {
  const created = await a.page.request.post('/api/bets', {
    ...as(a),
    data: {
      opponentId: b.id,
      amount,
      title,
      outcomes: ['Heads', 'Tails'],
      duration: 168,
      creatorPick: 'Heads',
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const accepted = await b.page.request.post(`/api/bets/${id}/accept`, {
    ...as(b),
    data: { opponentPick: 'Tails' },
  });
  expect(accepted.status()).toBe(200);
  return id;
}

/** Reports through the bet's page: Submit Outcome, the choice, the money it means, then send. */
async function reportOnPage(who: Player, betId: number, choice: 'WIN' | 'LOSE', consequence: RegExp) {
  await who.page.goto(`/bets/${betId}`);
  await who.page.getByRole('button', { name: 'Submit Outcome' }).click();
  const dialog = who.page.getByRole('dialog', { name: 'Submit Outcome' });
  await expect(dialog.getByText(/Your pick: .* pick:/)).toBeVisible();
  await dialog.getByRole('button', { name: choice, exact: true }).click();
  await expect(dialog.getByText(consequence)).toBeVisible();
  await dialog.getByRole('button', { name: 'Send my report' }).click();
}

test('a bet played to a win: both see it in Recent Results and on its page, with the timeline and receipts; a stranger gets the 404 page', async ({
  browser,
}, info) => {
  const alice = await player(browser, info.project, 'Alice');
  const bob = await player(browser, info.project, 'Bob');
  const carol = await player(browser, info.project, 'Carol');
  const title = `Coin toss ${Date.now()}`;
  const betId = await activeBet(alice, bob, title);

  await reportOnPage(alice, betId, 'WIN', /You won \$40\.00: the \$80\.00 pot is paid to you/);
  await expect(
    alice.page.getByRole('status').filter({ hasText: 'Your outcome has been recorded.' }),
  ).toBeVisible();
  // Bob reports second: the dialog says Alice already reported the same, so it settles at once.
  await reportOnPage(
    bob,
    betId,
    'LOSE',
    /reported the same: the bet settles now and .* receives \$80\.00 from the pot\./,
  );
  await expect(
    bob.page
      .getByRole('status')
      .filter({ hasText: 'You lost: your $40.00 stake went to the winner. New balance: $960.00.' }),
  ).toBeVisible();

  // Recent Results on both dashboards, with the badge and the money.
  for (const [who, badge, net] of [
    [alice, 'Won', '+$40.00'],
    [bob, 'Lost', '−$40.00'],
  ] as const) {
    await who.page.goto('/');
    const results = who.page.getByRole('region', { name: 'Recent Results' });
    const card = results.getByRole('article', { name: title });
    await expect(card.getByText(badge, { exact: true })).toBeVisible();
    await expect(card.getByText(net)).toBeVisible();
  }
  if (info.project.name === 'phone') {
    await alice.page
      .getByRole('region', { name: 'Recent Results' })
      .evaluate((section) => section.scrollIntoView({ block: 'center' }));
    await alice.page.screenshot({ path: `${SCREENSHOTS}/dashboard-results-phone.png` });
  }

  // The card opens the bet's page: state in words, both picks, the timeline and the receipts.
  await alice.page.getByRole('region', { name: 'Recent Results' }).getByRole('link', { name: title }).click();
  await expect(alice.page).toHaveURL(new RegExp(`/bets/${betId}$`));
  await expect(alice.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(alice.page.getByText('You won $40.00.')).toBeVisible();
  const timeline = alice.page.getByRole('region', { name: 'Timeline' });
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline.getByText('You reported: ')).toBeVisible();
  await expect(timeline.getByText('Settled: You won the pot')).toBeVisible();
  const money = alice.page.getByRole('region', { name: 'Money' });
  await expect(money.getByText('Stake into escrow')).toBeVisible();
  await expect(money.getByText('-40.00')).toBeVisible();
  await expect(money.getByText('Payout')).toBeVisible();
  await expect(money.getByText('+80.00')).toBeVisible();
  if (info.project.name === 'phone')
    await alice.page.screenshot({ path: `${SCREENSHOTS}/bet-page-phone.png`, fullPage: true });

  await bob.page.goto(`/bets/${betId}`);
  await expect(bob.page.getByText(/You lost \$40\.00 to /)).toBeVisible();
  await expect(bob.page.getByRole('region', { name: 'Money' }).getByText('Payout')).toHaveCount(0);

  // The history lists it, filterable; the wallet links its receipts to the page.
  await bob.page.goto('/history');
  await bob.page.getByRole('link', { name: 'Bet history' }).click();
  await expect(bob.page.getByRole('heading', { name: 'Bet History' })).toBeVisible();
  await expect(bob.page.getByRole('article', { name: title })).toBeVisible();
  if (info.project.name === 'phone')
    await bob.page.screenshot({ path: `${SCREENSHOTS}/history-phone.png`, fullPage: true });

  // Someone else, even signed in and guessing the id, sees the 404 page (and so does a fresh load).
  await carol.page.goto(`/bets/${betId}`);
  await expect(carol.page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(carol.page.getByText(title)).toHaveCount(0);

  await Promise.all([alice.close(), bob.close(), carol.close()]);
});

test('a dispute: both add statements, the admin decides a draw with a reason, both players read it and get their stakes back', async ({
  browser,
}, info) => {
  const alice = await player(browser, info.project, 'Ana');
  const bob = await player(browser, info.project, 'Ben');
  const boss = await player(browser, info.project, 'Judge');
  const title = `Who finished first ${Date.now()}`;
  const betId = await activeBet(alice, bob, title, '25.00');
  await alice.page.request.post(`/api/bets/${betId}/submit-result`, {
    ...as(alice),
    data: { result: alice.id },
  });
  const disputed = await bob.page.request.post(`/api/bets/${betId}/submit-result`, {
    ...as(bob),
    data: { result: bob.id, confirmed: true },
  });
  expect(((await disputed.json()) as { status: string }).status).toBe('disputed');

  // The disputed bet's notification opens its page.
  await alice.page.goto('/');
  await alice.page.getByRole('button', { name: /Notifications/ }).click();
  await alice.page
    .getByRole('button', { name: /Bet under review/ })
    .filter({ hasText: title })
    .first()
    .click();
  await expect(alice.page).toHaveURL(new RegExp(`/bets/${betId}$`));

  for (const [who, words] of [
    [alice, 'I crossed the line first, the photo shows it.'],
    [bob, '<b>Not true</b> — my watch says 10 seconds earlier.'],
  ] as const) {
    await who.page.goto(`/bets/${betId}`);
    const dispute = who.page.getByRole('region', { name: 'Dispute' });
    await dispute.getByLabel('Your statement for the admin').fill(words);
    if (who === alice) {
      const links = dispute.getByLabel('Evidence links (optional)');
      await links.fill('http://photos.example.com/finish.jpg');
      await expect(dispute.getByText('Evidence links must be https:// addresses')).toBeVisible();
      await expect(dispute.getByRole('button', { name: 'Add statement' })).toBeDisabled();
      await links.fill('https://photos.example.com/finish.jpg');
    }
    await dispute.getByRole('button', { name: 'Add statement' }).click();
    await expect(who.page.getByRole('status').filter({ hasText: 'Statement saved' })).toBeVisible();
  }
  // Each sees the other's statement, shown as text, never as markup.
  await alice.page.reload();
  await expect(alice.page.getByText('<b>Not true</b> — my watch says 10 seconds earlier.')).toBeVisible();
  await expect(bob.page.getByText('I crossed the line first, the photo shows it.')).toBeVisible();
  // Alice's evidence is a link that opens elsewhere without a referrer and earns no ranking.
  await bob.page.reload();
  const evidence = bob.page
    .getByRole('list', { name: 'Evidence links' })
    .getByRole('link', { name: 'https://photos.example.com/finish.jpg' });
  await expect(evidence).toHaveAttribute('rel', 'noopener noreferrer nofollow');
  await expect(evidence).toHaveAttribute('href', 'https://photos.example.com/finish.jpg');
  if (info.project.name === 'phone') {
    await evidence.scrollIntoViewIfNeeded();
    await bob.page.screenshot({ path: `${SCREENSHOTS}/bet-dispute-phone.png` });
  }

  grantAdmin(boss.person.username);
  await boss.page.goto('/admin');
  await boss.page.getByRole('tab', { name: 'Disputes' }).click();
  const card = boss.page.getByTestId(`dispute-${betId}`);
  await expect(card).toContainText(`(${alice.person.firstName} ${alice.person.lastName})`);
  await card.getByRole('button', { name: 'Resolve as a draw' }).click();
  const decision = boss.page.getByRole('dialog', { name: 'Resolve dispute' });
  const reason = 'Neither photo shows the finish line clearly';
  await decision.getByLabel('Resolution').fill(reason);
  boss.page.once('dialog', (confirm) => void confirm.accept());
  await decision.getByRole('button', { name: 'Resolve Dispute' }).click();
  await expect(boss.page.getByRole('status').filter({ hasText: 'Dispute Resolved' })).toBeVisible();

  for (const who of [alice, bob]) {
    await who.page.goto(`/bets/${betId}`);
    await expect(who.page.getByRole('region', { name: 'Dispute' }).getByText(reason)).toBeVisible();
    await expect(who.page.getByText('Draw: both stakes came back. An admin decided it.')).toBeVisible();
    await who.page.goto('/history');
    await expect(who.page.getByTestId('wallet-available')).toHaveText('$1,000.00');
  }
  if (info.project.name === 'phone') {
    await alice.page.goto(`/bets/${betId}`);
    await alice.page.screenshot({ path: `${SCREENSHOTS}/bet-page-dispute-phone.png`, fullPage: true });
  }
  await Promise.all([alice.close(), bob.close(), boss.close()]);
});

test("a bet's link works on a fresh load and after signing in from the landing page", async ({
  browser,
}, info) => {
  const alice = await player(browser, info.project, 'Alice');
  const bob = await player(browser, info.project, 'Bob');
  const title = `Deep link ${Date.now()}`;
  const betId = await activeBet(alice, bob, title);

  // Signed in: a fresh load of the link opens the page.
  await bob.page.goto(`/bets/${betId}`);
  await bob.page.reload();
  await expect(bob.page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  // Signed out: the link shows the landing page, and signing in lands on the bet, not the dashboard.
  const context = await browser.newContext(info.project.use);
  const page = await context.newPage();
  await page.goto(`/bets/${betId}`);
  await page.getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email or username').fill(bob.person.username);
  await dialog.getByLabel('Password').fill(bob.person.password);
  await dialog.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/bets/${betId}$`));

  await Promise.all([alice.close(), bob.close(), context.close()]);
});
