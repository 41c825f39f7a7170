import type { DataSource } from 'typeorm';
import { expectUserStatsKept } from './user-stats-oracle.js';

/**
 * The money rules of docs/money.md, checked straight from the tables:
 *  1. sum(balances) + escrow = signup bonuses + admin deposits - admin withdrawals
 *  2. every balance = the sum of its ledger rows, in an unbroken balanceBefore/balanceAfter chain
 *  3. no balance below zero unless a payout reversal took it there
 *  4. per bet, the ledger holds exactly the stakes its status keeps in escrow (so nothing is paid twice); a
 *     duel's two stakes may differ (docs/money.md, "Uneven stakes")
 *  5. the won/lost counters kept in user_bet_stats equal a recomputation from the ledger: a settled bet
 *     whose net money for a party is positive is a win for them, negative a loss, zero a draw
 *  6. the admin overview's figures kept in admin_totals_delta equal the whole-table recount
 *  7. every person's user-stats figures read from the kept counters (user_bet_stats, user_payout_totals)
 *     equal the recomputation from their whole history: counts, sums, streaks and profit history
 *  8. every seat of a pot carries its pot's status and resolution date (the lists read pots from the seats),
 *     and a duel's seats carry neither
 */
export async function expectMoneyInvariants(dataSource: DataSource): Promise<void> {
  const [totals] = await dataSource.query<{ balances: string; escrow: string; sources: string }[]>(`
    SELECT
      (SELECT coalesce(sum(balance), 0) FROM users)::text AS balances,
      (SELECT coalesce(sum(CASE WHEN kind = 'pot' THEN 0
                                WHEN status = 'pending' THEN amount
                                WHEN status IN ('active', 'disputed') THEN amount + coalesce("opponentAmount", amount)
                                ELSE 0 END), 0) FROM bets)
       + (SELECT coalesce(sum(s.stake), 0) FROM bet_participants s JOIN bets b ON b.id = s."betId"
           WHERE b.kind = 'pot' AND s."joinedAt" IS NOT NULL AND b.status IN ('pending', 'active', 'disputed'))
       AS escrow,
      (SELECT coalesce(sum(amount), 0) FROM transactions
        WHERE type IN ('signup_bonus', 'admin_deposit', 'admin_withdrawal'))::text AS sources`);
  expect(totals).toBeDefined();
  const held = await dataSource.query<{ sum: string }[]>(`SELECT ($1::numeric + $2::numeric)::text AS sum`, [
    totals?.balances,
    totals?.escrow,
  ]);
  expect(held[0]?.sum).toBe(totals?.sources);

  const mismatched = await dataSource.query<{ id: string }[]>(`
    SELECT u.id FROM users u
      LEFT JOIN (SELECT "userId", sum(amount) AS total FROM transactions GROUP BY "userId") t ON t."userId" = u.id
     WHERE u.balance <> coalesce(t.total, 0)`);
  expect(mismatched).toEqual([]);

  const brokenChain = await dataSource.query<{ id: string }[]>(`
    SELECT id FROM (
      SELECT id, "balanceBefore",
             lag("balanceAfter", 1, 0::numeric) OVER (PARTITION BY "userId" ORDER BY id) AS previous_after
        FROM transactions) chain
     WHERE "balanceBefore" <> previous_after`);
  expect(brokenChain).toEqual([]);

  const negative = await dataSource.query<{ id: string }[]>(`
    SELECT id FROM users u WHERE balance < 0
       AND NOT EXISTS (SELECT 1 FROM transactions t WHERE t."userId" = u.id AND t.type = 'payout_reversal')`);
  expect(negative).toEqual([]);

  const unbalancedBets = await dataSource.query<{ id: number }[]>(`
    SELECT b.id FROM bets b
      LEFT JOIN (SELECT "referenceId", sum(amount) AS net FROM transactions
                  WHERE "referenceType" = 'bet' GROUP BY "referenceId") t ON t."referenceId" = b.id::text
     WHERE b.kind = 'duel'
       AND coalesce(t.net, 0) <> -(CASE WHEN b.status = 'pending' THEN b.amount
                                        WHEN b.status IN ('active', 'disputed')
                                          THEN b.amount + coalesce(b."opponentAmount", b.amount)
                                        ELSE 0 END)`);
  expect(unbalancedBets).toEqual([]);

  // 4b. Every bet (duel or pot) holds exactly its joined seats' stakes while open (docs/money.md, "Participants").
  expect(await betsWhoseSeatsMissTheirEscrow(dataSource)).toEqual([]);

  const wrongCounters = await dataSource.query<{ userId: string }[]>(`
    WITH per_bet AS (
      SELECT t."userId", sum(t.amount) AS net
        FROM transactions t JOIN bets b ON t."referenceType" = 'bet' AND t."referenceId" = b.id::text
       WHERE b.status = 'completed'
       GROUP BY t."userId", t."referenceId"),
    recomputed AS (
      SELECT "userId", count(*) FILTER (WHERE net > 0)::int AS won, count(*) FILTER (WHERE net < 0)::int AS lost
        FROM per_bet GROUP BY "userId")
    SELECT coalesce(r."userId", s."userId") AS "userId", r.won, r.lost, s.won AS "keptWon", s.lost AS "keptLost"
      FROM recomputed r FULL JOIN user_bet_stats s ON s."userId" = r."userId"
     WHERE coalesce(r.won, 0) <> coalesce(s.won, 0) OR coalesce(r.lost, 0) <> coalesce(s.lost, 0)`);
  expect(wrongCounters).toEqual([]);
  await expectUserStatsKept(dataSource);

  await expectAdminTotalsMatchTables(dataSource);

  const staleSeats = await dataSource.query<{ betId: number; userId: string }[]>(`
    SELECT s."betId", s."userId" FROM bet_participants s JOIN bets b ON b.id = s."betId"
     WHERE (s."potStatus", s."potResolvedAt") IS DISTINCT FROM
           (CASE WHEN b.kind = 'pot' THEN b.status END, CASE WHEN b.kind = 'pot' THEN b."resolutionDate" END)`);
  expect(staleSeats).toEqual([]);
}

