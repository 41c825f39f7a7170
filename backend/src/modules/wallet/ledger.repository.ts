import { Injectable } from '@nestjs/common';
import { prepared } from '../../database/prepared-statement.js';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { LedgerEntry } from './ledger-entry.entity.js';

/** A posted ledger row: its id and the balance either side of it, as PostgreSQL numeric text. */
export interface PostedRow {
  id: string;
  before: string;
  after: string;
}

/** A ledger row to write; the balances either side of it come from the balance it changes. */
export type NewLedgerEntry = Pick<
  LedgerEntry,
  'userId' | 'type' | 'amount' | 'referenceType' | 'referenceId' | 'description'
>;

/**
 * The wallet's SQL: users' balances and the `transactions` table (docs/money.md, "The ledger"). Every method
 * runs in the caller's transaction; LedgerService decides, this only says it to PostgreSQL.
 */
@Injectable()
export class LedgerRepository {
  /**
   * Locks these accounts in ascending id order, so two transactions touching the same people always queue
   * instead of deadlocking. NO KEY UPDATE, because a balance is not a key: the KEY SHARE locks that foreign
   * keys take (a new bet naming this user) must not conflict with it. Returns how many accounts exist.
   */
  async lockAccounts(tx: TxOrManager, sortedIds: string[]): Promise<number> {
    const locked = await queryIn<{ id: string }[]>(
      tx,
      prepared(`SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`),
      [sortedIds],
    );
    return locked.length;
  }

  /** Lets (or stops letting) the LedgerGuard trigger accept a balance below zero, for this transaction. */
  async allowNegativeBalance(tx: TxOrManager, allowed: boolean): Promise<void> {
    await queryIn(
      tx,
      allowed
        ? `SET LOCAL betwixt.allow_negative_balance = 'on'`
        : `SET LOCAL betwixt.allow_negative_balance = 'off'`,
    );
  }

  /**
   * Adds the posting's amount to the balance and writes its ledger row, in one statement (one round trip,
   * not two, on every stake and payout). `undefined`, with nothing written, when it is a debit the balance
   * does not cover and `allowNegative` is false; the trigger from the LedgerGuard migration is the backstop.
   */
  async post(tx: TxOrManager, entry: NewLedgerEntry, allowNegative: boolean): Promise<PostedRow | undefined> {
    const [row] = await queryIn<PostedRow[]>(
      tx,
      prepared(`WITH changed AS (
         UPDATE users SET balance = balance + $2::numeric
          WHERE id = $1 AND (balance + $2::numeric >= 0 OR $2::numeric >= 0 OR $3)
          RETURNING balance
       ), entry AS (
         INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter", "referenceType",
                                   "referenceId", description)
         SELECT $1, $4::varchar, $2::numeric, balance - $2::numeric, balance, $5::varchar, $6::varchar, $7::text
           FROM changed
         RETURNING id, "balanceBefore"::text AS before, "balanceAfter"::text AS after
       )
       SELECT id, before, after FROM entry`),
      [
        entry.userId,
        entry.amount,
        allowNegative,
        entry.type,
        entry.referenceType,
        entry.referenceId,
        entry.description,
      ],
    );
    return row;
  }

  /** A user's balance as this transaction sees it. */
  async balanceOf(tx: TxOrManager, userId: string): Promise<string | undefined> {
    const [row] = await queryIn<{ balance: string }[]>(
      tx,
      prepared(`SELECT balance FROM users WHERE id = $1`),
      [userId],
    );
    return row?.balance;
  }
}
