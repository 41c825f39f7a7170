import { api } from '../../api/base-api';
import { cursorPages, withCursor } from '../../api/cursor-pages';
import type { Schemas } from '../../api/schemas';
import { linkUrl } from '../../lib/pending-link';

/** The API's shapes for circles, generated from the backend's OpenAPI document (src/api/schemas.ts). */
export type CircleSummary = Schemas['CircleSummaryDto'];
export type Circle = Schemas['CircleDto'];
export type CircleMember = Schemas['CircleMemberDto'];
export type CirclePerson = Schemas['CirclePersonDto'];
export type CircleInvitation = Schemas['CircleInvitationDto'];
export type CircleLink = Schemas['CircleLinkDto'];
export type CircleUpdate = Schemas['UpdateCircleDto'];
export type Season = Schemas['SeasonDto'];
export type FeedItem = Schemas['FeedItemDto'];
export type FeedPage = Schemas['FeedPageDto'];
export type FeedBet = Schemas['FeedBetDto'];
export type Reaction = Schemas['ReactionDto'];
export type Comment = Schemas['CommentDto'];
export type CommentPage = Schemas['CommentPageDto'];
export type Leaderboard = Schemas['LeaderboardDto'];
export type Standing = Schemas['StandingDto'];
export type SeasonLength = Circle['seasonLength'];

/** Feed items and comments per page. */
export const FEED_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;

/** The fixed set of reactions the server accepts (circle-feed.service.ts), in the order they are offered. */
export const REACTIONS = ['👍', '❤️', '😂', '😮', '😢', '🔥', '🎉', '💸'] as const;
export type ReactionEmoji = (typeof REACTIONS)[number];

/** Words for each reaction, so a screen reader says "thumbs up", not an unnamed picture. */
export const REACTION_NAMES: Record<ReactionEmoji, string> = {
  '👍': 'thumbs up',
  '❤️': 'heart',
  '😂': 'laughing',
  '😮': 'surprised',
  '😢': 'sad',
  '🔥': 'fire',
  '🎉': 'party',
  '💸': 'money flying',
};

const circleTag = (id: string) => ({ type: 'Circle' as const, id });
const feedTag = (id: string) => ({ type: 'CircleFeed' as const, id });
const commentsTag = (itemId: number) => ({ type: 'CircleComments' as const, id: itemId });