/** The bets whose ledger rows do not hold exactly their joined seats' stakes (all of them while open, else 0). */
export function betsWhoseSeatsMissTheirEscrow(
  dataSource: Pick<DataSource, 'query'>,
): Promise<{ id: number }[]> {
  return dataSource.query<{ id: number }[]>(`
    SELECT b.id FROM bets b
      LEFT JOIN (SELECT "betId", sum(stake) AS held FROM bet_participants
                  WHERE "joinedAt" IS NOT NULL GROUP BY "betId") p ON p."betId" = b.id
      LEFT JOIN (SELECT "referenceId", sum(amount) AS net FROM transactions
                  WHERE "referenceType" = 'bet' GROUP BY "referenceId") t ON t."referenceId" = b.id::text
     WHERE coalesce(t.net, 0) <> -(CASE WHEN b.status IN ('pending', 'active', 'disputed')
                                        THEN coalesce(p.held, 0) ELSE 0 END)`);
}

/** `GET /api/admin/analytics`'s figures. */
export interface AdminTotals {
  totalUsers: number;
  totalBets: number;
  totalVolume: string;
  activeDisputes: number;
}

/**
 * The admin overview's figures counted over the whole tables: the statement admin_totals_delta replaced, kept
 * here as the oracle the kept figures are checked against.
 */
const ADMIN_TOTALS_FROM_TABLES = `
  SELECT (SELECT count(*) FROM users WHERE "deletedAt" IS NULL)::int AS "totalUsers",
         (SELECT count(*) FROM bets)::int AS "totalBets",
         (SELECT coalesce(sum(CASE WHEN kind = 'pot'
                                   THEN amount * (SELECT count(*) FROM bet_participants s
                                                   WHERE s."betId" = bets.id AND s."joinedAt" IS NOT NULL)
                                   ELSE amount + coalesce("opponentAmount", amount) END), 0)
            FROM bets WHERE status IN ('active', 'disputed', 'completed'))::numeric(14,2)::text AS "totalVolume",
         (SELECT count(*) FROM bets WHERE status = 'disputed')::int AS "activeDisputes"`;

export async function adminTotalsFromTables(dataSource: DataSource): Promise<AdminTotals | undefined> {
  const [row] = await dataSource.query<AdminTotals[]>(ADMIN_TOTALS_FROM_TABLES);
  return row;
}

/** Rule 6, both sides read in one statement (one snapshot), so writes running meanwhile cannot skew it. */
export async function expectAdminTotalsMatchTables(dataSource: DataSource): Promise<void> {
  const [row] = await dataSource.query<{ kept: AdminTotals; recounted: AdminTotals }[]>(`
    SELECT (SELECT row_to_json(k) FROM (
              SELECT coalesce(sum(users), 0)::int AS "totalUsers", coalesce(sum(bets), 0)::int AS "totalBets",
                     coalesce(sum(volume), 0)::numeric(14,2)::text AS "totalVolume",
                     coalesce(sum(disputed), 0)::int AS "activeDisputes"
                FROM admin_totals_delta) k) AS kept,
           (SELECT row_to_json(r) FROM (${ADMIN_TOTALS_FROM_TABLES}) r) AS recounted`);
  expect(row?.kept).toEqual(row?.recounted);
}

export async function balanceOf(dataSource: DataSource, userId: string): Promise<string> {
  const [row] = await dataSource.query<{ balance: string }[]>(
    `SELECT balance::text FROM users WHERE id = $1`,
    [userId],
  );
  return row?.balance ?? 'missing';
}
