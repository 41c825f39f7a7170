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
  }),
});

export const { useSearchPeopleQuery, useFriendsForChallengeQuery } = peopleApi;
