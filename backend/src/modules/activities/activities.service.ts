import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ActivityDto } from './activities.controller.js';

@Injectable()
export class ActivitiesService {
  constructor(private readonly dataSource: DataSource) {}

  /** The user's own activity lines, newest first, with the money a win or loss meant. One query. */
  async recent(userId: string, limit: number, before?: number): Promise<ActivityDto[]> {
    const rows = await this.dataSource.query<
      {
        id: number;
        description: string;
        activityType: string;
        betId: number | null;
        amount: string | null;
        createdAt: Date;
      }[]
    >(
      `SELECT a.id, a.description, a."activityType", a."betId",
              CASE WHEN a."activityType" = 'bet_won' THEN b.amount::text
                   WHEN a."activityType" = 'bet_lost' THEN (-b.amount)::text END AS amount,
              a."createdAt"
         FROM bet_activities a LEFT JOIN bets b ON b.id = a."betId"
        WHERE a."userId" = $1 AND ($2::int IS NULL OR a.id < $2::int)
        ORDER BY a.id DESC LIMIT $3`,
      [userId, before ?? null, Math.min(Math.max(limit, 1), 100)],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
