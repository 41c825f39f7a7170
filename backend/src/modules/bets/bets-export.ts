import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

/**
 * A person's bets and bet activities for their own data export (settings), each list one bounded statement,
 * in the caller's read. The caller names the row type it answers with (its export DTO); the columns are
 * chosen here.
 */
@Injectable()
export class BetsExport {
  betsOf<Row>(tx: TxOrManager, userId: string, limit: number): Promise<Row[]> {
    return queryIn<Row[]>(
      tx,
      `SELECT id, title, description, amount::text, "creatorId", "opponentId", status, duration, outcomes, "creatorPick",
              "opponentPick", "creatorResult", "opponentResult", "finalResult", "winnerUserId", "resolutionType",
              "createdAt", "expiresAt", "resolutionDate"
         FROM bets WHERE "creatorId" = $1 OR "opponentId" = $1 ORDER BY id LIMIT ${limit}`,
      [userId],
    );
  }

  activitiesOf<Row>(tx: TxOrManager, userId: string, limit: number): Promise<Row[]> {
    return queryIn<Row[]>(
      tx,
      `SELECT id, "betId", "activityType", description, "createdAt"
         FROM bet_activities WHERE "userId" = $1 ORDER BY "createdAt", id LIMIT ${limit}`,
      [userId],
    );
  }
}
