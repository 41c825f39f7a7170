import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';
import type { Bet } from './types';

export type RefereeRecord = Schemas['RefereeRecordDto'];

// Every answer changes the bet, its lists and (on a settling accept) the wallets: the same tags a bet's
// accept invalidates, plus the bet's own page.
const touched = (id: number) => [
  { type: 'Bet' as const, id },
  { type: 'Bet' as const, id: 'LIST' },
  'Wallet' as const,
  'Activity' as const,
  'Analytics' as const,
];

/** Referee bets and counter-offers (docs/product.md, "Referee bets", "Counter-offers"). */
export const refereeApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A referee's record, for the picker and their profile (zeros when their privacy hides it). */
    refereeRecord: build.query<RefereeRecord, string>({
      query: (userId) => `/api/bets/referees/${userId}/record`,
    }),
    /** The open bets the viewer referees or is asked to. */
    refereeing: build.query<Bet[], void>({
      query: () => '/api/bets/referees/me/bets',
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    acceptRefereeRole: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/referee/accept`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => touched(id),
    }),
    declineRefereeRole: build.mutation<void, number>({
      query: (id) => ({ url: `/api/bets/${id}/referee/decline`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => touched(id),
    }),
    nameReferee: build.mutation<Bet, { id: number; refereeId: string }>({
      query: ({ id, refereeId }) => ({ url: `/api/bets/${id}/referee`, method: 'PUT', body: { refereeId } }),
      invalidatesTags: (_result, _error, { id }) => touched(id),
    }),
    callBet: build.mutation<Bet, { id: number } & Schemas['CallBetDto']>({
      query: ({ id, result, note }) => ({
        url: `/api/bets/${id}/call`,
        method: 'POST',
        body: { result, note },
      }),
      invalidatesTags: (_result, _error, { id }) => touched(id),
    }),
    acceptCall: build.mutation<Bet, number>({
      query: (id) => ({ url: `/api/bets/${id}/call/accept`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => touched(id),
    }),
    appealCall: build.mutation<Bet, { id: number } & Schemas['AppealDto']>({
      query: ({ id, statement }) => ({ url: `/api/bets/${id}/appeal`, method: 'POST', body: { statement } }),
      invalidatesTags: (_result, _error, { id }) => touched(id),
    }),
    counterOffer: build.mutation<Bet, { id: number } & Schemas['CounterOfferDto']>({
      query: ({ id, opponentAmount, opponentPick }) => ({
        url: `/api/bets/${id}/counter`,
        method: 'POST',
        body: { opponentAmount, ...(opponentPick ? { opponentPick } : {}) },
      }),
      invalidatesTags: (_result, _error, { id }) => touched(id),
    }),
  }),
});

export const {
  useRefereeRecordQuery,
  useRefereeingQuery,
  useAcceptRefereeRoleMutation,
  useDeclineRefereeRoleMutation,
  useNameRefereeMutation,
  useCallBetMutation,
  useAcceptCallMutation,
  useAppealCallMutation,
  useCounterOfferMutation,
} = refereeApi;
