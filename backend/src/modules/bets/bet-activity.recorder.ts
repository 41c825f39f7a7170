import { Injectable } from '@nestjs/common';
import { managerOf, type TxOrManager } from '../../database/transactor.js';
import { BetActivity } from './bet-activity.entity.js';

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
  | 'admin_reresolved';

export interface ActivityLine {
  userId: string;
  type: BetActivityType;
  description: string;
}

/** Writes each party's activity line for a bet transition, in the transition's transaction. */
@Injectable()
export class BetActivityRecorder {
  async record(tx: TxOrManager, betId: number, lines: ActivityLine[]): Promise<void> {
    if (lines.length === 0) return;
    await managerOf(tx)
      .getRepository(BetActivity)
      .insert(
        lines.map((line) => ({
          betId,
          userId: line.userId,
          activityType: line.type,
          description: line.description,
        })),
      );
  }
}
