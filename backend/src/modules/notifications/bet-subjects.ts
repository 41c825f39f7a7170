import { Injectable } from '@nestjs/common';
import { Port } from '../../common/port.js';
import type { TxOrManager } from '../../database/transactor.js';

/** What a notification's bet is like now, for the recipient (see NotificationSubject). */
export interface BetState {
  status: string;
  reported: boolean;
  joined: boolean | null;
  refereeAgreed: boolean | null;
  called: boolean;
}

/** Tells where bets stand now, for one recipient: the bets module, which owns them. */
export interface BetSubjectSource {
  statesFor(tx: TxOrManager, userId: string, betIds: number[]): Promise<({ id: number } & BetState)[]>;
}

/**
 * The bets a page of notifications is about, as they are now. Bets imports notifications (a bet's changes
 * notify its people), so notifications cannot ask bets directly: the bets module plugs its source in when
 * it starts.
 */
@Injectable()
export class BetSubjects extends Port<BetSubjectSource> {
  constructor() {
    super('bet subjects');
  }

  statesFor(tx: TxOrManager, userId: string, betIds: number[]): Promise<({ id: number } & BetState)[]> {
    return this.plugged.statesFor(tx, userId, betIds);
  }
}
