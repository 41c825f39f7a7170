import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';

/** A ledger row that names a bet, as a bet page's receipts list it. */
export interface BetReceiptRow {
  id: string;
  userId: string;
  type: string;
  amount: string;
  balanceAfter: string;
  description: string | null;
  createdAt: Date;
}

/** A ledger row as the wallet's history page lists it. */
export interface LedgerPageRow {
  id: string;
  type: string;
  amount: string;
  balanceBefore: string;
  balanceAfter: string;
  description: string | null;
  referenceType: string | null;
  referenceId: string | null;
  createdAt: Date;
}

/**
 * The wallet's reads: one statement each on the ReadPool, never inside a money transaction (those go through
 * LedgerRepository). Inside an Idempotency-Key's unit of work they see what the use case wrote.
 */
@Injectable()
export class WalletReadsRepository {
  constructor(private readonly reads: ReadPool) {}

  /** The person's balance, as text. */
  async balanceOf(userId: string): Promise<string | undefined> {
    const [row] = await this.reads.rows<{ balance: string }>(
      `SELECT balance::text FROM users WHERE id = $1`,
      [userId],
    );
    return row?.balance;
  }

  /** The ledger rows of these types that name a bet, oldest first; one person's only when `userId` is given. */
  betReceipts(betId: number, types: readonly string[], userId: string | null): Promise<BetReceiptRow[]> {
    return this.reads.rows<BetReceiptRow>(
      `SELECT id::text AS id, "userId", type, amount, "balanceAfter", description, "createdAt"
         FROM transactions
        WHERE "referenceType" = 'bet' AND "referenceId" = $1 AND type = ANY($2)
          AND ($3::uuid IS NULL OR "userId" = $3)
        ORDER BY transactions.id`, // the number, not the text `id` of the answer
      [String(betId), types, userId],
    );
  }

  /** A person's ledger rows, oldest first, at most `limit` (an integer the caller fixes, written into the SQL). */
  exportOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.reads.rows<Row>(
      `SELECT id::text, type, amount::text, "balanceBefore"::text, "balanceAfter"::text, "referenceType", "referenceId",
              description, "createdAt"
         FROM transactions WHERE "userId" = $1 ORDER BY "createdAt", id LIMIT ${limit}`,
      [userId],
    );
  }

  /** A page of a person's ledger rows, newest first, before the row id `before` when given. */
  entries(userId: string, before: number | null, limit: number): Promise<LedgerPageRow[]> {
    return this.reads.rows<LedgerPageRow>(
      `SELECT id::text, type, amount::text, "balanceBefore"::text, "balanceAfter"::text, description,
              "referenceType", "referenceId", "createdAt"
         FROM transactions
        WHERE "userId" = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY transactions.id DESC LIMIT $3`,
      [userId, before, limit],
    );
  }
}
