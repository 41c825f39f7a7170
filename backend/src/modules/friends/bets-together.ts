import { Injectable } from '@nestjs/common';
import { Port } from '../../common/port.js';
import type { TxOrManager } from '../../database/transactor.js';

/** Two people's record over their completed duels, from the viewer's side, and their open ones. */
export interface HeadToHeadRow {
  won: number;
  lost: number;
  draws: number;
  total: number;
  net: string;
  biggest: string | null;
  latest: 'won' | 'lost' | 'draw' | null;
  streak: number;
  active: number;
  pending: number;
}

/** Tells what people's bets together say: the bets module, which owns them. */
export interface BetsTogetherSource {
  /** The people the user has had a duel with, in any state. */
  opponentsOf(tx: TxOrManager, userId: string): Promise<string[]>;
  /** The record between the viewer and a friend, and their open duels. */
  recordBetween(tx: TxOrManager, viewerId: string, friendId: string): Promise<HeadToHeadRow | undefined>;
}

/**
 * Bets between friends, for head-to-head and "people you may know". Bets imports friends (a challenge needs
 * a friendship), so friends cannot ask bets directly: the bets module plugs its source in when it starts.
 */
@Injectable()
export class BetsTogether extends Port<BetsTogetherSource> {
  constructor() {
    super('bets together');
  }

  opponentsOf(tx: TxOrManager, userId: string): Promise<string[]> {
    return this.plugged.opponentsOf(tx, userId);
  }

  recordBetween(tx: TxOrManager, viewerId: string, friendId: string): Promise<HeadToHeadRow | undefined> {
    return this.plugged.recordBetween(tx, viewerId, friendId);
  }
}
