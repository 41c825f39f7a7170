import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
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
  async record(manager: EntityManager, betId: number, lines: ActivityLine[]): Promise<void> {
    if (lines.length === 0) return;
    await manager.getRepository(BetActivity).insert(
      lines.map((line) => ({
        betId,
        userId: line.userId,
        activityType: line.type,
        description: line.description,
      })),
    );
  }
}
