import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/**
 * A person's bets and bet activities for their own data export (settings), each list one bounded statement.
 * The caller names the row type it answers with (its export DTO); the columns are chosen here.
 */
@Injectable()
export class BetsExport {
  constructor(private readonly dataSource: DataSource) {}

  betsOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.dataSource.query<Row[]>(
      `SELECT id, title, description, amount::text, "creatorId", "opponentId", status, duration, outcomes, "creatorPick",
              "opponentPick", "creatorResult", "opponentResult", "finalResult", "winnerUserId", "resolutionType",
              "createdAt", "expiresAt", "resolutionDate"
         FROM bets WHERE "creatorId" = $1 OR "opponentId" = $1 ORDER BY id LIMIT ${limit}`,
      [userId],
    );
  }

  activitiesOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.dataSource.query<Row[]>(
      `SELECT id, "betId", "activityType", description, "createdAt"
         FROM bet_activities WHERE "userId" = $1 ORDER BY "createdAt", id LIMIT ${limit}`,
      [userId],
    );
  }
}
