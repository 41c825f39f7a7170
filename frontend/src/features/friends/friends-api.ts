import { api } from '../../api/base-api';

export type FriendshipStatus = 'none' | 'request_sent' | 'request_received' | 'friends';

export interface Person {
  id: string;
  username: string | null;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  friendshipStatus?: FriendshipStatus;
}

export interface Friend extends Person {
  friendshipId?: string;
  since?: string;
}

export interface FriendRequest {
  id: string;
  requester: Person;
  createdAt: string;
}

export interface HeadToHead {
  won: number;
  lost: number;
  draws: number;
  netProfit: string;
  currentStreak: { kind: 'won' | 'lost' | 'none'; count: number };
  biggestWin: string | null;
  totalBets: number;
}

export const friendsApi = api.injectEndpoints({
  endpoints: (build) => ({
    searchUsers: build.query<Person[], string>({
      query: (q) => `/api/users/search?q=${encodeURIComponent(q)}`,
      providesTags: [{ type: 'Friend', id: 'SEARCH' }],
    }),
    searchSuggestions: build.query<Person[], string>({
      query: (q) => `/api/users/search/suggestions?q=${encodeURIComponent(q)}`,
    }),
    friends: build.query<Friend[], void>({ query: () => '/api/friends', providesTags: ['Friend'] }),
    headToHead: build.query<HeadToHead, string>({
      query: (friendId) => `/api/friends/${friendId}/head-to-head`,
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    friendRequests: build.query<FriendRequest[], void>({
      query: () => '/api/friends/requests',
      providesTags: ['FriendRequest'],
    }),
    sendFriendRequest: build.mutation<unknown, string>({
      query: (addresseeId) => ({ url: '/api/friends/request', method: 'POST', body: { addresseeId } }),
      invalidatesTags: ['Friend', 'FriendRequest'],
    }),
    acceptFriendRequest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/friends/${id}/accept`, method: 'POST' }),
      invalidatesTags: ['Friend', 'FriendRequest', 'Analytics'],
    }),
    declineFriendRequest: build.mutation<unknown, string>({
      query: (id) => ({ url: `/api/friends/${id}/decline`, method: 'POST' }),
      invalidatesTags: ['Friend', 'FriendRequest'],
    }),
  }),
});

export const {
  useSearchUsersQuery,
  useSearchSuggestionsQuery,
  useFriendsQuery,
  useHeadToHeadQuery,
  useFriendRequestsQuery,
  useSendFriendRequestMutation,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
} = friendsApi;

/** Spec §9: friend requests refetched every 30 s. */
export const FRIEND_REQUESTS_POLL_MS = 30_000;
