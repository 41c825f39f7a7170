import { Injectable } from '@nestjs/common';
import { Port } from '../../common/port.js';

/** Tells how much of a person's money sits in escrow: the bets module, which knows which bets are open. */
export interface EscrowSource {
  /** The stakes of the person's seats in open bets, as text with two decimals. */
  heldBy(userId: string): Promise<string>;
}

/**
 * The escrow the wallet shows beside the balance. Bets imports the wallet (stakes move through the ledger),
 * so the wallet cannot ask bets directly: the bets module plugs its source in when it starts.
 */
@Injectable()
export class Escrow extends Port<EscrowSource> {
  constructor() {
    super('escrow');
  }

  heldBy(userId: string): Promise<string> {
    return this.plugged.heldBy(userId);
  }
}
