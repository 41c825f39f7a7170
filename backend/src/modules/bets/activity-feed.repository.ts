import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

export interface ActivityRow {
  id: number;
  description: string;
  activityType: string;
  betId: number | null;
  amount: string | null;
  createdAt: Date;
}

/**
 * The activity feed's reads (the activities module serves the feed): the lines bets writes, each with its
 * bet's amount where it was won or lost.
 */
@Injectable()
export class ActivityFeedRepository {
  /** The user's lines, newest first, before the id `before` when given: one statement. */
  recent(tx: TxOrManager, userId: string, limit: number, before: number | null): Promise<ActivityRow[]> {
    return queryIn<ActivityRow[]>(
      tx,
      `SELECT a.id, a.description, a."activityType", a."betId",
              CASE WHEN a."activityType" = 'bet_won' THEN b.amount::text
                   WHEN a."activityType" = 'bet_lost' THEN (-b.amount)::text END AS amount,
              a."createdAt"
         FROM bet_activities a LEFT JOIN bets b ON b.id = a."betId"
        WHERE a."userId" = $1 AND ($2::int IS NULL OR a.id < $2::int)
        ORDER BY a.id DESC LIMIT $3`,
      [userId, before, limit],
    );
  }
}
