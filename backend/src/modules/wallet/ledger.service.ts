import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Metrics } from '../../common/metrics/metrics.js';
import { SIGNED_AMOUNT_PATTERN } from '../../common/money.js';
import { LedgerEntry, type LedgerEntryType } from './ledger-entry.entity.js';
import { InsufficientBalanceError, LedgerAccountNotFoundError } from './wallet.errors.js';

export interface LedgerPosting {
  userId: string;
  /** Signed decimal string: "-25.00" debits, "25.00" credits. */
  amount: string;
  type: LedgerEntryType;
  referenceType?: string;
  referenceId?: string;
  description?: string;
  /** Only a payout reversal may take a balance below zero (docs/money.md). */
  allowNegative?: boolean;
  /** Message for the user when their balance does not cover a debit. */
  insufficientMessage?: string;
}

/**
 * The only code that changes a balance. Each posting updates the balance and writes its `transactions`
 * row in the caller's database transaction; arithmetic happens in PostgreSQL numeric, never in floats.
 */
@Injectable()
export class LedgerService {
  constructor(private readonly metrics: Metrics) {}

  async post(manager: EntityManager, postings: LedgerPosting[]): Promise<LedgerEntry[]> {
    if (postings.length === 0) return [];
    for (const posting of postings) {
      if (!SIGNED_AMOUNT_PATTERN.test(posting.amount)) throw new Error(`Bad ledger amount ${posting.amount}`);
    }
    // Lock every account involved in ascending id order, so two transactions touching the same
    // people always queue instead of deadlocking. NO KEY UPDATE, because a balance is not a key: the
    // KEY SHARE locks that foreign keys take (a new bet naming this user) must not conflict with it.
    const ids = [...new Set(postings.map((posting) => posting.userId))].sort();
    const locked = await manager.query<{ id: string }[]>(
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
      [ids],
    );
    if (locked.length !== ids.length) throw new LedgerAccountNotFoundError();

    const entries: LedgerEntry[] = [];
    for (const posting of postings) {
      if (posting.allowNegative) await manager.query(`SET LOCAL betwixt.allow_negative_balance = 'on'`);
      const updated = await manager.query<{ before: string; after: string }[]>(
        // Wrapped in a CTE so the driver hands back plain rows. A debit that the balance does not cover
        // matches no row (the trigger from the LedgerGuard migration is the backstop).
        `WITH changed AS (
           UPDATE users SET balance = balance + $2::numeric
            WHERE id = $1 AND (balance + $2::numeric >= 0 OR $2::numeric >= 0 OR $3)
            RETURNING balance
         )
         SELECT (balance - $2::numeric)::text AS before, balance::text AS after FROM changed`,
        [posting.userId, posting.amount, posting.allowNegative === true],
      );
      if (posting.allowNegative) await manager.query(`SET LOCAL betwixt.allow_negative_balance = 'off'`);
      const row = updated[0];
      if (!row) throw new InsufficientBalanceError(posting.insufficientMessage);
      entries.push(
        await manager.getRepository(LedgerEntry).save(
          manager.getRepository(LedgerEntry).create({
            userId: posting.userId,
            type: posting.type,
            amount: posting.amount,
            balanceBefore: row.before,
            balanceAfter: row.after,
            referenceType: posting.referenceType ?? null,
            referenceId: posting.referenceId ?? null,
            description: posting.description ?? null,
          }),
        ),
      );
      this.metrics.ledgerPostings.inc({ type: posting.type });
    }
    return entries;
  }
}
