import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';

/** A bet as a statement's writer finds it: its status, kind, and the writer's seat (null: none). */
export interface StatementTarget {
  status: string;
  kind: string;
  seat: boolean | null;
}

/** The dispute_statements table: one statement per party of a disputed bet. */
@Injectable()
export class DisputeStatementsRepository {
  /**
   * The bet, FOR SHARE: an admin's decision (which locks the bet FOR UPDATE) waits for this statement or
   * comes first and makes it refused, so a statement never lands after the decision it was meant for.
   * `seat` is whether the user's bet_participants seat is joined (null when they have none).
   */
  async lockForStatement(
    tx: TxOrManager,
    betId: number,
    userId: string,
  ): Promise<StatementTarget | undefined> {
    const [bet] = await queryIn<StatementTarget[]>(
      tx,
      `SELECT status, kind, (SELECT "joinedAt" IS NOT NULL FROM bet_participants
                              WHERE "betId" = $1 AND "userId" = $2) AS seat
         FROM bets WHERE id = $1 FOR SHARE`,
      [betId, userId],
    );
    return bet;
  }

  /** The user's statement on the bet, written or rewritten. */
  async upsert(tx: TxOrManager, betId: number, userId: string, text: string, links: string[]): Promise<void> {
    await queryIn(
      tx,
      `INSERT INTO dispute_statements ("betId", "userId", text, links) VALUES ($1, $2, $3, $4)
       ON CONFLICT ("betId", "userId")
       DO UPDATE SET text = EXCLUDED.text, links = EXCLUDED.links, "updatedAt" = now()`,
      [betId, userId, text, links],
    );
  }
}
