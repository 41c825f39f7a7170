import { api } from '../../api/base-api';
import type { Bet, CreateBetInput, LedgerEntry, SubmitResultResponse, WalletSummary } from './types';

const BET_LISTS = [
  { type: 'Bet' as const, id: 'LIST' },
  'Wallet' as const,
  'User' as const,
  'Activity' as const,
  'Analytics' as const,
];

export const betsApi = api.injectEndpoints({
  endpoints: (build) => ({
    activeBets: build.query<Bet[], void>({
      query: () => '/api/bets/active',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    pendingBets: build.query<Bet[], void>({
      query: () => '/api/bets/pending',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    completedBets: build.query<Bet[], void>({
      query: () => '/api/bets/completed',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    /** One of the viewer's bets, always fetched fresh (a notification's link opens its dialog). */
    bet: build.query<Bet, number>({
      query: (id) => `/api/bets/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Bet', id }],
      keepUnusedDataFor: 0,
    }),
    wallet: build.query<WalletSummary, void>({ query: () => '/api/wallet', providesTags: ['Wallet'] }),
    ledger: build.query<LedgerEntry[], void>({
      query: () => '/api/wallet/transactions?limit=100',
      providesTags: ['Wallet'],
    }),
    createBet: build.mutation<Bet, CreateBetInput>({
      query: (body) => ({ url: '/api/bets', method: 'POST', body }),
      invalidatesTags: BET_LISTS,
    }),
    acceptBet: build.mutation<Bet, { id: number; opponentPick: string }>({
      query: ({ id, opponentPick }) => ({
        url: `/api/bets/${id}/accept`,
        method: 'POST',
        body: { opponentPick },
      }),
      invalidatesTags: BET_LISTS,
    }),
    declineBet: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/decline`, method: 'POST' }),
      invalidatesTags: BET_LISTS,
    }),
    submitResult: build.mutation<SubmitResultResponse, { id: number; result: string; confirmed: boolean }>({
      query: ({ id, result, confirmed }) => ({
        url: `/api/bets/${id}/submit-result`,
        method: 'POST',
        body: { result, confirmed },
      }),
      invalidatesTags: BET_LISTS,
    }),
  }),
});

export const {
  useBetQuery,
  useActiveBetsQuery,
  usePendingBetsQuery,
  useCompletedBetsQuery,
  useWalletQuery,
  useLedgerQuery,
  useCreateBetMutation,
  useAcceptBetMutation,
  useDeclineBetMutation,
  useSubmitResultMutation,
} = betsApi;

/** Spec §9 polling intervals. */
export const POLL = { activeBets: 30_000, pendingBets: 10_000 } as const;
