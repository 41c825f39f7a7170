import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';

export type PersonResult = Schemas['PersonResultDto'];

/** People to challenge: search results and the friends list (served by the friends API). */
export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPeople: build.query<PersonResult[], string>({
      query: (q) => `/api/users/search?q=${encodeURIComponent(q)}`,
    }),
    /** The first page of friends (the server's default, 500), enough to pick from; search finds the rest. */
    friendsForChallenge: build.query<PersonResult[], void>({
      query: () => '/api/friends',
      transformResponse: (page: Schemas['FriendListDto']) => page.items,
      providesTags: ['Friend'],
    }),
    /** A pot's link is for friends of its creator: someone who is not asks to be one (the friends API). */
    requestFriendship: build.mutation<void, string>({
      query: (addresseeId) => ({ url: '/api/friends/request', method: 'POST', body: { addresseeId } }),
      invalidatesTags: ['Friend'],
    }),
  }),
});

export const { useSearchPeopleQuery, useFriendsForChallengeQuery, useRequestFriendshipMutation } = peopleApi;
