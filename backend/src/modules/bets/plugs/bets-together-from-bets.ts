import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { TxOrManager } from '../../../database/transactor.js';
import { BetsTogether, type BetsTogetherSource, type HeadToHeadRow } from '../../friends/index.js';
import { opponentsOf, recordBetween } from '../bets-together.repository.js';

/** Two people's duels for friends' head-to-head and "people you may know". */
@Injectable()
export class BetsTogetherFromBets implements BetsTogetherSource, OnModuleInit {
  constructor(private readonly together: BetsTogether) {}

  onModuleInit(): void {
    this.together.plugIn(this);
  }

  opponentsOf(tx: TxOrManager, userId: string): Promise<string[]> {
    return opponentsOf(tx, userId);
  }

  recordBetween(tx: TxOrManager, viewerId: string, friendId: string): Promise<HeadToHeadRow | undefined> {
    return recordBetween(tx, viewerId, friendId);
  }
}
