import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../../database/transactor.js';
import { BetRecords, type BetRecordSource, type WonLost } from '../../users/index.js';
import { wonLostOf } from '../bet-record.repository.js';

/** A person's won and lost counts for their profile, from the record bets keeps as bets settle. */
@Injectable()
export class BetRecordsFromBets implements BetRecordSource, OnModuleInit {
  constructor(private readonly records: BetRecords) {}

  onModuleInit(): void {
    this.records.plugIn(this);
  }

  wonLostOf(tx: TxOrManager, userId: string): Promise<WonLost> {
    return wonLostOf(tx, userId);
  }
}
