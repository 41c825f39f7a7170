import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Escrow, type EscrowSource } from '../../wallet/index.js';
import { BetReadsRepository } from '../bet-reads.repository.js';

/** What the wallet shows as in play: the stakes of the person's seats in open bets, duels and pots alike. */
@Injectable()
export class EscrowFromBets implements EscrowSource, OnModuleInit {
  constructor(
    private readonly escrow: Escrow,
    private readonly reads: BetReadsRepository,
  ) {}

  onModuleInit(): void {
    this.escrow.plugIn(this);
  }

  heldBy(userId: string): Promise<string> {
    return this.reads.escrowHeldBy(userId);
  }
}
