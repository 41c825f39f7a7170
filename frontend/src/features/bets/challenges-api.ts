import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';
import type { Bet } from './types';

/** An open challenge as its link shows it (GET /api/challenges/{code}, also signed out). */
export type Challenge = Schemas['ChallengeDto'];
export type ChallengeStatus = Challenge['status'];

const BET_LISTS = [{ type: 'Bet' as const, id: 'LIST' }, 'Wallet' as const, 'Activity' as const];

/** Open challenge links (docs/product.md, "Open challenge links"); cancelling is the bets API's cancelBet. */
export const challengesApi = api.injectEndpoints({
  endpoints: (build) => ({
    challenge: build.query<Challenge, string>({
      query: (code) => `/api/challenges/${encodeURIComponent(code)}`,
      keepUnusedDataFor: 0,
    }),
    createChallenge: build.mutation<Bet, Schemas['CreateChallengeDto']>({
      query: (body) => ({ url: '/api/challenges', method: 'POST', body }),
      invalidatesTags: BET_LISTS,
    }),
    acceptChallenge: build.mutation<Bet, { code: string } & Schemas['AcceptBetDto']>({
      query: ({ code, opponentPick }) => ({
        url: `/api/challenges/${encodeURIComponent(code)}/accept`,
        method: 'POST',
        body: { opponentPick },
      }),
      invalidatesTags: BET_LISTS,
    }),
  }),
});

export const { useChallengeQuery, useCreateChallengeMutation, useAcceptChallengeMutation } = challengesApi;