export const circlesApi = api.injectEndpoints({
  endpoints: (build) => ({
    myCircles: build.query<CircleSummary[], void>({
      query: () => '/api/circles',
      providesTags: [{ type: 'Circle', id: 'LIST' }],
    }),
    circleInvitations: build.query<CircleInvitation[], void>({
      query: () => '/api/circles/invitations',
      providesTags: [{ type: 'Circle', id: 'INVITATIONS' }],
    }),
    createCircle: build.mutation<Circle, { name: string }>({
      query: (body) => ({ url: '/api/circles', method: 'POST', body }),
      invalidatesTags: [{ type: 'Circle', id: 'LIST' }],
    }),
    answerCircleInvitation: build.mutation<CircleSummary | null, { id: number; accept: boolean }>({
      query: ({ id, accept }) => ({
        url: `/api/circles/invitations/${id}/${accept ? 'accept' : 'decline'}`,
        method: 'POST',
      }),
      invalidatesTags: [
        { type: 'Circle', id: 'LIST' },
        { type: 'Circle', id: 'INVITATIONS' },
      ],
    }),
    circle: build.query<Circle, string>({
      query: (id) => `/api/circles/${encodeURIComponent(id)}`,
      providesTags: (_result, _error, id) => [circleTag(id)],
    }),
    updateCircle: build.mutation<Circle, { id: string; changes: CircleUpdate }>({
      query: ({ id, changes }) => ({ url: `/api/circles/${id}`, method: 'PATCH', body: changes }),
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), { type: 'Circle', id: 'LIST' }, feedTag(id)],
    }),
    deleteCircle: build.mutation<void, string>({
      query: (id) => ({ url: `/api/circles/${id}`, method: 'DELETE' }),
      invalidatesTags: [{ type: 'Circle', id: 'LIST' }],
    }),
    inviteToCircle: build.mutation<Schemas['InvitationsSentDto'], { id: string; userIds: string[] }>({
      query: ({ id, userIds }) => ({ url: `/api/circles/${id}/invitations`, method: 'POST', body: { userIds } }),
    }),
    circleLink: build.query<CircleLink, string>({
      query: (code) => `/api/circles/links/${encodeURIComponent(code)}`,
    }),
    joinCircle: build.mutation<CircleSummary, { id: string; code: string }>({
      query: ({ id, code }) => ({ url: `/api/circles/${id}/join`, method: 'POST', body: { code } }),
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), { type: 'Circle', id: 'LIST' }],
    }),
    leaveCircle: build.mutation<void, string>({
      query: (id) => ({ url: `/api/circles/${id}/leave`, method: 'POST' }),
      invalidatesTags: [{ type: 'Circle', id: 'LIST' }],
    }),
    replaceCircleLink: build.mutation<Circle, string>({
      query: (id) => ({ url: `/api/circles/${id}/invite-link/replace`, method: 'POST' }),
      invalidatesTags: (_result, _error, id) => [circleTag(id)],
    }),
    setCircleRole: build.mutation<Circle, { id: string; userId: string; role: 'co_owner' | 'member' }>({
      query: ({ id, userId, role }) => ({
        url: `/api/circles/${id}/members/${userId}/role`,
        method: 'PUT',
        body: { role },
      }),
      invalidatesTags: (_result, _error, { id }) => [circleTag(id)],
    }),
    removeCircleMember: build.mutation<void, { id: string; userId: string }>({
      query: ({ id, userId }) => ({ url: `/api/circles/${id}/members/${userId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), { type: 'Circle', id: 'LIST' }],
    }),
    /** The picture prepared by lib/picture (a small WebP or JPEG), sent as raw bytes, as profile pictures are. */
    uploadCirclePicture: build.mutation<Circle, { id: string; image: Blob }>({
      query: ({ id, image }) => ({ url: `/api/circles/${id}/picture`, method: 'PUT', body: image }),
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), { type: 'Circle', id: 'LIST' }],
    }),
    removeCirclePicture: build.mutation<Circle, string>({
      query: (id) => ({ url: `/api/circles/${id}/picture`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [circleTag(id), { type: 'Circle', id: 'LIST' }],
    }),
    /** The circle's feed, newest first, a page at a time; refetched by the live stream's `circle` events. */
    circleFeed: build.infiniteQuery<FeedPage, string, number | null>({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ queryArg, pageParam }) =>
        withCursor(`/api/circles/${encodeURIComponent(queryArg)}/feed?limit=${FEED_PAGE_SIZE}`, pageParam),
      providesTags: (_result, _error, id) => [feedTag(id)],
    }),
    leaderboard: build.query<Leaderboard, { id: string; season?: number }>({
      query: ({ id, season }) =>
        `/api/circles/${encodeURIComponent(id)}/leaderboard${season ? `?season=${season}` : ''}`,
      providesTags: (_result, _error, { id }) => [feedTag(id)],
    }),
    comments: build.infiniteQuery<CommentPage, number, number | null>({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ queryArg, pageParam }) =>
        withCursor(`/api/feed/${queryArg}/comments?limit=${COMMENTS_PAGE_SIZE}`, pageParam),
      providesTags: (_result, _error, itemId) => [commentsTag(itemId)],
    }),
    addComment: build.mutation<Comment, { circleId: string; itemId: number; body: string }>({
      query: ({ itemId, body }) => ({ url: `/api/feed/${itemId}/comments`, method: 'POST', body: { body } }),
      invalidatesTags: (_result, _error, { circleId, itemId }) => [commentsTag(itemId), feedTag(circleId)],
    }),
    editComment: build.mutation<Comment, { itemId: number; commentId: number; body: string }>({
      query: ({ commentId, body }) => ({ url: `/api/feed/comments/${commentId}`, method: 'PATCH', body: { body } }),
      invalidatesTags: (_result, _error, { itemId }) => [commentsTag(itemId)],
    }),
    deleteComment: build.mutation<void, { circleId: string; itemId: number; commentId: number }>({
      query: ({ commentId }) => ({ url: `/api/feed/comments/${commentId}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, { circleId, itemId }) => [commentsTag(itemId), feedTag(circleId)],
    }),
    hideComment: build.mutation<Comment, { itemId: number; commentId: number; reason: string }>({
      query: ({ commentId, reason }) => ({
        url: `/api/feed/comments/${commentId}/hide`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_result, _error, { itemId }) => [commentsTag(itemId)],
    }),
    react: build.mutation<
      Schemas['ReactionsDto'],
      { circleId: string; itemId: number; emoji: ReactionEmoji; on: boolean }
    >({
      query: ({ itemId, emoji, on }) => ({
        url: `/api/feed/${itemId}/reactions/${encodeURIComponent(emoji)}`,
        method: on ? 'PUT' : 'DELETE',
      }),
      invalidatesTags: (_result, _error, { circleId }) => [feedTag(circleId)],
    }),
    /** The first page of your friends (the server's default, 500), to invite from. */
    friendsToInvite: build.query<Schemas['FriendDto'][], void>({
      query: () => '/api/friends',
      transformResponse: (page: Schemas['FriendListDto']) => page.items,
      providesTags: ['Friend'],
    }),
  }),
});

export const {
  useMyCirclesQuery,
  useCircleInvitationsQuery,
  useCreateCircleMutation,
  useAnswerCircleInvitationMutation,
  useCircleQuery,
  useUpdateCircleMutation,
  useDeleteCircleMutation,
  useInviteToCircleMutation,
  useCircleLinkQuery,
  useJoinCircleMutation,
  useLeaveCircleMutation,
  useReplaceCircleLinkMutation,
  useSetCircleRoleMutation,
  useRemoveCircleMemberMutation,
  useUploadCirclePictureMutation,
  useRemoveCirclePictureMutation,
  useCircleFeedInfiniteQuery,
  useLeaderboardQuery,
  useCommentsInfiniteQuery,
  useAddCommentMutation,
  useEditCommentMutation,
  useDeleteCommentMutation,
  useHideCommentMutation,
  useReactMutation,
  useFriendsToInviteQuery,
} = circlesApi;

/** The address of a circle's invite link, to share (its code names the circle). */
export const circleLinkUrl = (code: string): string => linkUrl('circle', code);
