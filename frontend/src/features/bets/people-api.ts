import { api } from '../../api/base-api';

export interface PersonResult {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  friendshipStatus?: 'none' | 'request_sent' | 'request_received' | 'friends';
}

/** People to challenge: search results and the friends list (served by the friends API). */
export const peopleApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchPeople: build.query<PersonResult[], string>({
      query: (q) => `/api/users/search?q=${encodeURIComponent(q)}`,
    }),
    friendsForChallenge: build.query<PersonResult[], void>({
      query: () => '/api/friends',
      providesTags: ['Friend'],
    }),
  }),
});

export const { useSearchPeopleQuery, useFriendsForChallengeQuery } = peopleApi;
