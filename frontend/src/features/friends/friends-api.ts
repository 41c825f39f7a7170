import { api } from '../../api/base-api';
import { cursorPages, withCursor } from '../../api/cursor-pages';
import type { Schemas } from '../../api/schemas';

/** The API's shapes for people and friends, generated from the backend's OpenAPI document (src/api/schemas.ts). */
/** Who someone is, as any list shows them (name, username, picture), whatever else the list adds. */
export type PersonSummary = Schemas['PersonDto'];
export type Person = Schemas['PersonResultDto'];
export type FriendshipStatus = Person['friendshipStatus'];
export type Friend = Schemas['FriendDto'];
export type FriendList = Schemas['FriendListDto'];
/** Friends per page: a multiple of the grid's 1, 2 and 3 columns. */
export const FRIENDS_PAGE_SIZE = 24;
export type FriendRequest = Schemas['FriendRequestDto'];
/** A "People you may know" entry. */
export type Suggestion = Schemas['SuggestionDto'];
export type InviteLink = Schemas['InviteLinkDto'];
/** Who an invite link is from (GET /api/invites/{code}, also signed out). */
export type Invite = Schemas['InviteDto'];
export type InviteAccepted = Schemas['InviteAcceptedDto'];
export type HeadToHead = Schemas['HeadToHeadDto'];
export type Friendship = Schemas['FriendshipDto'];

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
    dismissSuggestion: build.mutation<void, string>({
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
    /** The first page of your friends at the server's default size (500): is someone among them? */
    friendsFirstPage: build.query<Friend[], void>({
      query: () => '/api/friends',
      transformResponse: (page: FriendList) => page.items,
      providesTags: ['Friend'],
    }),
    /** Your friends by username, a page at a time, with how many there are in all (`total`). */
    friends: build.infiniteQuery<FriendList, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) => withCursor(`/api/friends?limit=${FRIENDS_PAGE_SIZE}`, pageParam),
      providesTags: ['Friend'],
    }),
    headToHead: build.query<HeadToHead, string>({
      query: (friendId) => `/api/friends/${friendId}/head-to-head`,
      providesTags: [{ type: 'Bet', id: 'LIST' }],
    }),
    friendRequests: build.query<FriendRequest[], void>({
      query: () => '/api/friends/requests',
      providesTags: ['FriendRequest'],
    }),
    sendFriendRequest: build.mutation<Friendship, string>({
      query: (addresseeId) => ({ url: '/api/friends/request', method: 'POST', body: { addresseeId } }),
      invalidatesTags: ['Friend', 'FriendRequest'],
    }),
    acceptFriendRequest: build.mutation<Friendship, string>({
      query: (id) => ({ url: `/api/friends/${id}/accept`, method: 'POST' }),
      invalidatesTags: ['Friend', 'FriendRequest', 'Analytics'],
    }),
    declineFriendRequest: build.mutation<Friendship, string>({
      query: (id) => ({ url: `/api/friends/${id}/decline`, method: 'POST' }),
      invalidatesTags: ['Friend', 'FriendRequest'],
    }),
  }),
});

export const {
  useSearchUsersQuery,
  useSearchSuggestionsQuery,
  useFriendsInfiniteQuery,
  useFriendsFirstPageQuery,
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
