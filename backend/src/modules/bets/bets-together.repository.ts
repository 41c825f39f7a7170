import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { HeadToHeadRow } from '../friends/index.js';

/** The people the user has had a duel with (sent, accepted, or taken by link), in any state. */
export async function opponentsOf(tx: TxOrManager, userId: string): Promise<string[]> {
  const rows = await queryIn<{ id: string }[]>(
    tx,
    `SELECT DISTINCT CASE WHEN "creatorId" = $1::uuid THEN "opponentId" ELSE "creatorId" END AS id
       FROM bets
      WHERE ("creatorId" = $1::uuid OR "opponentId" = $1::uuid) AND "opponentId" IS NOT NULL`,
    [userId],
  );
  return rows.map((row) => row.id);
}

/** The record between two people over their completed duels, and their open ones: one statement. */
export async function recordBetween(
  tx: TxOrManager,
  viewerId: string,
  friendId: string,
): Promise<HeadToHeadRow | undefined> {
  // Results from the viewer's side, newest first (by resolution time); the streak is the run of equal
  // results at the head of that list, a draw breaking any run. At odds a win earns the other's stake and a
  // loss costs one's own.
  const [row] = await queryIn<HeadToHeadRow[]>(
    tx,
    `WITH played AS (
       SELECT CASE WHEN "creatorId" = $1::uuid THEN amount ELSE coalesce("opponentAmount", amount) END AS mine,
              CASE WHEN "creatorId" = $1::uuid THEN coalesce("opponentAmount", amount) ELSE amount END AS theirs,
              CASE WHEN "winnerUserId" = $1::uuid THEN 'won'
                   WHEN "winnerUserId" = $2::uuid THEN 'lost'
                   ELSE 'draw' END AS result,
              row_number() OVER (ORDER BY coalesce("resolutionDate", "updatedAt") DESC, id DESC) AS rn
         FROM bets
        WHERE status = 'completed'
          AND (("creatorId" = $1::uuid AND "opponentId" = $2::uuid)
            OR ("creatorId" = $2::uuid AND "opponentId" = $1::uuid))
     ), latest AS (
       SELECT result FROM played WHERE rn = 1
     ), open AS (
       SELECT status FROM bets
        WHERE status IN ('pending', 'active', 'disputed')
          AND (("creatorId" = $1::uuid AND "opponentId" = $2::uuid)
            OR ("creatorId" = $2::uuid AND "opponentId" = $1::uuid))
     )
     SELECT count(*) FILTER (WHERE result = 'won')::int AS won,
            count(*) FILTER (WHERE result = 'lost')::int AS lost,
            count(*) FILTER (WHERE result = 'draw')::int AS draws,
            count(*)::int AS total,
            coalesce(sum(CASE result WHEN 'won' THEN theirs WHEN 'lost' THEN -mine ELSE 0 END), 0)
              ::numeric(14, 2)::text AS net,
            (max(theirs) FILTER (WHERE result = 'won'))::numeric(14, 2)::text AS biggest,
            (SELECT result FROM latest) AS latest,
            (SELECT count(*) FROM played
              WHERE rn < coalesce((SELECT min(rn) FROM played
                                    WHERE result IS DISTINCT FROM (SELECT result FROM latest)),
                                  2147483647))::int AS streak,
            (SELECT count(*) FROM open WHERE status IN ('active', 'disputed'))::int AS active,
            (SELECT count(*) FROM open WHERE status = 'pending')::int AS pending
       FROM played`,
    [viewerId, friendId],
  );
  return row;
}
