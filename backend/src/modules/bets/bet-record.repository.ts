import { managerOf, type TxOrManager } from '../../database/transactor.js';

/** A person's betting record as SQL hands it over: counts as integers, money as numeric(12,2) text. */
export interface BetRecordRow {
  won: number;
  lost: number;
  total: number;
  active: number;
  pending: number;
  wagered: string;
  avg: string;
  profit: string;
  paid: string;
  current_streak: number;
  longest_streak: number;
}

/** One point of the profit history: a decided bet's date and the running profit after it. */
export interface ProfitPointRow {
  date: Date;
  cumulative: string;
}

/**
 * Every figure from the row the bets and ledger triggers keep (database/rules/user-stats.ts), whatever the
 * length of the person's history. avg is wagered / total rounded as round(avg(amount), 2) rounds it (avg
 * over numeric is that same division). pending: read through the (party, status) index of bets (not kept:
 * it changes with every challenge), and the group pots the person is invited to or joined and did not start
 * (their player seats).
 */
const FIGURES_SQL = `
  SELECT coalesce(s.won, 0) AS won, coalesce(s.lost, 0) AS lost, coalesce(s.total, 0) AS total,
         coalesce(s.active, 0) AS active,
         ((SELECT count(*) FROM bets
            WHERE status = 'pending' AND ("creatorId" = $1 OR "opponentId" = $1) AND kind = 'duel')
          + (SELECT count(*) FROM bet_participants
              WHERE "userId" = $1 AND "potStatus" = 'pending'))::int AS pending,
         coalesce(s.wagered, 0)::numeric(12,2)::text AS wagered,
         (CASE WHEN coalesce(s.total, 0) = 0 THEN 0 ELSE round(s.wagered / s.total, 2) END)::numeric(12,2)::text AS avg,
         coalesce(s.profit, 0)::numeric(12,2)::text AS profit,
         coalesce((SELECT paid FROM user_payout_totals WHERE "userId" = $1), 0)::numeric(12,2)::text AS paid,
         coalesce(s."currentStreak", 0) AS current_streak, coalesce(s."longestStreak", 0) AS longest_streak
    FROM (SELECT $1::uuid AS id) me LEFT JOIN user_bet_stats s ON s."userId" = me.id`;

/**
 * The running profit after each of the latest 100 decided bets (oldest first once reversed), in the order
 * (resolutionDate, id): the kept total minus what the later bets added. The latest 100 come from the
 * partial indexes of decided bets by (party, resolutionDate, id), read backwards, 100 per side at most (a
 * duel's winner gains the other side's stake, its loser loses their own), and
 * from the person's decided pots (their seats' decidedNet: payout minus stake, or minus the stake; the seats
 * keep the pot's status and resolution date, so this reads the seats' index alone).
 */
const HISTORY_SQL = `
  WITH latest AS (
    SELECT id, "resolutionDate", delta FROM (
      (SELECT id, "resolutionDate",
              CASE WHEN "winnerUserId" = $1 THEN coalesce("opponentAmount", amount) ELSE -amount END AS delta
         FROM bets WHERE "creatorId" = $1 AND status = 'completed' AND "winnerUserId" IS NOT NULL
        ORDER BY "resolutionDate" DESC, id DESC LIMIT 100)
      UNION ALL
      (SELECT id, "resolutionDate",
              CASE WHEN "winnerUserId" = $1 THEN amount ELSE -coalesce("opponentAmount", amount) END AS delta
         FROM bets WHERE "opponentId" = $1 AND status = 'completed' AND "winnerUserId" IS NOT NULL
        ORDER BY "resolutionDate" DESC, id DESC LIMIT 100)
      UNION ALL
      (SELECT "betId", "potResolvedAt", "decidedNet"
         FROM bet_participants
        WHERE "userId" = $1 AND "decidedNet" IS NOT NULL AND "potStatus" = 'completed'
        ORDER BY "potResolvedAt" DESC, "betId" DESC LIMIT 100)
    ) sides ORDER BY "resolutionDate" DESC, id DESC LIMIT 100
  )
  SELECT "resolutionDate" AS date,
         ((SELECT profit FROM user_bet_stats WHERE "userId" = $1)
           - coalesce(sum(delta) OVER (ORDER BY "resolutionDate" DESC, id DESC
                                       ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0))::numeric(12,2)::text AS cumulative
    FROM latest ORDER BY "resolutionDate" DESC, id DESC`;

/**
 * A person's record (the analytics' figures but the friends count) and their profit history, newest first:
 * two statements, a handful of index lookups, flat in the history's length.
 */
export async function betRecordOf(
  tx: TxOrManager,
  userId: string,
): Promise<{ row: BetRecordRow | undefined; history: ProfitPointRow[] }> {
  const db = managerOf(tx);
  const [row] = await db.query<BetRecordRow[]>(FIGURES_SQL, [userId]);
  const history = await db.query<ProfitPointRow[]>(HISTORY_SQL, [userId]);
  return { row, history };
}

/** The person's kept won and lost counts (user_bet_stats), duels and pots alike; zeros before a first bet. */
export async function wonLostOf(tx: TxOrManager, userId: string): Promise<{ won: number; lost: number }> {
  const [row] = await managerOf(tx).query<{ won: number; lost: number }[]>(
    `SELECT won, lost FROM user_bet_stats WHERE "userId" = $1`,
    [userId],
  );
  return { won: row?.won ?? 0, lost: row?.lost ?? 0 };
}
