import { Injectable } from '@nestjs/common';
import type { Tx } from '../../database/transactor.js';
import { RelationsService } from '../friends/index.js';
import { AccountStanding } from '../users/index.js';
import { InvalidBetError } from './bets.errors.js';

/**
 * Who may referee a bet (docs/product.md, "Referee bets"): a friend of the creator, on the platform (not
 * deleted, not banned), not suspended, and not one of its players. Each refusal says which rule it broke.
 */
@Injectable()
export class RefereeRules {
  constructor(
    private readonly relations: RelationsService,
    private readonly standing: AccountStanding,
  ) {}

  async assertMayReferee(
    tx: Tx,
    creatorId: string,
    refereeId: string,
    players: string[],
    now: Date,
  ): Promise<void> {
    if (refereeId === creatorId || players.includes(refereeId)) {
      throw new InvalidBetError(
        'Your referee cannot play in the bet: choose a friend who is not a player',
        'refereeId',
      );
    }
    if (!(await this.standing.challengeable(tx, refereeId))) {
      throw new InvalidBetError('This person can no longer referee: their account is closed', 'refereeId');
    }
    if (await this.standing.isSuspended(tx, refereeId, now)) {
      throw new InvalidBetError('This person is suspended, so they cannot referee right now', 'refereeId');
    }
    if (!(await this.relations.areFriends(creatorId, refereeId, tx))) {
      throw new InvalidBetError('Your referee must be one of your friends', 'refereeId');
    }
  }
}
