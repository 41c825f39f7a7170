import { Injectable } from '@nestjs/common';
import { ReadPool } from '../../database/read-pool.js';
import type { LedgerEntryDto, WalletSummaryDto } from './wallet.controller.js';

/** The wallet's screens: plain reads on the hot path (ReadPool), never inside a money transaction. */
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
