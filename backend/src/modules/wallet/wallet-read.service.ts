import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import type { LedgerEntryDto, WalletSummaryDto } from './wallet.controller.js';

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

/** The wallet's screens and a bet's receipts: plain reads (ReadPool), never inside a money transaction. */
@Injectable()
export class WalletReadService {
  constructor(private readonly reads: ReadPool) {}

  /** Balance split into what can be staked now and what sits in escrow, summed in SQL. */
  async summary(userId: string): Promise<WalletSummaryDto> {
    const [row] = await this.reads.rows<{ available: string; inPlay: string; total: string }>(
      `WITH escrow AS (
         SELECT coalesce(sum(amount), 0) AS held FROM bets
          WHERE ("creatorId" = $1 AND status IN ('pending', 'active', 'disputed'))
             OR ("opponentId" = $1 AND status IN ('active', 'disputed')))
       SELECT u.balance::text AS available, escrow.held::numeric(10,2)::text AS "inPlay",
              (u.balance + escrow.held)::numeric(12,2)::text AS total
         FROM users u, escrow WHERE u.id = $1`,
      [userId],
    );
    return {
      available: row?.available ?? '0.00',
      inPlay: row?.inPlay ?? '0.00',
      total: row?.total ?? '0.00',
      currency: 'USD',
    };
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

  /** A person's ledger rows for their own data export, oldest first; the caller names its row type. */
  exportOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.reads.rows<Row>(
      `SELECT id::text, type, amount::text, "balanceBefore"::text, "balanceAfter"::text, "referenceType", "referenceId",
              description, "createdAt"
         FROM transactions WHERE "userId" = $1 ORDER BY "createdAt", id LIMIT ${limit}`,
      [userId],
    );
  }

  async entries(userId: string, limit: number, before?: number): Promise<LedgerEntryDto[]> {
    const rows = await this.reads.rows<{
      id: string;
      type: string;
      amount: string;
      balanceBefore: string;
      balanceAfter: string;
      description: string | null;
      referenceType: string | null;
      referenceId: string | null;
      createdAt: Date;
    }>(
      `SELECT id::text, type, amount::text, "balanceBefore"::text, "balanceAfter"::text, description,
              "referenceType", "referenceId", "createdAt"
         FROM transactions
        WHERE "userId" = $1 AND ($2::bigint IS NULL OR id < $2::bigint)
        ORDER BY transactions.id DESC LIMIT $3`,
      [userId, before ?? null, Math.min(Math.max(limit, 1), 100)],
    );
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
