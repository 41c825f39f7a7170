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
  /** Every bet the person holds a seat in (a duel's two people, a pot's players and invitees alike). */
  betsOf<Row>(tx: TxOrManager, userId: string, limit: number): Promise<Row[]> {
    return queryIn<Row[]>(
      tx,
      `SELECT b.id, b.kind, b.title, b.description, b.amount::text, b."opponentAmount"::text, b."creatorId",
              b."opponentId", b.status, b.duration, b.outcomes, b."creatorPick", b."opponentPick", b."creatorResult",
              b."opponentResult", b."finalResult", b."winnerUserId", b."resolutionType", b."createdAt",
              b."expiresAt", b."resolutionDate"
         FROM bets b
        WHERE b.id IN (SELECT "betId" FROM bet_participants WHERE "userId" = $1)
           OR b."creatorId" = $1 OR b."opponentId" = $1
        ORDER BY b.id LIMIT ${limit}`,
      [userId],
    );
  }

  /** The person's seats: role, pick, stake, report and payout in each bet. */
  seatsOf<Row>(tx: TxOrManager, userId: string, limit: number): Promise<Row[]> {
    return queryIn<Row[]>(
      tx,
      `SELECT "betId", role, pick, stake::text, result, "joinedAt", payout::text
         FROM bet_participants WHERE "userId" = $1 ORDER BY "betId" LIMIT ${limit}`,
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
