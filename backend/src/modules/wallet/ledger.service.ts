import { Injectable } from '@nestjs/common';
import { Metrics } from '../../common/metrics/metrics.js';
import { SIGNED_AMOUNT_PATTERN } from '../../common/money.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { LedgerEntryType } from './ledger-entry.entity.js';
import { LedgerRepository } from './ledger.repository.js';
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

/** What a posting's caller learns of the ledger row it wrote: its id and the balance either side of it. */
export interface PostedEntry {
  id: string;
  balanceBefore: string;
  balanceAfter: string;
}

/**
 * The only code that changes a balance. Each posting updates the balance and writes its `transactions`
 * row in the caller's database transaction; arithmetic happens in PostgreSQL numeric, never in floats.
 */
@Injectable()
export class LedgerService {
  constructor(
    private readonly ledger: LedgerRepository,
    private readonly metrics: Metrics,
  ) {}

  async post(tx: TxOrManager, postings: LedgerPosting[]): Promise<PostedEntry[]> {
    if (postings.length === 0) return [];
    for (const posting of postings) {
      if (!SIGNED_AMOUNT_PATTERN.test(posting.amount)) throw new Error(`Bad ledger amount ${posting.amount}`);
    }
    // Every account involved is locked before any balance moves, in ascending id order (docs/money.md). With
    // one account, its first posting's UPDATE takes that very lock at that very point: no statement of its own.
    const ids = [...new Set(postings.map((posting) => posting.userId))].sort();
    if (ids.length > 1 && (await this.ledger.lockAccounts(tx, ids)) !== ids.length)
      throw new LedgerAccountNotFoundError();

    const entries: PostedEntry[] = [];
    for (const posting of postings) {
      if (posting.allowNegative) await this.ledger.allowNegativeBalance(tx, true);
      const row = await this.ledger.post(
        tx,
        {
          userId: posting.userId,
          type: posting.type,
          amount: posting.amount,
          referenceType: posting.referenceType ?? null,
          referenceId: posting.referenceId ?? null,
          description: posting.description ?? null,
        },
        posting.allowNegative === true,
      );
      if (posting.allowNegative) await this.ledger.allowNegativeBalance(tx, false);
      if (!row) {
        // Nothing written: a debit the balance does not cover, or (not locked beforehand) no such account.
        if (ids.length === 1 && (await this.ledger.balanceOf(tx, posting.userId)) === undefined)
          throw new LedgerAccountNotFoundError();
        throw new InsufficientBalanceError(posting.insufficientMessage);
      }
      entries.push({ id: row.id, balanceBefore: row.before, balanceAfter: row.after });
      this.metrics.ledgerPostings.inc({ type: posting.type });
    }
    return entries;
  }

  /**
   * Locks these accounts now, in ascending id order, for a transaction that will post to them one at a time
   * (each `post` locks only its own accounts, so a run of posts would otherwise take them in the run's order).
   */
  async lockAccounts(tx: TxOrManager, userIds: string[]): Promise<void> {
    await this.ledger.lockAccounts(tx, [...new Set(userIds)].sort());
  }

  /** The user's balance inside this transaction (after what it has posted). */
  async balanceOf(tx: TxOrManager, userId: string): Promise<string | undefined> {
    return this.ledger.balanceOf(tx, userId);
  }
}
