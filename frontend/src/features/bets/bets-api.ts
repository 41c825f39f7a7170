import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';
import type {
  Bet,
  BetPageData,
  BetParty,
  CreateBetInput,
  HistoryFilter,
  SubmitResultResponse,
} from './types';

/** Page size of the history list; a shorter page means there is nothing older. */
export const HISTORY_PAGE = 20;

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
    /** The dashboard's Recent Results: the newest finished bets. */
    recentResults: build.query<Bet[], void>({
      query: () => '/api/bets/completed?limit=5',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    /** The history, newest first, a page at a time: the next page is older than the last bet shown. */
    history: build.infiniteQuery<Bet[], HistoryFilter, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        // A short page means there is nothing older.
        getNextPageParam: (last) => (last.length === HISTORY_PAGE ? (last.at(-1)?.id ?? null) : null),
      },
      query: ({ queryArg: { status, opponentId, kind }, pageParam }) => {
        const params = new URLSearchParams({ limit: String(HISTORY_PAGE) });
        if (pageParam !== null) params.set('before', String(pageParam));
        if (status) params.set('status', status);
        if (opponentId) params.set('opponentId', opponentId);
        if (kind) params.set('kind', kind);
        return `/api/bets/history?${params.toString()}`;
      },
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    /** The newest finished bet with this person, whose terms a rematch starts from (null: none yet). */
    lastFinishedBetWith: build.query<Bet | null, string>({
      query: (opponentId) =>
        `/api/bets/history?${new URLSearchParams({ status: 'completed', opponentId, limit: '1' }).toString()}`,
      transformResponse: (bets: Bet[]) => bets[0] ?? null,
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    /** Everyone the viewer has bet against: the history's opponent filter, whatever status it shows. */
    opponents: build.query<BetParty[], void>({
      query: () => '/api/bets/opponents',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    betPage: build.query<BetPageData, number>({
      query: (id) => `/api/bets/${id}/page`,
      providesTags: (_result, _error, id) => [{ type: 'Bet', id }, { type: 'Bet', id: 'LIST' }, 'Wallet'],
    }),
    writeStatement: build.mutation<void, { id: number } & Schemas['DisputeStatementInputDto']>({
      query: ({ id, text, links }) => ({
        url: `/api/bets/${id}/statement`,
        method: 'PUT',
        body: { text, links: links ?? [] },
      }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Bet', id }],
    }),
    cancelBet: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/cancel`, method: 'POST' }),
      invalidatesTags: BET_LISTS,
    }),
    /** One of the viewer's bets, always fetched fresh (a notification's link opens its dialog). */
    bet: build.query<Bet, number>({
      query: (id) => `/api/bets/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Bet', id }],
      keepUnusedDataFor: 0,
    }),
    createBet: build.mutation<Bet, CreateBetInput>({
      query: (body) => ({ url: '/api/bets', method: 'POST', body }),
      invalidatesTags: BET_LISTS,
    }),
    acceptBet: build.mutation<Bet, { id: number } & Schemas['AcceptBetDto']>({
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
    /** A group pot: join with a pick (the stake is escrowed), leave before the lock, or start it early. */
    joinPot: build.mutation<Bet, { id: number; pick: string }>({
      query: ({ id, pick }) => ({ url: `/api/bets/${id}/join`, method: 'POST', body: { pick } }),
      invalidatesTags: (_result, _error, { id }) => [...BET_LISTS, { type: 'Bet', id }],
    }),
    leavePot: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/leave`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...BET_LISTS, { type: 'Bet', id }],
    }),
    lockPot: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/lock`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [...BET_LISTS, { type: 'Bet', id }],
    }),
    submitResult: build.mutation<SubmitResultResponse, { id: number } & Schemas['SubmitResultDto']>({
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
  useRecentResultsQuery,
  useHistoryInfiniteQuery,
  useLastFinishedBetWithQuery,
  useOpponentsQuery,
  useBetPageQuery,
  useWriteStatementMutation,
  useCancelBetMutation,
  useCreateBetMutation,
  useAcceptBetMutation,
  useDeclineBetMutation,
  useSubmitResultMutation,
  useJoinPotMutation,
  useLeavePotMutation,
  useLockPotMutation,
} = betsApi;

/** docs/product.md §9 polling intervals. */
export const POLL = { activeBets: 30_000, pendingBets: 10_000 } as const;
