import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../../src/database/data-source-options.js';
import { UserStatsCounters1795550000000 } from '../../src/database/migrations/1795550000000-UserStatsCounters.js';
import { MIGRATIONS } from '../../src/database/migrations/index.js';
import { readUserFigures } from '../../src/modules/analytics/user-figures.js';
import { activeBet, disputedBet, newAdmin, pendingBet } from '../admin/admin-helpers.js';
import { api, newUser, type SignedUpUser } from '../support/factories.js';
import { expectMoneyInvariants } from '../support/invariants.js';
import { seededRandom } from '../support/seeded-random.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { createTestDatabase } from '../support/test-database.js';
import { expectUserStatsKept, userFiguresFromHistory } from '../support/user-stats-oracle.js';

/**
 * `GET /api/analytics/user-stats` reads figures kept by triggers (migration UserStatsCounters); they must
 * equal the recomputation from the whole history (the statements the endpoint sent before) after every path
 * that changes a bet or the ledger, and after the migration's backfill of an existing history.
 */
describe('user-stats figures kept by the triggers', () => {
  describe('through the API', () => {
    let t: TestApp;
    let admin: SignedUpUser;

    beforeAll(async () => {
      t = await startTestApp();
      admin = await newAdmin(t);
    });
    afterAll(async () => t.close());
    afterEach(async () => expectMoneyInvariants(t.dataSource));

    /** The endpoint's answer, but for the recent activity, equals the recomputation, for each person. */
    const expectAnswersRecomputed = async (...people: SignedUpUser[]) => {
      for (const person of people) {
        const response = await api(t, 'GET', '/api/analytics/user-stats', { token: person.token });
        expect(response.status).toBe(200);
        const { recentActivity, ...figures } = response.body;
        expect(recentActivity).toBeDefined();
        expect(figures).toEqual(await userFiguresFromHistory(t.dataSource, person.id));
      }
    };
    const settle = async (id: number, a: SignedUpUser, b: SignedUpUser, result: string) => {
      await api(t, 'POST', `/api/bets/${id}/submit-result`, { token: a.token, body: { result } });
      const second = await api(t, 'POST', `/api/bets/${id}/submit-result`, {
        token: b.token,
        body: { result },
      });
      expect(second.body.status).toBe('completed');
    };
    const resolve = async (id: number, winnerId: string | null) => {
      const response = await api(t, 'POST', `/api/bets/${id}/admin-resolve`, {
        token: admin.token,
        body: { winnerId, resolution: 'Decided from the evidence both sent' },
      });
      expect(response.status).toBe(200);
    };
    const reresolve = async (id: number, winnerId: string | null) => {
      const response = await api(t, 'POST', `/api/bets/${id}/edit-resolution`, {
        token: admin.token,
        body: { winnerId, reason: 'The evidence was read again' },
      });
      expect(response.status).toBe(200);
    };

    it('follows creation, acceptance, refusals, settlements, disputes and every re-resolution', async () => {
      const [a, b, c] = [await newUser(t), await newUser(t), await newUser(t)];
      await expectAnswersRecomputed(a, b, c);
      const waiting = await pendingBet(t, a, b, '12.34');
      const declined = await pendingBet(t, c, a, '3.00');
      const cancelled = await pendingBet(t, a, c, '4.00');
      await expectAnswersRecomputed(a, b, c);
      expect((await api(t, 'POST', `/api/bets/${declined}/decline`, { token: a.token })).status).toBe(200);
      expect((await api(t, 'POST', `/api/bets/${cancelled}/cancel`, { token: a.token })).status).toBe(200);
      await expectAnswersRecomputed(a, b, c);

      // An old dispute, decided by an admin before a run of wins and losses, then changed again and again.
      const old = await disputedBet(t, a, b, '50.00');
      await expectAnswersRecomputed(a, b);
      await resolve(old, b.id);
      for (const [amount, winner] of [
        ['10.00', a],
        ['7.77', a],
        ['1.01', b],
        ['2.50', a],
        ['9.99', a],
        ['3.33', a],
      ] as const) {
        const id = await activeBet(t, a, b, amount);
        await settle(id, a, b, winner.id);
      }
      const draw = await activeBet(t, b, c, '6.00');
      await settle(draw, b, c, 'NO_CLEAR_OUTCOME');
      const open = await activeBet(t, c, a, '8.00');
      await expectAnswersRecomputed(a, b, c);
      for (const winner of [a.id, null, b.id, a.id]) {
        await reresolve(old, winner);
        await expectAnswersRecomputed(a, b, c);
      }
      // A second dispute, decided as a draw, then changed to a winner (reversing the draw refunds).
      const second = await disputedBet(t, b, a, '20.00');
      await resolve(second, null);
      await reresolve(second, b.id);
      await expectAnswersRecomputed(a, b, c);
      expect(waiting).toBeGreaterThan(0);
      expect(open).toBeGreaterThan(0);
    });

    it('voids the open bets of a deleted account and keeps everyone’s figures', async () => {
      const [a, b, gone] = [await newUser(t), await newUser(t), await newUser(t)];
      const won = await activeBet(t, a, gone, '15.00');
      await settle(won, a, gone, a.id);
      await pendingBet(t, gone, a, '5.00');
      await activeBet(t, b, gone, '6.00');
      await disputedBet(t, gone, b, '7.00');
      await expectAnswersRecomputed(a, b);
      const deleted = await api(t, 'DELETE', '/api/user/account', {
        token: gone.token,
        body: { password: gone.password, confirm: 'DELETE' },
      });
      expect([200, 204]).toContain(deleted.status);
      await expectAnswersRecomputed(a, b);
    });
  });

  describe('on the rows themselves (migration backfill, then any change a statement can make)', () => {
    it('backfills the figures of the history already there, and keeps them through arbitrary changes', async () => {
      const old = await createTestDatabase({ migrate: false });
      const index = MIGRATIONS.indexOf(UserStatsCounters1795550000000);
      const before = new DataSource({
        ...dataSourceOptions(old.url),
        migrations: MIGRATIONS.slice(0, index),
      });
      let after: DataSource | undefined;
      try {
        await before.initialize();
        await before.runMigrations();
        const users = (
          await before.query<{ id: string }[]>(
            `INSERT INTO users (email) SELECT 'old' || i || '@example.com' FROM generate_series(1, 6) i RETURNING id`,
          )
        ).map((row) => row.id);
        const random = seededRandom(20261125);
        const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)];
        const statuses = ['pending', 'active', 'disputed', 'completed', 'completed', 'completed', 'declined'];
        // A few distinct dates, so some bets share a resolutionDate and the id breaks the tie.
        const dateOf = () => `2026-01-${String(1 + Math.floor(random() * 9)).padStart(2, '0')}T12:00:00Z`;
        const newBet = async (db: DataSource) => {
          const creator = pick(users);
          const opponent = pick(users.filter((id) => id !== creator));
          const status = pick(statuses);
          const winner = status === 'completed' ? pick([creator, opponent, creator, opponent, null]) : null;
          await db.query<unknown>(
            `INSERT INTO bets (title, amount, "creatorId", "opponentId", status, duration, outcomes, "winnerUserId", "resolutionDate")
             VALUES ('b', $1, $2, $3, $4, 1, '{a,b}', $5, $6)`,
            [
              (1 + Math.floor(random() * 9999) / 100).toFixed(2),
              creator,
              opponent,
              status,
              winner,
              status === 'completed' || status === 'disputed' ? dateOf() : null,
            ],
          );
        };
        const payout = async (db: DataSource) =>
          db.query<unknown>(
            `INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter")
             VALUES ($1, $2, $3, 0, $3)`,
            [
              pick(users),
              pick(['bet_payout', 'payout_reversal', 'bet_refund', 'bet_stake']),
              pick(['7.50', '-2.25']),
            ],
          );
        for (let i = 0; i < 60; i++) await newBet(before);
        for (let i = 0; i < 10; i++) await payout(before);
        await before.destroy();

        after = new DataSource(dataSourceOptions(old.url));
        await after.initialize();
        await after.runMigrations();
        await expectUserStatsKept(after);
        const someone = await readUserFigures(after.manager, users[0]);
        expect(someone.totalBetsCreated).toBeGreaterThan(0);

        // Every kind of change, one statement at a time and several rows at once, checked after each.
        const db = after;
        const betIds = async () => (await db.query<{ id: number }[]>(`SELECT id FROM bets`)).map((r) => r.id);
        const changes: (() => Promise<unknown>)[] = [
          () => newBet(db),
          () => payout(db),
          // an admin-style re-resolution: another winner (or a draw), dated now or back in the past
          async () =>
            db.query<unknown>(
              `UPDATE bets SET "winnerUserId" = CASE WHEN $2 THEN NULL WHEN "winnerUserId" = "creatorId" THEN "opponentId" ELSE "creatorId" END,
                               "resolutionDate" = $3
                WHERE id = $1 AND status = 'completed'`,
              [pick(await betIds()), random() < 0.2, random() < 0.5 ? new Date().toISOString() : dateOf()],
            ),
          async () =>
            db.query<unknown>(
              `UPDATE bets SET status = $2, "winnerUserId" = $3, "resolutionDate" = $4 WHERE id = $1`,
              [pick(await betIds()), 'completed', pick(users), dateOf()],
            ),
          async () =>
            db.query<unknown>(`UPDATE bets SET status = $2, "winnerUserId" = NULL WHERE id = $1`, [
              pick(await betIds()),
              pick(['active', 'disputed', 'cancelled', 'expired']),
            ]),
          async () =>
            db.query<unknown>(`UPDATE bets SET amount = amount + 1 WHERE id = $1`, [pick(await betIds())]),
          async () =>
            db.query<unknown>(`UPDATE bets SET "resolutionDate" = $2 WHERE id = $1`, [
              pick(await betIds()),
              dateOf(),
            ]),
          async () => db.query<unknown>(`DELETE FROM bets WHERE id = $1`, [pick(await betIds())]),
          // several bets of the same people decided in one statement
          async () =>
            db.query<unknown>(
              `UPDATE bets SET status = 'completed', "winnerUserId" = "opponentId", "resolutionDate" = $2
                WHERE id IN (SELECT id FROM bets WHERE "creatorId" = $1 ORDER BY random() LIMIT 3)`,
              [pick(users), dateOf()],
            ),
          async () =>
            db.query<unknown>(
              `UPDATE transactions SET amount = amount + 1, "balanceAfter" = "balanceAfter" + 1 WHERE id = $1`,
              [
                (await db.query<{ id: string }[]>(`SELECT id FROM transactions ORDER BY random() LIMIT 1`))[0]
                  ?.id,
              ],
            ),
        ];
        for (let i = 0; i < 120; i++) {
          await pick(changes)();
          await expectUserStatsKept(db);
        }
        // The streaks really were exercised.
        const [{ longest }] = await db.query<{ longest: number }[]>(
          `SELECT max("longestStreak")::int AS longest FROM user_bet_stats`,
        );
        expect(longest).toBeGreaterThan(1);
        await db.query<unknown>(`TRUNCATE bets CASCADE`);
        await expectUserStatsKept(db);
      } finally {
        if (before.isInitialized) await before.destroy();
        if (after?.isInitialized) await after.destroy();
        await old.drop();
      }
    });
  });
});
