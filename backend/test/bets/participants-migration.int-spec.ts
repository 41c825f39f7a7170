import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { BetParticipants1795580000000 } from '../../src/database/migrations/1795580000000-BetParticipants.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { BetDeadlinesService } from '../../src/modules/bets/bet-deadlines.service.js';
import { activeBet, disputedBet, newAdmin, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { betsWhoseSeatsMissTheirEscrow, expectMoneyInvariants } from '../support/invariants.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The participant model (docs/money.md, "Participants") over bets made before it: a database holding bets in
 * every state is taken back to before migration BetParticipants and migrated again. The bets, the ledger and
 * every balance are untouched; the backfilled seats equal the ones the duel trigger wrote as the bets were
 * played; and each bet's joined stakes are exactly what its ledger rows hold in escrow.
 */
describe('bet participants migration', () => {
  let t: TestApp;
  let a: SignedUpUser;
  let b: SignedUpUser;

  beforeAll(async () => {
    t = await startTestApp();
    [a, b] = [await newUser(t), await newUser(t)];
  });
  afterAll(async () => t.close());

  const post = async (user: SignedUpUser, path: string, body: unknown = {}) => {
    const response = await api(t, 'POST', path, { token: user.token, body });
    if (response.status >= 300)
      throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const report = (user: SignedUpUser, id: number, result: string) =>
    post(user, `/api/bets/${id}/submit-result`, { result, confirmed: true });
  const challenge = (user: SignedUpUser) =>
    post(user, '/api/challenges', {
      amount: '12.34',
      title: 'Will it snow on Friday?',
      outcomes: ['Snow', 'No snow'],
      duration: 24,
      creatorPick: 'Snow',
    });

  /** Bets in every state, each through the API (or the deadlines job) as people make them. */
  async function betsInEveryState(): Promise<void> {
    const admin = await newAdmin(t);
    await pendingBet(t, a, b, '10.00');
    await challenge(a);
    await activeBet(t, a, b, '11.00');
    await report(a, await activeBet(t, a, b, '12.00'), a.id);
    await disputedBet(t, a, b, '13.00');
    const won = await activeBet(t, b, a, '14.00');
    await report(a, won, b.id);
    await report(b, won, b.id);
    const draw = await activeBet(t, a, b, '15.00');
    await report(a, draw, 'NO_CLEAR_OUTCOME');
    await report(b, draw, 'NO_CLEAR_OUTCOME');
    const resolved = await disputedBet(t, a, b, '16.00');
    await post(admin, `/api/bets/${resolved}/admin-resolve`, {
      winnerId: a.id,
      resolution: 'The photo shows it',
    });
    const changed = await disputedBet(t, a, b, '17.00');
    await post(admin, `/api/bets/${changed}/admin-resolve`, {
      winnerId: a.id,
      resolution: 'The photo shows it',
    });
    await post(admin, `/api/bets/${changed}/edit-resolution`, {
      winnerId: b.id,
      reason: 'A second photo came',
    });
    await post(b, `/api/bets/${await pendingBet(t, a, b, '18.00')}/decline`);
    await post(a, `/api/bets/${await pendingBet(t, a, b, '19.00')}/cancel`);
    const taken = await challenge(a);
    await post(b, `/api/challenges/${String(taken.challengeCode)}/accept`, { opponentPick: 'No snow' });
    await post(a, `/api/bets/${Number((await challenge(a)).id)}/cancel`);
    // Expired unanswered, and sent to an admin for want of reports.
    const expiring = await pendingBet(t, a, b, '20.00');
    const late = await activeBet(t, a, b, '21.00');
    await report(b, late, b.id);
    await t.dataSource.query(`UPDATE bets SET "expiresAt" = now() - interval '2 days' WHERE id = ANY($1)`, [
      [expiring, late],
    ]);
    const processed = await t.app.get(BetDeadlinesService).processDeadlines();
    expect(processed).toEqual({ expired: 1, disputed: 1 });
  }

  const snapshot = async (db: DataSource) => ({
    bets: await db.query<unknown[]>(
      `SELECT id, status, amount::text, "creatorId", "opponentId", "creatorPick", "opponentPick", "creatorResult",
              "opponentResult", "finalResult", "winnerUserId" FROM bets ORDER BY id`,
    ),
    ledger: await db.query<unknown[]>(
      `SELECT id, "userId", type, amount::text, "balanceBefore"::text, "balanceAfter"::text, "referenceId"
         FROM transactions ORDER BY id`,
    ),
    balances: await db.query<unknown[]>(`SELECT id, balance::text FROM users ORDER BY id`),
    seats: await db.query<unknown[]>(
      `SELECT "betId", "userId", role, pick, stake::text, result, "joinedAt" IS NOT NULL AS joined,
              "reportedAt" IS NOT NULL AS reported
         FROM bet_participants ORDER BY "betId", role`,
    ),
  });

  it('backfills a seat for every party of every bet, and moves no money', async () => {
    await betsInEveryState();
    const statuses = await t.dataSource.query<{ status: string }[]>(`SELECT DISTINCT status FROM bets`);
    expect(statuses.map((row) => row.status).sort()).toEqual(
      ['active', 'cancelled', 'completed', 'declined', 'disputed', 'expired', 'pending'].sort(),
    );
    await expectMoneyInvariants(t.dataSource);
    expect(await betsWhoseSeatsMissTheirEscrow(t.dataSource)).toEqual([]);
    const played = await snapshot(t.dataSource);
    // 15 bets, two seats each but for the two open challenges nobody took (the creator's only).
    expect(played.seats).toHaveLength(2 * 15 - 2);
    // A sent challenge's opponent is invited, not joined, until they accept.
    expect(played.seats).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ userId: b.id, role: 'opponent', stake: '10.00', joined: false }),
      ]),
    );

    const db = new DataSource({ ...dataSourceOptions(t.databaseUrl), migrations: MIGRATIONS });
    await db.initialize();
    try {
      const ours = MIGRATIONS.indexOf(BetParticipants1795580000000);
      for (let i = MIGRATIONS.length - 1; i >= ours; i--) await db.undoLastMigration();
      const gone = await db.query<unknown[]>(`SELECT to_regclass('bet_participants') AS t`);
      expect(gone).toEqual([{ t: null }]);
      await db.runMigrations();
      expect(await snapshot(db)).toEqual(played);
      expect(await betsWhoseSeatsMissTheirEscrow(db)).toEqual([]);
      await expectMoneyInvariants(db);
    } finally {
      await db.destroy();
    }
  });
});
