import type { Schemas } from './schemas';

/** The wallet's shapes, read by the dashboard, the create flow and the wallet page. */
export type WalletSummary = Schemas['WalletSummaryDto'];
export type LedgerEntry = Schemas['LedgerEntryDto'];
