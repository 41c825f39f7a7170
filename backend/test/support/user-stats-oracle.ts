import type { DataSource } from 'typeorm';
import {
  readUserFigures,
  toUserFigures,
  type ProfitPointRow,
  type UserFigures,
  type UserFiguresRow,
} from '../../src/modules/analytics/user-figures.js';

interface Queryable {
  query<T>(sql: string, parameters?: unknown[]): Promise<T>;
}

/**
 * The user-stats figures recomputed from the person's whole history: the statements `GET
 * /api/analytics/user-stats` sent before its figures were kept (migration UserStatsCounters). They define the
 * right answer; the kept figures are checked against them.
 */
/**
 * Every bet the person is in once under way, as a duel party or a joined pot player: their stake, whether it
 * was decided (someone won) and won, and what it came to (a duel's winner gains the other side's stake, which
 * differs from their own when the stakes are uneven). A pot is decided when a joined player picked its
 * outcome; its winners' net is their payout minus their stake, everyone else's minus the stake.
 */
const MINE = `
  mine AS (
    SELECT id, status, own AS amount, "resolutionDate",
           (status = 'completed' AND "winnerUserId" IS NOT NULL) AS decided,
           (status = 'completed' AND "winnerUserId" = $1) AS won,
           CASE WHEN "winnerUserId" = $1 THEN theirs ELSE -own END AS net
      FROM bets,
           LATERAL (SELECT CASE WHEN "creatorId" = $1 THEN amount ELSE coalesce("opponentAmount", amount) END AS own,
                           CASE WHEN "creatorId" = $1 THEN coalesce("opponentAmount", amount) ELSE amount END
                             AS theirs) stakes
     WHERE kind = 'duel' AND ("creatorId" = $1 OR "opponentId" = $1)
    UNION ALL
    SELECT b.id, b.status, s.stake, b."resolutionDate", w.decided, w.decided AND s.pick = b."finalResult",
           CASE WHEN s.pick = b."finalResult" THEN s.payout - s.stake ELSE -s.stake END
      FROM bet_participants s JOIN bets b ON b.id = s."betId",
           LATERAL (SELECT b.status = 'completed' AND b."finalResult" <> 'no_clear_outcome'
                           AND EXISTS (SELECT 1 FROM bet_participants o WHERE o."betId" = b.id
                                          AND o."joinedAt" IS NOT NULL AND o.pick = b."finalResult") AS decided) w
     WHERE b.kind = 'pot' AND s."userId" = $1 AND s."joinedAt" IS NOT NULL
  )`;

const FIGURES_FROM_HISTORY = `
  WITH ${MINE}, decided AS (
    SELECT won, row_number() OVER (ORDER BY "resolutionDate" DESC NULLS LAST, id DESC) AS rn
      FROM mine WHERE decided
  ), runs AS (
    SELECT won, rn - row_number() OVER (PARTITION BY won ORDER BY rn) AS grp FROM decided
  )
  SELECT
    (SELECT count(*) FROM decided WHERE won)::int AS won,
    (SELECT count(*) FROM decided WHERE NOT won)::int AS lost,
    (SELECT count(*) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::int AS total,
    (SELECT count(*) FROM mine WHERE status IN ('active', 'disputed'))::int AS active,
    ((SELECT count(*) FROM bets WHERE status = 'pending' AND ("creatorId" = $1 OR "opponentId" = $1))
      + (SELECT count(*) FROM bet_participants s JOIN bets b ON b.id = s."betId"
          WHERE s."userId" = $1 AND b.kind = 'pot' AND b."creatorId" <> $1 AND b.status = 'pending'))::int AS pending,
    (SELECT coalesce(sum(amount), 0) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::numeric(12,2)::text AS wagered,
    (SELECT coalesce(round(avg(amount), 2), 0) FROM mine WHERE status IN ('active', 'disputed', 'completed'))::numeric(12,2)::text AS avg,
    (SELECT coalesce(sum(net), 0) FROM mine WHERE decided)::numeric(12,2)::text AS profit,
    (SELECT coalesce(sum(amount), 0) FROM transactions
      WHERE "userId" = $1 AND type IN ('bet_payout', 'payout_reversal'))::numeric(12,2)::text AS paid,
    (SELECT count(*) FROM friendships
      WHERE status = 'accepted' AND ("requesterId" = $1 OR "addresseeId" = $1))::int AS friends,
    (SELECT count(*) FROM runs WHERE won AND grp = 0)::int AS current_streak,
    (SELECT coalesce(max(n), 0) FROM (SELECT count(*) AS n FROM runs WHERE won GROUP BY grp) s)::int AS longest_streak`;

const HISTORY_FROM_HISTORY = `
  WITH ${MINE}
  SELECT date, cumulative FROM (
    SELECT "resolutionDate" AS date, id,
           (sum(net) OVER (ORDER BY "resolutionDate", id))::numeric(12,2)::text AS cumulative
      FROM mine WHERE decided
  ) running ORDER BY date DESC, id DESC LIMIT 100`;

/** The figures of one person, recomputed from all their bets, ledger rows and friendships. */
export async function userFiguresFromHistory(db: Queryable, userId: string): Promise<UserFigures> {
  const [row] = await db.query<UserFiguresRow[]>(FIGURES_FROM_HISTORY, [userId]);
  const history = await db.query<ProfitPointRow[]>(HISTORY_FROM_HISTORY, [userId]);
  return toUserFigures(row, history);
}

/**
 * Every person's user-stats figures as kept (the endpoint's read) equal the recomputation from history: the
 * counters, both streaks and the profit history. Each person's two readings share one snapshot.
 */
export async function expectUserStatsKept(dataSource: DataSource): Promise<void> {
  const users = await dataSource.query<{ id: string }[]>(`SELECT id FROM users ORDER BY id`);
  const wrong: { userId: string; kept: UserFigures; recomputed: UserFigures }[] = [];
  for (const { id } of users) {
    await dataSource.transaction('REPEATABLE READ', async (manager) => {
      const kept = await readUserFigures(manager, id);
      const recomputed = await userFiguresFromHistory(manager, id);
      if (JSON.stringify(kept) !== JSON.stringify(recomputed)) wrong.push({ userId: id, kept, recomputed });
    });
  }
  expect(wrong).toEqual([]);
}
