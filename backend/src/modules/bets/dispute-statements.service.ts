import { Injectable } from '@nestjs/common';
import { Transactor } from '../../database/transactor.js';
import { DisputeStatementsRepository } from './dispute-statements.repository.js';
import { BetNotFoundError, BetStateError, NotYourMoveError } from './bets.errors.js';

/**
 * A party of a disputed bet tells the admin their side: one statement each, which they may rewrite
 * until an admin decides. Stored and returned as plain text; the page renders it as text, never HTML.
 */
@Injectable()
export class DisputeStatementsService {
  constructor(
    private readonly transactor: Transactor,
    private readonly statements: DisputeStatementsRepository,
  ) {}

  async write(
    userId: string,
    isAdmin: boolean,
    betId: number,
    text: string,
    links: string[] = [],
  ): Promise<void> {
    await this.transactor.run(async (tx) => {
      // A joined seat (bet_participants) makes a party: a duel's two people, a pot's players. A pot's
      // invitee who never joined can see the pot but has nothing at stake, so no side to tell.
      const bet = await this.statements.lockForStatement(tx, betId, userId);
      const isParty = bet?.seat === true || (bet?.kind === 'duel' && bet.seat === false);
      if (!bet || (bet.seat === null && !isAdmin)) throw new BetNotFoundError();
      if (!isParty) {
        throw new NotYourMoveError(
          bet.kind === 'pot'
            ? 'Only the players of this pot can add a statement'
            : 'Only the two players can add a statement',
        );
      }
      if (bet.status !== 'disputed') {
        throw new BetStateError('Statements can only be added while the bet is disputed');
      }
      await this.statements.upsert(tx, betId, userId, text, links);
    });
  }
}
