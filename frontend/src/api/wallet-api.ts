import { api } from './base-api';
import type { Schemas } from './schemas';

export type WalletSummary = Schemas['WalletSummaryDto'];
export type LedgerEntry = Schemas['LedgerEntryDto'];

/** The wallet: balance split into available and in play, and the ledger's latest entries. */
export const walletApi = api.injectEndpoints({
  endpoints: (build) => ({
    wallet: build.query<WalletSummary, void>({ query: () => '/api/wallet', providesTags: ['Wallet'] }),
    ledger: build.query<LedgerEntry[], void>({
      query: () => '/api/wallet/transactions?limit=100',
      providesTags: ['Wallet'],
    }),
  }),
});

export const { useWalletQuery, useLedgerQuery } = walletApi;
