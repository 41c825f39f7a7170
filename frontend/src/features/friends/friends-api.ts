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

/** A "People you may know" entry. */
export interface Suggestion extends Person {
  mutualFriends: number;
  betTogether: boolean;
}

export interface InviteLink {
  code: string;
  createdAt: string;
}

/** Who an invite link is from (GET /api/invites/{code}, also signed out). */
export interface Invite {
  code: string;
  inviter: { id: string; username: string | null; displayName: string };
}

export interface InviteAccepted {
  inviter: Invite['inviter'];
  alreadyFriends: boolean;
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
    peopleYouMayKnow: build.query<Suggestion[], void>({
      query: () => '/api/friends/suggestions',
      providesTags: [{ type: 'Friend', id: 'SUGGESTIONS' }],
    }),
    dismissSuggestion: build.mutation<unknown, string>({
      query: (userId) => ({ url: `/api/friends/suggestions/${userId}/dismiss`, method: 'POST' }),
      invalidatesTags: [{ type: 'Friend', id: 'SUGGESTIONS' }],
    }),
    myInvite: build.query<InviteLink, void>({ query: () => '/api/invites/mine', providesTags: ['Invite'] }),
    replaceInvite: build.mutation<InviteLink, void>({
      query: () => ({ url: '/api/invites/mine/replace', method: 'POST' }),
      invalidatesTags: ['Invite'],
    }),
    invite: build.query<Invite, string>({ query: (code) => `/api/invites/${encodeURIComponent(code)}` }),
    acceptInvite: build.mutation<InviteAccepted, string>({
      query: (code) => ({ url: `/api/invites/${encodeURIComponent(code)}/accept`, method: 'POST' }),
      invalidatesTags: ['Friend', 'FriendRequest', 'Analytics'],
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
  usePeopleYouMayKnowQuery,
  useDismissSuggestionMutation,
  useMyInviteQuery,
  useReplaceInviteMutation,
  useInviteQuery,
  useAcceptInviteMutation,
  useHeadToHeadQuery,
  useFriendRequestsQuery,
  useSendFriendRequestMutation,
  useAcceptFriendRequestMutation,
  useDeclineFriendRequestMutation,
} = friendsApi;

/** docs/product.md §9: friend requests refetched every 30 s. */
export const FRIEND_REQUESTS_POLL_MS = 30_000;
