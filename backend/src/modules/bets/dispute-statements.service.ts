import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { inTransaction } from '../../database/in-transaction.js';
import { BetNotFoundError, BetStateError, NotYourMoveError } from './bets.errors.js';

/**
 * A party of a disputed bet tells the admin their side: one statement each, which they may rewrite
 * until an admin decides. Stored and returned as plain text; the page renders it as text, never HTML.
 */
@Injectable()
export class DisputeStatementsService {
  constructor(private readonly dataSource: DataSource) {}

  async write(
    userId: string,
    isAdmin: boolean,
    betId: number,
    text: string,
    links: string[] = [],
  ): Promise<void> {
    await inTransaction(this.dataSource, async (manager) => {
      // FOR SHARE: an admin's decision (which locks the bet FOR UPDATE) waits for this statement or comes
      // first and makes it refused, so a statement never lands after the decision it was meant for.
      // A joined seat (bet_participants) makes a party: a duel's two people, a pot's players. A pot's
      // invitee who never joined can see the pot but has nothing at stake, so no side to tell.
      const [bet] = await manager.query<{ status: string; kind: string; seat: boolean | null }[]>(
        `SELECT status, kind, (SELECT "joinedAt" IS NOT NULL FROM bet_participants
                                WHERE "betId" = $1 AND "userId" = $2) AS seat
           FROM bets WHERE id = $1 FOR SHARE`,
        [betId, userId],
      );
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
      await manager.query(
        `INSERT INTO dispute_statements ("betId", "userId", text, links) VALUES ($1, $2, $3, $4)
         ON CONFLICT ("betId", "userId")
         DO UPDATE SET text = EXCLUDED.text, links = EXCLUDED.links, "updatedAt" = now()`,
        [betId, userId, text, links],
      );
    });
  }
}
