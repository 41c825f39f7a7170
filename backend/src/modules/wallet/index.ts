export { Escrow, type EscrowSource } from './escrow.js';
export { LedgerEntry } from './ledger-entry.entity.js';
export { LedgerService } from './ledger.service.js';
export type { LedgerPosting, PostedEntry } from './ledger.service.js';
export { WalletReadService } from './wallet-read.service.js';
export type { BetReceiptRow } from './wallet-reads.repository.js';
export { InsufficientBalanceError } from './wallet.errors.js';
export { WalletModule } from './wallet.module.js';
