import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

export type BetActivityType =
  | 'bet_created'
  | 'bet_received'
  | 'bet_accepted'
  | 'bet_declined'
  | 'bet_cancelled'
  | 'bet_expired'
  | 'result_submitted'
  | 'bet_won'
  | 'bet_lost'
  | 'bet_draw'
  | 'bet_disputed'
  | 'admin_resolved'
  | 'admin_reresolved'
  | 'referee_asked'
  | 'referee_answered'
  | 'bet_called'
  | 'counter_offer';

export interface ActivityLine {
  userId: string;
  type: BetActivityType;
  description: string;
}

/**
 * Writes the activity feed's lines: each party's line for a bet transition, and an administrator's warning
 * (a line about no bet), in the caller's transaction.
 */
@Injectable()
export class BetActivityRecorder {
  /** A moderation warning kept in the warned person's activity feed. */
  async recordWarning(tx: TxOrManager, userId: string, description: string): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO bet_activities ("userId", "activityType", description) VALUES ($1, 'moderation_warning', $2)`,
      [userId, description],
    );
  }

  async record(tx: TxOrManager, betId: number, lines: ActivityLine[]): Promise<void> {
    if (lines.length === 0) return;
    // One statement for all lines, without TypeORM's insert builder (on every bet transition's hot path).
    await queryIn(
      tx,
      prepared(`INSERT INTO bet_activities ("betId", "userId", "activityType", description)
       SELECT $1, * FROM unnest($2::uuid[], $3::text[], $4::text[])`),
      [
        betId,
        lines.map((line) => line.userId),
        lines.map((line) => line.type),
        lines.map((line) => line.description),
      ],
    );
  }
}
