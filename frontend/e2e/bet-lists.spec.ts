import {
  expect,
  test,
  type APIRequestContext,
  type Browser,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll, newPerson, signUp, type Person } from './support';

const SCREENSHOTS = 'test-results/screenshots';
const PHONE = { width: 390, height: 844 };

interface Party {
  person: Person;
  token: string;
  id: string;
}

/** Someone signed up through the dialog, at 390 px, with what the API calls of the test need. */
async function signedUpAt390(
  browser: Browser,
  info: TestInfo,
  name: string,
): Promise<Party & { page: Page }> {
  const page = await (await browser.newContext({ ...info.project.use, viewport: PHONE })).newPage();
  const person = newPerson(name);
  await signUp(page, person);
  const { token, id } = await page.evaluate(() => ({
    token: localStorage.getItem('auth_token') ?? '',
    id: (JSON.parse(localStorage.getItem('auth_user') ?? '{}') as { id: string }).id,
  }));
  return { page, person, token, id };
}

/** The other side, signed up through the API: they only answer, from another device. */
async function opponent(request: APIRequestContext, name: string): Promise<Party> {
  const person = newPerson(name);
  const response = await request.post('/api/auth/signup', {
    data: { ...person, confirmPassword: person.password, birthday: '1992-03-04', state: 'Oregon' },
  });
  expect(response.status()).toBe(201);
  const { token, user } = (await response.json()) as { token: string; user: { id: string } };
  return { person, token, id: user.id };
}

const as = (who: Party) => ({ headers: { authorization: `Bearer ${who.token}` } });

async function challenge(
  request: APIRequestContext,
  from: Party,
  to: Party,
  title: string,
  amount = '10.00',
) {
  const created = await request.post('/api/bets', {
    ...as(from),
    data: {
      opponentId: to.id,
      amount,
      title,
      outcomes: ['Heads', 'Tails'],
      duration: 168,
      creatorPick: 'Heads',
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** from challenges to, to accepts, and both report `winner` won. */
async function settled(
  request: APIRequestContext,
  from: Party,
  to: Party,
  title: string,
  amount: string,
  winner: Party,
) {
  const id = await challenge(request, from, to, title, amount);
  expect(
    (await request.post(`/api/bets/${id}/accept`, { ...as(to), data: { opponentPick: 'Tails' } })).status(),
  ).toBe(200);
  for (const who of [from, to]) {
    const reported = await request.post(`/api/bets/${id}/submit-result`, {
      ...as(who),
      data: { result: winner.id },
    });
    expect(reported.status()).toBe(200);
  }
}

test('the history keeps the opponent chosen under any status, and says what it filtered by', async ({
  browser,
  request,
}, info) => {
  const ada = await signedUpAt390(browser, info, 'Ada');
  const ben = await opponent(request, 'Ben');
  const tag = Date.now().toString(36);
  await challenge(request, ada, ben, `Open with Ben ${tag}`);
  const withdrawn = await challenge(request, ada, ben, `Withdrawn with Ben ${tag}`);
  expect((await request.post(`/api/bets/${withdrawn}/cancel`, as(ada))).status()).toBe(200);

  const { page } = ada;
  await page.goto('/bets');
  await expect(page.getByRole('article', { name: `Open with Ben ${tag}` })).toBeVisible();
  // Not friends: Ben's profile (visible to friends by default) shows his username only, everywhere alike.
  const benLabel = ben.person.username;
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Pending' }).click();
  await page.getByRole('combobox', { name: 'Opponent' }).click();
  // Chosen under Pending, Ben is still offered although only his pending bet is on screen.
  await page.getByRole('option', { name: benLabel }).click();
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Cancelled' }).click();

  await expect(page.getByRole('article', { name: `Withdrawn with Ben ${tag}` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Open with Ben ${tag}` })).toBeHidden();
  await expect(page.getByRole('combobox', { name: 'Opponent' })).toHaveText(benLabel);

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Disputed' }).click();
  await expect(page.getByText(`No disputed bets with ${benLabel}.`)).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Opponent' })).toHaveText(benLabel);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the history filtered to nothing');
  await page.getByRole('button', { name: 'Show all bets' }).click();
  await expect(page.getByRole('article', { name: `Withdrawn with Ben ${tag}` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Opponent' })).toHaveText('Everyone');
});

test('a challenge sent as a link names nobody, and its card withdraws it', async ({ browser }, info) => {
  const ada = await signedUpAt390(browser, info, 'Ada');
  const { page } = ada;
  const title = `Link nobody took ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/challenges', {
    ...as(ada),
    data: { amount: '15.00', title, outcomes: ['Snow', 'No snow'], duration: 168, creatorPick: 'Snow' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto('/');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('vs anyone with the link')).toBeVisible();
  await expect(card.getByText('Waiting for someone to accept your link')).toBeVisible();
  await expect(card).not.toContainText('Unknown');
  await page.screenshot({ path: `${SCREENSHOTS}/link-bet-card-${info.project.name}-390.png` });

  await page.goto(`/bets/${id}`);
  await expect(page.getByText(/Waiting for someone to accept your link/)).toBeVisible();
  await expect(page.getByRole('main')).not.toContainText('Unknown');

  await page.goto('/');
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Withdraw' }).click();
  await expect(page.getByText('Challenge withdrawn')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw' })).toHaveCount(0);
});

test('analytics shows a loss in red and a gain in green, with signed badges on recent activity', async ({
  browser,
  request,
}, info) => {
  const ada = await signedUpAt390(browser, info, 'Ada');
  const ben = await opponent(request, 'Ben');
  const tag = Date.now().toString(36);
  const { page } = ada;

  await settled(request, ada, ben, `Rain ${tag}`, '40.00', ben);
  await page.goto('/account');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const loss = page.getByText('−$40.00', { exact: true }).first();
  await expect(loss).toBeVisible();
  await expect(loss).toHaveCSS('color', 'rgb(198, 40, 40)');
  await expect(page.getByText('Total Won: $0.00')).toBeVisible();

  await settled(request, ben, ada, `Reds ${tag}`, '65.00', ada);
  await page.reload();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const profit = page.getByText('+$25.00', { exact: true });
  await expect(profit).toBeVisible();
  await expect(profit).toHaveCSS('color', 'rgb(46, 125, 50)');
  const recent = page.locator('.MuiCard-root').filter({ hasText: 'Recent Activity' });
  await expect(recent.getByText(`You won a bet: “Reds ${tag}”`)).toBeVisible();
  await expect(recent.getByText(`You lost a bet: “Rain ${tag}”`)).toBeVisible();
  await expect(recent.getByText('+$65.00')).toBeVisible();
  await expect(recent.getByText('−$40.00')).toBeVisible();
  await expect(page.getByText(/\$-/)).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page, 'the analytics tab with results');
  await page.getByRole('tab', { name: 'Analytics' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-${info.project.name}-390.png` });
  await recent.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/analytics-recent-${info.project.name}-390.png` });
});
