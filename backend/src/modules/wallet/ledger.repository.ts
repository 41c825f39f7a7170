import { Injectable } from '@nestjs/common';
import { queryIn } from '../../database/query-in.js';
import type { TxOrManager } from '../../database/transactor.js';
import type { LedgerEntry } from './ledger-entry.entity.js';

/** A balance before and after one posting, as PostgreSQL numeric text. */
export interface BalanceChange {
  before: string;
  after: string;
}

export type NewLedgerEntry = Pick<
  LedgerEntry,
  | 'userId'
  | 'type'
  | 'amount'
  | 'balanceBefore'
  | 'balanceAfter'
  | 'referenceType'
  | 'referenceId'
  | 'description'
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
      `SELECT id FROM users WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE`,
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
   * Adds `amount` to the balance; `undefined` when it is a debit the balance does not cover (and
   * `allowNegative` is false).
   */
  async changeBalance(
    tx: TxOrManager,
    userId: string,
    amount: string,
    allowNegative: boolean,
  ): Promise<BalanceChange | undefined> {
    const updated = await queryIn<BalanceChange[]>(
      tx,
      // Wrapped in a CTE so the driver hands back plain rows. A debit that the balance does not cover
      // matches no row (the trigger from the LedgerGuard migration is the backstop).
      `WITH changed AS (
         UPDATE users SET balance = balance + $2::numeric
          WHERE id = $1 AND (balance + $2::numeric >= 0 OR $2::numeric >= 0 OR $3)
          RETURNING balance
       )
       SELECT (balance - $2::numeric)::text AS before, balance::text AS after FROM changed`,
      [userId, amount, allowNegative],
    );
    return updated[0];
  }

  /**
   * The ledger row of a balance change (plain SQL: TypeORM's save() was a large share of a write's CPU). It
   * answers only the new row's id: the caller holds every other value, and reading back ten columns (a
   * timestamp among them) cost each stake its parsing for nothing.
   */
  async insertEntry(tx: TxOrManager, entry: NewLedgerEntry): Promise<string> {
    const [row] = await queryIn<{ id: string }[]>(
      tx,
      `INSERT INTO transactions ("userId", type, amount, "balanceBefore", "balanceAfter", "referenceType",
                                 "referenceId", description)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       RETURNING id`,
      [
        entry.userId,
        entry.type,
        entry.amount,
        entry.balanceBefore,
        entry.balanceAfter,
        entry.referenceType,
        entry.referenceId,
        entry.description,
      ],
    );
    if (!row) throw new Error('the ledger insert returned no row');
    return row.id;
  }

  /** A user's balance as this transaction sees it. */
  async balanceOf(tx: TxOrManager, userId: string): Promise<string | undefined> {
    const [row] = await queryIn<{ balance: string }[]>(tx, `SELECT balance FROM users WHERE id = $1`, [
      userId,
    ]);
    return row?.balance;
  }
}
