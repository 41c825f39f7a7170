import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AuthUser } from '../../common/auth/auth-user.js';
import { RelationsService } from './relations.service.js';
import type { HeadToHeadDto } from './dto/person.dto.js';
import { NotFriendsError } from './friends.errors.js';

interface HeadToHeadRow {
  won: number;
  lost: number;
  draws: number;
  total: number;
  net: string;
  biggest: string | null;
  latest: 'won' | 'lost' | 'draw' | null;
  streak: number;
  active: number;
  pending: number;
}

/**
 * The record between two friends over their completed bets, and how many bets between them are still open,
 * computed in one SQL statement.
 */
@Injectable()
export class HeadToHeadService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly relations: RelationsService,
  ) {}

  async between(viewer: AuthUser, friendId: string): Promise<HeadToHeadDto> {
    if (friendId === viewer.id || !(await this.relations.areFriends(viewer.id, friendId))) {
      throw new NotFriendsError();
    }
    // Results from the viewer's side, newest first (by resolution time); the streak is the run of equal
    // results at the head of that list, a draw breaking any run.
    const [row] = await this.dataSource.query<HeadToHeadRow[]>(
      `WITH played AS (
         SELECT amount,
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
              coalesce(sum(CASE result WHEN 'won' THEN amount WHEN 'lost' THEN -amount ELSE 0 END), 0)
                ::numeric(14, 2)::text AS net,
              (max(amount) FILTER (WHERE result = 'won'))::numeric(14, 2)::text AS biggest,
              (SELECT result FROM latest) AS latest,
              (SELECT count(*) FROM played
                WHERE rn < coalesce((SELECT min(rn) FROM played
                                      WHERE result IS DISTINCT FROM (SELECT result FROM latest)),
                                    2147483647))::int AS streak,
              (SELECT count(*) FROM open WHERE status IN ('active', 'disputed'))::int AS active,
              (SELECT count(*) FROM open WHERE status = 'pending')::int AS pending
         FROM played`,
      [viewer.id, friendId],
    );
    const latest = row?.latest ?? null;
    const kind = latest === 'won' || latest === 'lost' ? latest : 'none';
    return {
      won: row?.won ?? 0,
      lost: row?.lost ?? 0,
      draws: row?.draws ?? 0,
      netProfit: row?.net ?? '0.00',
      currentStreak: { kind, count: kind === 'none' ? 0 : (row?.streak ?? 0) },
      biggestWin: row?.biggest ?? null,
      totalBets: row?.total ?? 0,
      activeBets: row?.active ?? 0,
      pendingBets: row?.pending ?? 0,
    };
  }
}
