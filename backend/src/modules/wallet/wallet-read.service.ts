import { Injectable } from '@nestjs/common';
import { fromCents, toCents } from '../../common/money.js';
import { Escrow } from './escrow.js';
import type { LedgerEntryDto, WalletSummaryDto } from './wallet.controller.js';
import { WalletReadsRepository, type BetReceiptRow } from './wallet-reads.repository.js';

/** The wallet's screens and a bet's receipts: plain reads (WalletReadsRepository), never inside a money transaction. */
@Injectable()
export class WalletReadService {
  constructor(
    private readonly reads: WalletReadsRepository,
    private readonly escrow: Escrow,
  ) {}

  /** The person's money: what can be staked now, what sits in escrow in open bets, and both together. */
  async summary(userId: string): Promise<WalletSummaryDto> {
    const [available = '0.00', inPlay] = await Promise.all([
      this.reads.balanceOf(userId),
      this.escrow.heldBy(userId),
    ]);
    return { available, inPlay, total: fromCents(toCents(available) + toCents(inPlay)), currency: 'USD' };
  }

  /** The ledger rows of these types that name a bet, oldest first; one person's only when `userId` is given. */
  betReceipts(betId: number, types: readonly string[], userId: string | null): Promise<BetReceiptRow[]> {
    return this.reads.betReceipts(betId, types, userId);
  }

  /** A person's ledger rows for their own data export, oldest first; the caller names its row type. */
  exportOf<Row>(userId: string, limit: number): Promise<Row[]> {
    return this.reads.exportOf<Row>(userId, limit);
  }

  async entries(userId: string, limit: number, before?: number): Promise<LedgerEntryDto[]> {
    const rows = await this.reads.entries(userId, before ?? null, Math.min(Math.max(limit, 1), 100));
    return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
  }
}
