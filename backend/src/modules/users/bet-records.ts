import { Injectable } from '@nestjs/common';
import { Port } from '../../common/port.js';
import type { TxOrManager } from '../../database/transactor.js';

/** How many decided bets a person won and lost, duels and pots alike. */
export interface WonLost {
  won: number;
  lost: number;
}

/** Tells a person's won and lost counts: the bets module, which keeps them as bets settle. */
export interface BetRecordSource {
  wonLostOf(tx: TxOrManager, userId: string): Promise<WonLost>;
}

/**
 * A person's record as their profile shows it. Bets imports users and friends, so neither can ask bets
 * directly: the bets module plugs its source in when it starts.
 */
@Injectable()
export class BetRecords extends Port<BetRecordSource> {
  constructor() {
    super('bet records');
  }

  wonLostOf(tx: TxOrManager, userId: string): Promise<WonLost> {
    return this.plugged.wonLostOf(tx, userId);
  }
}
