import { Clock } from '../../src/common/clock.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

describe('bet paths', () => {
  let t: TestApp;
  let alice: SignedUpUser;
  let bob: SignedUpUser;
  let carol: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    [alice, bob, carol] = [await newUser(t), await newUser(t), await newUser(t)];
  });
  afterEach(async () => {
    jest.restoreAllMocks();
    await expectMoneyInvariants(t.dataSource);
  });

  const create = (creator: SignedUpUser, opponent: SignedUpUser, overrides: Record<string, unknown> = {}) =>
    api(t, 'POST', '/api/bets', {
      token: creator.token,
      body: {
        opponentId: opponent.id,
        amount: '25.50',
        title: 'Will it rain tomorrow?',
        description: 'Downtown, any amount counts',
        outcomes: ['Rain', 'No rain'],
        duration: 168,
        creatorPick: 'Rain',
        resolutionType: 'mutual',
        ...overrides,
      },
    });
  const activeBet = async (overrides: Record<string, unknown> = {}) => {
    const created = await create(alice, bob, overrides);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    const accepted = await api(t, 'POST', `/api/bets/${id}/accept`, {
      token: bob.token,
      body: { opponentPick: 'No rain' },
    });
    expect(accepted.status).toBe(200);
    return id;
  };
  const report = (user: SignedUpUser, id: number, result: string, confirmed?: boolean) =>
    api(t, 'POST', `/api/bets/${id}/submit-result`, {
      token: user.token,
      body: confirmed === undefined ? { result } : { result, confirmed },
    });
  const ledgerTypes = async (userId: string) =>
    (
      await t.dataSource.query<{ type: string; amount: string }[]>(
        `SELECT type, amount::text FROM transactions WHERE "userId" = $1 ORDER BY id`,
        [userId],
      )
    ).map((row) => `${row.type} ${row.amount}`);

  it('escrows the creator stake at creation and the opponent stake at acceptance', async () => {
    const created = await create(alice, bob);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      status: 'pending',
      amount: '25.50',
      creatorPick: 'Rain',
      opponentId: bob.id,
    });
    expect(await balanceOf(t.dataSource, alice.id)).toBe('974.50');
    const pendingForBob = await api(t, 'GET', '/api/bets/pending', { token: bob.token });
    expect((pendingForBob.body as unknown as { id: number }[]).map((bet) => bet.id)).toContain(
      created.body.id,
    );
    await api(t, 'POST', `/api/bets/${String(created.body.id)}/accept`, {
      token: bob.token,
      body: { opponentPick: 'No rain' },
    });
    expect(await balanceOf(t.dataSource, bob.id)).toBe('974.50');
  });

  it('pays the winner both stakes when both report the same winner (I won / I lost)', async () => {
    const id = await activeBet();
    const first = await report(alice, id, alice.id);
    expect(first.body).toMatchObject({ success: true, status: 'active' });
    const second = await report(bob, id, alice.id);
    expect(second.body).toMatchObject({ success: true, status: 'completed' });
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1025.50');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('974.50');
    expect(await ledgerTypes(alice.id)).toEqual([
      'signup_bonus 1000.00',
      'bet_stake -25.50',
      'bet_payout 51.00',
    ]);
    const bet = await api(t, 'GET', `/api/bets/${id}`, { token: bob.token });
    expect(bet.body).toMatchObject({
      status: 'completed',
      finalResult: 'Rain',
      winnerUserId: alice.id,
      resolutionType: 'mutual',
    });
  });

  it('settles for the opponent when both report the opponent won', async () => {
    const id = await activeBet();
    await report(alice, id, bob.id);
    await report(bob, id, bob.id);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('974.50');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1025.50');
  });

  it('refunds both on an agreed no-clear-outcome draw', async () => {
    const id = await activeBet();
    await report(alice, id, 'NO_CLEAR_OUTCOME');
    const done = await report(bob, id, 'NO_CLEAR_OUTCOME');
    expect(done.body.status).toBe('completed');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
    const bet = await api(t, 'GET', `/api/bets/${id}`, { token: alice.token });
    expect(bet.body).toMatchObject({ finalResult: 'no_clear_outcome', winnerUserId: null });
  });

  it('refunds both when the agreed outcome is one neither picked', async () => {
    const id = await activeBet({ outcomes: ['Rain', 'No rain', 'Snow'] });
    await report(alice, id, 'Snow');
    await report(bob, id, 'Snow');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
  });

  it('lets a party change its report until both have reported', async () => {
    const id = await activeBet();
    await report(alice, id, alice.id);
    await report(alice, id, bob.id);
    const done = await report(bob, id, bob.id);
    expect(done.body.status).toBe('completed');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1025.50');
  });

  it('asks for confirmation on a conflicting report, changes nothing, then disputes on confirm', async () => {
    const id = await activeBet();
    await report(alice, id, alice.id);
    const conflict = await report(bob, id, bob.id);
    expect(conflict.body).toEqual({
      success: false,
      needsConfirmation: true,
      conflictingOutcome: 'Rain',
      status: 'active',
    });
    const unchanged = await api(t, 'GET', `/api/bets/${id}`, { token: bob.token });
    expect(unchanged.body).toMatchObject({ status: 'active', opponentResult: null });
    const confirmed = await report(bob, id, bob.id, true);
    expect(confirmed.body).toMatchObject({ success: true, status: 'disputed' });
    const bet = await api(t, 'GET', `/api/bets/${id}`, { token: alice.token });
    expect(bet.body).toMatchObject({ status: 'disputed', finalResult: 'disputed' });
    const disputes = await t.dataSource.query<{ reporterId: string; status: string }[]>(
      `SELECT "reporterId", status FROM dispute_resolutions WHERE "betId" = $1`,
      [id],
    );
    expect(disputes).toEqual([{ reporterId: bob.id, status: 'pending' }]);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('974.50');
  });

  it('refunds the creator when the opponent declines', async () => {
    const created = await create(alice, bob);
    const declined = await api(t, 'POST', `/api/bets/${String(created.body.id)}/decline`, {
      token: bob.token,
    });
    expect(declined.status).toBe(200);
    expect(declined.body.status).toBe('declined');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
  });

  it('refunds the creator who cancels before acceptance, and only the creator may', async () => {
    const created = await create(alice, bob);
    const id = String(created.body.id);
    expect((await api(t, 'POST', `/api/bets/${id}/cancel`, { token: bob.token })).status).toBe(403);
    const cancelled = await api(t, 'POST', `/api/bets/${id}/cancel`, { token: alice.token });
    expect(cancelled.body.status).toBe('cancelled');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    expect(
      (
        await api(t, 'POST', `/api/bets/${id}/accept`, {
          token: bob.token,
          body: { opponentPick: 'No rain' },
        })
      ).status,
    ).toBe(409);
  });

  it('expires unanswered challenges with a refund, and disputes overdue active bets (time injected)', async () => {
    const pending = await create(alice, bob, { duration: 1 });
    const active = await activeBet({ duration: 2 });
    await report(alice, active, alice.id);
    const clock = t.app.get(Clock);
    const later = new Date(Date.now() + 27 * 3_600_000);
    jest.spyOn(clock, 'now').mockReturnValue(later);
    const { BetDeadlinesService } = await import('../../src/modules/bets/bet-deadlines.service.js');
    const result = await t.app.get(BetDeadlinesService).processDeadlines();
    expect(result.expired).toBeGreaterThanOrEqual(1);
    expect(result.disputed).toBeGreaterThanOrEqual(1);
    expect(
      (await api(t, 'GET', `/api/bets/${String(pending.body.id)}`, { token: alice.token })).body.status,
    ).toBe('expired');
    expect((await api(t, 'GET', `/api/bets/${active}`, { token: alice.token })).body.status).toBe('disputed');
    expect(await balanceOf(t.dataSource, alice.id)).toBe('974.50');
  });

  it.each([
    [{ amount: '10.001' }, 'Amount must be a number with at most 2 decimal places'],
    [{ amount: '0.00' }, 'Minimum bet amount is $0.01'],
    [{ amount: '' }, 'Amount is required'],
    [{ amount: 12 }, 'Amount is required'],
    [{ amount: '1000.01' }, 'Insufficient balance for this bet'],
    [{ outcomes: ['Only one'] }, 'At least 2 outcomes required'],
    [{ outcomes: ['a', 'b', 'c', 'd', 'e'] }, 'At most 4 outcomes allowed'],
    [{ outcomes: ['Rain', '  '] }, 'Outcome options cannot be blank or longer than 100 characters'],
    [{ creatorPick: 'Hail' }, 'Your prediction must be one of the outcomes'],
    [{ creatorPick: '' }, 'You must select your prediction'],
    [{ title: '  ' }, 'Title is required'],
    [{ duration: 0 }, 'Duration must be at least 1 hour'],
    [{ opponentId: '' }, 'You must select an opponent'],
    [{ opponentId: '00000000-0000-4000-8000-000000000000' }, 'The opponent you chose does not exist'],
    [{ isAdmin: true }, 'property isAdmin should not exist'],
  ])('refuses a bet with %j ("%s") and leaves balances alone', async (overrides, message) => {
    const response = await create(alice, bob, overrides);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.body.message).toBe(message);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('1000.00');
    const [count] = await t.dataSource.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM bets WHERE "creatorId" = $1`,
      [alice.id],
    );
    expect(count?.n).toBe(0);
  });

  it('refuses a self-bet', async () => {
    const response = await create(alice, alice);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('You cannot bet against yourself');
  });

  it('refuses an acceptance with the challenger pick or no pick, keeping the opponent balance', async () => {
    const created = await create(alice, bob);
    const id = String(created.body.id);
    const same = await api(t, 'POST', `/api/bets/${id}/accept`, {
      token: bob.token,
      body: { opponentPick: 'Rain' },
    });
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('You must choose a different outcome than the challenger.');
    const none = await api(t, 'POST', `/api/bets/${id}/accept`, { token: bob.token, body: {} });
    expect(none.body.message).toBe('Please select your predicted outcome.');
    expect(await balanceOf(t.dataSource, bob.id)).toBe('1000.00');
  });

  it('keeps outsiders out: they cannot see, accept, decline or report someone else’s bet', async () => {
    const created = await create(alice, bob);
    const id = String(created.body.id);
    expect((await api(t, 'GET', `/api/bets/${id}`, { token: carol.token })).status).toBe(404);
    expect(
      (
        await api(t, 'POST', `/api/bets/${id}/accept`, {
          token: carol.token,
          body: { opponentPick: 'No rain' },
        })
      ).status,
    ).toBe(404);
    expect((await api(t, 'POST', `/api/bets/${id}/decline`, { token: carol.token })).status).toBe(404);
    expect(
      (
        await api(t, 'POST', `/api/bets/${id}/accept`, {
          token: alice.token,
          body: { opponentPick: 'No rain' },
        })
      ).status,
    ).toBe(403);
    const active = await activeBet();
    expect((await report(carol, active, carol.id)).status).toBe(404);
    expect(
      (
        await api(t, 'POST', `/api/bets/${active}/admin-resolve`, {
          token: alice.token,
          body: { winnerId: alice.id, resolution: 'I say I won this one' },
        })
      ).status,
    ).toBe(403);
    expect((await api(t, 'GET', '/api/bets/abc', { token: alice.token })).status).toBe(404);
    expect((await api(t, 'GET', '/api/bets/99999999999', { token: alice.token })).status).toBe(404);
    expect((await api(t, 'GET', `/api/bets/${id}`)).status).toBe(401);
  });

  it('hides a stranger’s names behind their profile visibility', async () => {
    await t.dataSource.query(
      `UPDATE users SET "privacySettings" = "privacySettings" || '{"profileVisibility":"private"}' WHERE id = $1`,
      [bob.id],
    );
    const created = await create(alice, bob);
    const bet = await api(t, 'GET', `/api/bets/${String(created.body.id)}`, { token: alice.token });
    expect(bet.body.opponent).toMatchObject({
      id: bob.id,
      username: bob.username,
      firstName: null,
      lastName: null,
    });
    expect(bet.body.creator).toMatchObject({ id: alice.id, firstName: 'Avery' });
  });
});

describe('Idempotency-Key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('runs a create once however often it is retried with the same key, and refuses reuse for another request', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const body = {
      opponentId: bob.id,
      amount: '30.00',
      title: 'Once',
      outcomes: ['A', 'B'],
      duration: 168,
      creatorPick: 'A',
    };
    const send = (payload: unknown) =>
      api(t, 'POST', '/api/bets', {
        token: alice.token,
        body: payload,
        headers: { 'idempotency-key': 'create-once-1' },
      });
    const responses = await Promise.all([send(body), send(body), send(body)]);
    const created = responses.filter((response) => response.status === 201);
    expect(created.length).toBeGreaterThanOrEqual(1);
    expect(new Set(created.map((response) => response.body.id)).size).toBe(1);
    const retry = await send(body);
    expect(retry.status).toBe(201);
    expect(retry.body.id).toBe(created[0]?.body.id);
    expect(await balanceOf(t.dataSource, alice.id)).toBe('970.00');
    const reused = await send({ ...body, amount: '31.00' });
    expect(reused.status).toBe(409);
    await expectMoneyInvariants(t.dataSource);
  });

  it('replays a refusal too', async () => {
    const [alice, bob] = [await newUser(t), await newUser(t)];
    const body = {
      opponentId: bob.id,
      amount: '5000.00',
      title: 'Too much',
      outcomes: ['A', 'B'],
      duration: 168,
      creatorPick: 'A',
    };
    const headers = { 'idempotency-key': 'too-much' };
    const first = await api(t, 'POST', '/api/bets', { token: alice.token, body, headers });
    const second = await api(t, 'POST', '/api/bets', { token: alice.token, body, headers });
    expect(first.status).toBe(400);
    expect(second.status).toBe(400);
    expect(second.body.message).toBe(first.body.message);
  });
});
