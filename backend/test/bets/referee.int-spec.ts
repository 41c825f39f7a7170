import { RefereeService } from '../../src/modules/bets/referee.service.js';
import { newAdmin, moderate } from '../admin/admin-helpers.js';
import { befriend } from '../friends/friends-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { balanceOf, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const NOTE = 'Clear on the replay: the Reds scored twice.';

/**
 * Referee bets (docs/product.md, "Referee bets"): the referee agrees, calls the bet, the call settles after the
 * appeal window or when every player accepts it, an appeal goes to an admin, and a silent referee falls back.
 * Checked through the API on a real database, with the ledger invariants after each test.
 */
describe('referee bets', () => {
  let t: TestApp;
  let creator: SignedUpUser;
  let opponent: SignedUpUser;
  let referee: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    creator = await newUser(t);
    opponent = await newUser(t);
    referee = await newUser(t);
    await befriend(t, creator, opponent);
    await befriend(t, creator, referee);
  });
  afterEach(async () => expectMoneyInvariants(t.dataSource));

  const post = (user: SignedUpUser, path: string, body: unknown = {}) =>
    api(t, 'POST', `/api/bets${path}`, { token: user.token, body });
  const createBet = (refereeId: string, extra: Record<string, unknown> = {}) =>
    post(creator, '', {
      opponentId: opponent.id,
      amount: '50.00',
      title: 'Who wins the derby?',
      outcomes: ['Reds', 'Blues'],
      duration: 24,
      creatorPick: 'Reds',
      resolutionType: 'referee',
      refereeId,
      ...extra,
    });
  /** A referee bet under way: the referee agreed and the opponent accepted with Blues. */
  const activeRefereeBet = async () => {
    const created = await createBet(referee.id);
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    expect((await post(referee, `/${id}/referee/accept`)).status).toBe(200);
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' })).body.status).toBe('active');
    return id;
  };
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[]) =>
    t.dataSource.query<T[]>(text, params);
  const job = () => t.app.get(RefereeService).processDue();

  it('refuses a referee who plays, is not a friend, is suspended or closed their account, with a clear message', async () => {
    const stranger = await newUser(t);
    const suspended = await newUser(t);
    await befriend(t, creator, suspended);
    const admin = await newAdmin(t);
    await moderate(t, admin, suspended.id, 'suspend', 'Suspended for the test', 24);
    const cases: [string, string][] = [
      [opponent.id, 'Your referee cannot play in the bet: choose a friend who is not a player'],
      [creator.id, 'Your referee cannot play in the bet: choose a friend who is not a player'],
      [stranger.id, 'Your referee must be one of your friends'],
      [suspended.id, 'This person is suspended, so they cannot referee right now'],
    ];
    for (const [refereeId, message] of cases) {
      const response = await createBet(refereeId);
      expect({ status: response.status, message: response.body.message }).toEqual({ status: 400, message });
    }
    const banned = await newUser(t);
    await befriend(t, creator, banned);
    await moderate(t, admin, banned.id, 'ban', 'Banned for the test');
    expect((await createBet(banned.id)).body.message).toBe(
      'This person can no longer referee: their account is closed',
    );
    expect(
      (await post(creator, '', { ...{ opponentId: opponent.id }, resolutionType: 'referee' })).status,
    ).toBe(400);
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1000.00');
  });

  it('cannot start before the referee agrees; the referee is shown to the invitee and asked by a notification', async () => {
    const created = await createBet(referee.id);
    const id = created.body.id as number;
    expect(created.body).toMatchObject({
      resolutionType: 'referee',
      refereeId: referee.id,
      refereeAcceptedAt: null,
    });
    const seen = await api(t, 'GET', `/api/bets/${id}`, { token: opponent.token });
    expect((seen.body.referee as { id: string }).id).toBe(referee.id);
    const asked = await sql(`SELECT type FROM notifications WHERE "userId" = $1 AND "betId" = $2`, [
      referee.id,
      id,
    ]);
    expect(asked).toEqual([{ type: 'referee_asked' }]);
    const early = await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' });
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 409,
      message: 'This challenge is waiting for its referee to agree',
    });
    expect((await post(opponent, `/${id}/referee/accept`)).status).toBe(403);
    const mine = await api(t, 'GET', '/api/bets/referees/me/bets', { token: referee.token });
    expect((mine.body as unknown as { id: number }[]).map((bet) => bet.id)).toEqual([id]);
    // The referee reads the bet's page as its referee: no admin view, no one's receipts.
    const page = await api(t, 'GET', `/api/bets/${id}/page`, { token: referee.token });
    expect({ role: page.body.viewerRole, receipts: page.body.receipts }).toEqual({
      role: 'referee',
      receipts: [],
    });
    expect((await post(referee, `/${id}/referee/accept`)).body.refereeAcceptedAt).not.toBeNull();
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' })).body.status).toBe('active');
  });

  it('a referee who declines: the creator names another, or withdraws with a refund', async () => {
    const id = (await createBet(referee.id)).body.id as number;
    expect((await post(referee, `/${id}/referee/decline`)).status).toBe(204);
    expect((await api(t, 'GET', `/api/bets/${id}`, { token: referee.token })).status).toBe(404);
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' })).status).toBe(409);
    const another = await newUser(t);
    await befriend(t, creator, another);
    const named = await api(t, 'PUT', `/api/bets/${id}/referee`, {
      token: creator.token,
      body: { refereeId: another.id },
    });
    expect(named.body.refereeId).toBe(another.id);
    expect((await post(another, `/${id}/referee/accept`)).status).toBe(200);
    expect((await post(opponent, `/${id}/accept`, { opponentPick: 'Blues' })).body.status).toBe('active');

    const second = (await createBet(referee.id)).body.id as number;
    expect(await balanceOf(t.dataSource, creator.id)).toBe('900.00');
    await post(referee, `/${second}/referee/decline`);
    expect((await post(creator, `/${second}/cancel`)).body.status).toBe('cancelled');
    expect(await balanceOf(t.dataSource, creator.id)).toBe('950.00');
  });

  it('the call settles when the appeal window ends; players cannot report meanwhile', async () => {
    const id = await activeRefereeBet();
    expect((await post(opponent, `/${id}/call`, { result: 'Reds', note: NOTE })).status).toBe(403);
    expect((await post(referee, `/${id}/call`, { result: 'Reds', note: 'short' })).status).toBe(400);
    expect((await post(creator, `/${id}/submit-result`, { result: creator.id })).status).toBe(409);
    const called = await post(referee, `/${id}/call`, { result: 'Reds', note: NOTE });
    expect(called.status).toBe(200);
    expect(called.body.call).toMatchObject({ result: 'Reds', note: NOTE });
    expect(called.body.status).toBe('active');
    const appealUntil = new Date(called.body.appealUntil as string).getTime();
    expect(appealUntil - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const told = await sql<{ userId: string; body: string }>(
      `SELECT "userId", body FROM notifications WHERE "betId" = $1 AND type = 'bet_called' ORDER BY "userId"`,
      [id],
    );
    expect(told.map((row) => [row.userId, row.body.split('. ')[1]])).toEqual(
      [
        [creator.id, 'If it stands, you win $50.00'],
        [opponent.id, 'If it stands, your $50.00 stake goes to the other side'],
      ].sort((a, b) => (a[0] < b[0] ? -1 : 1)),
    );
    expect((await post(referee, `/${id}/call`, { result: 'Blues', note: NOTE })).status).toBe(409);
    expect((await job()).settled).toBe(0);
    expect(await balanceOf(t.dataSource, creator.id)).toBe('950.00');
    await sql(`UPDATE bets SET "appealUntil" = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await job()).settled).toBe(1);
    const settled = await api(t, 'GET', `/api/bets/${id}`, { token: creator.token });
    expect(settled.body).toMatchObject({
      status: 'completed',
      winnerUserId: creator.id,
      resolutionType: 'referee',
    });
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1050.00');
    expect(await balanceOf(t.dataSource, opponent.id)).toBe('950.00');
    expect(await balanceOf(t.dataSource, referee.id)).toBe('1000.00');
    expect((await post(opponent, `/${id}/appeal`, { statement: 'Too late to disagree now.' })).status).toBe(
      409,
    );
    const record = await api(t, 'GET', `/api/bets/referees/${referee.id}/record`, { token: creator.token });
    expect(record.body).toMatchObject({ visible: true, calls: 1, appealed: 0, overturned: 0 });
  });

  it('settles at once when every player accepts the call', async () => {
    const id = await activeRefereeBet();
    await post(referee, `/${id}/call`, { result: 'NO_CLEAR_OUTCOME', note: 'Match abandoned at half time.' });
    expect((await post(referee, `/${id}/call/accept`)).status).toBe(403);
    expect((await post(creator, `/${id}/call/accept`)).body.status).toBe('active');
    expect((await post(opponent, `/${id}/call/accept`)).body.status).toBe('completed');
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1000.00');
    expect(await balanceOf(t.dataSource, opponent.id)).toBe('1000.00');
  });

  it('an appeal goes to an admin, who overturns the call; a changed decision is reversed and paid exactly', async () => {
    const admin = await newAdmin(t);
    const id = await activeRefereeBet();
    await post(referee, `/${id}/call`, { result: creator.id, note: NOTE });
    expect((await post(referee, `/${id}/appeal`, { statement: 'I am the referee here.' })).status).toBe(403);
    expect((await post(opponent, `/${id}/appeal`, { statement: 'short' })).status).toBe(400);
    const appealed = await post(opponent, `/${id}/appeal`, { statement: 'The second goal was offside.' });
    expect(appealed.body.status).toBe('disputed');
    // The admin sees the call and its note beside the appellant's statement.
    const page = await api(t, 'GET', `/api/bets/${id}`, { token: admin.token });
    expect(page.body.call).toMatchObject({ result: 'Reds', note: NOTE });
    const statements = await sql(`SELECT "userId", text FROM dispute_statements WHERE "betId" = $1`, [id]);
    expect(statements).toEqual([{ userId: opponent.id, text: 'The second goal was offside.' }]);
    const overturned = await post(admin, `/${id}/admin-resolve`, {
      winnerId: opponent.id,
      resolution: 'The replay shows the goal was offside',
    });
    expect(overturned.body).toMatchObject({ status: 'completed', winnerUserId: opponent.id });
    expect(await balanceOf(t.dataSource, creator.id)).toBe('950.00');
    expect(await balanceOf(t.dataSource, opponent.id)).toBe('1050.00');
    const record = await api(t, 'GET', `/api/bets/referees/${referee.id}/record`, { token: referee.token });
    expect(record.body).toMatchObject({ calls: 1, appealed: 1, overturned: 1 });
    const changed = await post(admin, `/${id}/edit-resolution`, {
      winnerId: creator.id,
      reason: 'A second look: the referee was right',
    });
    expect(changed.status).toBe(200);
    expect(await balanceOf(t.dataSource, creator.id)).toBe('1050.00');
    expect(await balanceOf(t.dataSource, opponent.id)).toBe('950.00');
    const rows = await sql(
      `SELECT "userId", type, amount::text FROM transactions WHERE "referenceId" = $1 AND type <> 'bet_stake' ORDER BY id`,
      [String(id)],
    );
    expect(rows).toEqual([
      { userId: opponent.id, type: 'bet_payout', amount: '100.00' },
      { userId: opponent.id, type: 'payout_reversal', amount: '-100.00' },
      { userId: creator.id, type: 'bet_payout', amount: '100.00' },
    ]);
  });

  it('a silent referee is reminded, then a two-person bet falls back to the players’ reports', async () => {
    const id = await activeRefereeBet();
    await sql(`UPDATE bets SET "expiresAt" = now() - interval '25 hours' WHERE id = $1`, [id]);
    expect(await job()).toMatchObject({ reminded: 1, lapsed: 0 });
    expect(await job()).toMatchObject({ reminded: 0, lapsed: 0 });
    const reminded = await sql<{ type: string }>(
      `SELECT type FROM notifications WHERE "userId" = $1 AND "betId" = $2 ORDER BY id`,
      [referee.id, id],
    );
    expect(reminded.map((row) => row.type)).toEqual(['referee_asked', 'referee_reminder']);
    await sql(`UPDATE bets SET "expiresAt" = now() - interval '49 hours' WHERE id = $1`, [id]);
    expect(await job()).toMatchObject({ lapsed: 1 });
    expect((await post(referee, `/${id}/call`, { result: 'Reds', note: NOTE })).status).toBe(409);
    // The players' reporting grace runs from the fall-back: the deadlines job leaves it alone for now.
    const { BetDeadlinesService } = await import('../../src/modules/bets/bet-deadlines.service.js');
    expect((await t.app.get(BetDeadlinesService).processDeadlines()).disputed).toBe(0);
    expect((await post(creator, `/${id}/submit-result`, { result: 'Blues' })).body.status).toBe('active');
    expect((await post(opponent, `/${id}/submit-result`, { result: 'Blues' })).body.status).toBe('completed');
    expect(await balanceOf(t.dataSource, opponent.id)).toBe('1050.00');
  });

  it('a group pot with a referee: it locks only once the referee agreed, the call splits it, silence sends it to an admin', async () => {
    const players = [opponent, await newUser(t)];
    await befriend(t, creator, players[1]);
    const createPot = async () => {
      const created = await post(creator, '', {
        inviteeIds: players.map((player) => player.id),
        stake: '10.00',
        joinBy: new Date(Date.now() + 3_600_000).toISOString(),
        title: 'Who wins the league?',
        outcomes: ['Red', 'Blue', 'Green'],
        creatorPick: 'Red',
        duration: 24,
        resolutionType: 'referee',
        refereeId: referee.id,
      });
      expect(created.status).toBe(201);
      const id = created.body.id as number;
      await post(players[0], `/${id}/join`, { pick: 'Blue' });
      await post(players[1], `/${id}/join`, { pick: 'Blue' });
      return id;
    };
    const refereeAsPlayer = await post(creator, '', {
      inviteeIds: [referee.id, opponent.id],
      stake: '10.00',
      joinBy: new Date(Date.now() + 3_600_000).toISOString(),
      title: 'Pot',
      outcomes: ['Red', 'Blue'],
      creatorPick: 'Red',
      duration: 24,
      resolutionType: 'referee',
      refereeId: referee.id,
    });
    expect(refereeAsPlayer.status).toBe(400);

    const id = await createPot();
    expect((await post(creator, `/${id}/lock`)).status).toBe(409);
    await post(referee, `/${id}/referee/accept`);
    expect((await post(creator, `/${id}/lock`)).body.status).toBe('active');
    await post(referee, `/${id}/call`, { result: 'Blue', note: 'Blue won the final match day.' });
    await sql(`UPDATE bets SET "appealUntil" = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await job()).settled).toBe(1);
    expect(await balanceOf(t.dataSource, players[0].id)).toBe('1005.00');
    expect(await balanceOf(t.dataSource, players[1].id)).toBe('1005.00');
    expect(await balanceOf(t.dataSource, creator.id)).toBe('990.00');

    const silent = await createPot();
    await post(referee, `/${silent}/referee/accept`);
    await post(creator, `/${silent}/lock`);
    await sql(`UPDATE bets SET "expiresAt" = now() - interval '49 hours' WHERE id = $1`, [silent]);
    expect((await job()).lapsed).toBe(1);
    const stuck = await api(t, 'GET', `/api/bets/${silent}`, { token: creator.token });
    expect(stuck.body.status).toBe('disputed');
  });

  it('an account deleted while refereeing hands the bet to an admin', async () => {
    const id = await activeRefereeBet();
    const gone = await api(t, 'DELETE', '/api/user/account', {
      token: referee.token,
      body: { confirm: 'DELETE', password: referee.password },
    });
    expect(gone.status).toBeLessThan(300);
    const bet = await api(t, 'GET', `/api/bets/${id}`, { token: creator.token });
    expect(bet.body.status).toBe('disputed');
    expect(await balanceOf(t.dataSource, creator.id)).toBe('950.00');
  });
});
