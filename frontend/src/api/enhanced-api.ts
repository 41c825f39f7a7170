import { clearAuth, mayHaveSession, storedToken } from '../lib/auth-storage';
import type { ApiError } from '../lib/errors';
import type { RequestArgs } from './base-api';
import { cursorPages } from './cursor-pages';
import {
  generatedApi,
  type AdminControllerAuditLogApiArg,
  type AdminControllerAuditLogApiResponse,
  type AdminControllerDisputedApiArg,
  type AdminControllerDisputedApiResponse,
  type AdminControllerResolvedApiArg,
  type AdminControllerResolvedApiResponse,
  type AdminControllerUsersApiArg,
  type AdminControllerUsersApiResponse,
  type BetsControllerHistoryApiArg,
  type BetsControllerHistoryApiResponse,
  type CirclesControllerFeedPageApiArg,
  type CirclesControllerFeedPageApiResponse,
  type FeedControllerListApiArg,
  type FeedControllerListApiResponse,
  type FriendsControllerListApiArg,
  type FriendsControllerListApiResponse,
  type NotificationsControllerListApiArg,
  type NotificationsControllerListApiResponse,
  type SelfUserDto,
} from './generated';
import { markAllReadInCache, markReadInCache } from './notification-cache';

/**
 * The app's API client: the endpoints generated from the OpenAPI document (`generated.ts`, `npm run codegen -w
 * frontend`) with, here and only here, what the document cannot say: the cache tags each read provides and each
 * write invalidates, the paged lists as infinite queries, the session read's rules and optimistic updates.
 * Import hooks from this file, never from generated.ts, so these additions are always in place.
 */
export * from './generated';

const TAG_TYPES = [
  'User',
  'Bet',
  'Friend',
  'FriendRequest',
  'Activity',
  'Analytics',
  'Wallet',
  'Admin',
  'Notification',
  'Invite',
  'Circle',
  'CircleFeed',
  'CircleComments',
  'Trophy',
] as const;

/** Page sizes: history, feed, comments and notifications 20; audit entries are small rows, friends fill a grid. */
export const HISTORY_PAGE = 20;
export const FEED_PAGE_SIZE = 20;
export const COMMENTS_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_SIZE = 20;
export const AUDIT_PAGE_SIZE = 25;
export const DISPUTES_PAGE_SIZE = 20;
/** A multiple of the friends grid's 1, 2 and 3 columns. */
export const FRIENDS_PAGE_SIZE = 24;
const ADMIN_USERS_PAGE_SIZE = 100;

type GeneratedName = keyof typeof generatedApi.endpoints;

/**
 * The request a generated endpoint sends for an argument. The paged lists and the session read below reuse it,
 * so their URLs and parameters still come from the document.
 */
function requestOf<Arg>(name: GeneratedName): (arg: Arg) => RequestArgs {
  let query: unknown;
  const capture = (definition: { query?: unknown }) => {
    query = definition.query;
  };
  generatedApi.enhanceEndpoints({ endpoints: { [name]: capture } });
  if (typeof query !== 'function') throw new Error(`${name} has no generated request`);
  return query as (arg: Arg) => RequestArgs;
}

const historyRequest = requestOf<BetsControllerHistoryApiArg>('betsControllerHistory');
const notificationsRequest = requestOf<NotificationsControllerListApiArg>('notificationsControllerList');
const friendsRequest = requestOf<FriendsControllerListApiArg>('friendsControllerList');
const feedRequest = requestOf<CirclesControllerFeedPageApiArg>('circlesControllerFeedPage');
const commentsRequest = requestOf<FeedControllerListApiArg>('feedControllerList');
const adminUsersRequest = requestOf<AdminControllerUsersApiArg>('adminControllerUsers');
const auditLogRequest = requestOf<AdminControllerAuditLogApiArg>('adminControllerAuditLog');
const disputedRequest = requestOf<AdminControllerDisputedApiArg>('adminControllerDisputed');
const resolvedRequest = requestOf<AdminControllerResolvedApiArg>('adminControllerResolved');
const currentUserRequest = requestOf<void>('authControllerCurrentUser');

const BET_LIST = { type: 'Bet' as const, id: 'LIST' };
/** What creating, answering or settling a bet changes: the lists, the wallet and the profile's numbers. */
const BET_LISTS = [BET_LIST, 'Wallet' as const, 'User' as const, 'Activity' as const, 'Analytics' as const];
/** A challenge link's writes: the lists and the wallet (the escrowed stake). */
const CHALLENGE_LISTS = [BET_LIST, 'Wallet' as const, 'Activity' as const];
/** A referee's or counter-offer's answer changes the bet, its lists and, on a settling accept, the wallets. */
const refereeTouched = (id: number) => [
  { type: 'Bet' as const, id },
  BET_LIST,
  'Wallet' as const,
  'Activity' as const,
  'Analytics' as const,
];
const betTag = (id: number) => ({ type: 'Bet' as const, id });
const CIRCLE_LIST = { type: 'Circle' as const, id: 'LIST' };
const INVITATIONS = { type: 'Circle' as const, id: 'INVITATIONS' };
const circleTag = (id: string) => ({ type: 'Circle' as const, id });
const feedTag = (id: string) => ({ type: 'CircleFeed' as const, id });
const commentsTag = (itemId: number) => ({ type: 'CircleComments' as const, id: itemId });
const NOTIFICATION_LIST = { type: 'Notification' as const, id: 'LIST' };
const admin = (id: 'ANALYTICS' | 'USERS' | 'AUDIT' | 'DISPUTED' | 'RESOLVED') => ({
  type: 'Admin' as const,
  id,
});
const friendTag = (id: 'SEARCH' | 'SUGGESTIONS') => ({ type: 'Friend' as const, id });

/** The history's filters (its page size and cursor are the endpoint's business). */
export type HistoryFilter = Pick<BetsControllerHistoryApiArg, 'status' | 'opponentId' | 'kind'>;

/**
 * What the generator cannot write: the lists the server pages, as infinite queries (it writes plain queries
 * only), each page the generated request with `limit` and `before` filled in; and the session read.
 */
const pagedApi = generatedApi.enhanceEndpoints({ addTagTypes: TAG_TYPES }).injectEndpoints({
  endpoints: (build) => ({
    /**
     * docs/product.md §7: with a stored token a non-OK answer is 'Invalid token' and clears storage; on the
     * cookie path it is 'Not authenticated'; a 401 becomes "no user" rather than an error. With neither a stored
     * token nor the session marker cookie there is no one to ask about: no user, without a request.
     */
    currentUser: build.query<SelfUserDto | null, void>({
      async queryFn(_arg, _queryApi, _extraOptions, baseQuery) {
        if (!mayHaveSession()) return { data: null };
        const hadToken = storedToken() !== null;
        const result = await baseQuery(currentUserRequest());
        if (!result.error) return { data: result.data as SelfUserDto };
        if (hadToken) clearAuth();
        if (result.error.status === 401) return { data: null };
        const error: ApiError = {
          ...result.error,
          message: hadToken ? 'Invalid token' : 'Not authenticated',
        };
        return { error };
      },
      providesTags: ['User'],
    }),
    /** Newest first; a short page means there is nothing older, else the next page is older than its last bet. */
    betsControllerHistoryPages: build.infiniteQuery<
      BetsControllerHistoryApiResponse,
      HistoryFilter,
      number | null
    >({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (last) => (last.length === HISTORY_PAGE ? (last.at(-1)?.id ?? null) : null),
      },
      // An empty filter is no filter.
      query: ({ queryArg: { status, opponentId, kind }, pageParam }) =>
        historyRequest({
          limit: HISTORY_PAGE,
          before: pageParam ?? undefined,
          status: status || undefined,
          opponentId: opponentId || undefined,
          kind: kind || undefined,
        }),
      providesTags: [BET_LIST],
    }),
    /** Newest first; the newest page carries the unread count. */
    notificationsControllerListPages: build.infiniteQuery<
      NotificationsControllerListApiResponse,
      void,
      number | null
    >({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ pageParam }) =>
        notificationsRequest({ limit: NOTIFICATION_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: [NOTIFICATION_LIST],
    }),
    /** Your friends by username, with how many there are in all (`total`). */
    friendsControllerListPages: build.infiniteQuery<FriendsControllerListApiResponse, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) => friendsRequest({ limit: FRIENDS_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: ['Friend'],
    }),
    /** A circle's feed, newest first; refetched by the live stream's `circle` events. */
    circlesControllerFeedPagePages: build.infiniteQuery<
      CirclesControllerFeedPageApiResponse,
      string,
      number | null
    >({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ queryArg, pageParam }) =>
        feedRequest({ id: queryArg, limit: FEED_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: (_result, _error, id) => [feedTag(id)],
    }),
    /** A feed item's comments. */
    feedControllerListPages: build.infiniteQuery<FeedControllerListApiResponse, number, number | null>({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ queryArg, pageParam }) =>
        commentsRequest({ itemId: queryArg, limit: COMMENTS_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: (_result, _error, itemId) => [commentsTag(itemId)],
    }),
    adminControllerUsersPages: build.infiniteQuery<AdminControllerUsersApiResponse, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) =>
        adminUsersRequest({ limit: ADMIN_USERS_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: [admin('USERS')],
    }),
    /** The audit log, newest first. */
    adminControllerAuditLogPages: build.infiniteQuery<
      AdminControllerAuditLogApiResponse,
      void,
      number | null
    >({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ pageParam }) => auditLogRequest({ limit: AUDIT_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: [admin('AUDIT')],
    }),
    adminControllerDisputedPages: build.infiniteQuery<
      AdminControllerDisputedApiResponse,
      void,
      string | null
    >({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) =>
        disputedRequest({ limit: DISPUTES_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: [admin('DISPUTED')],
    }),
    adminControllerResolvedPages: build.infiniteQuery<
      AdminControllerResolvedApiResponse,
      void,
      string | null
    >({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) =>
        resolvedRequest({ limit: DISPUTES_PAGE_SIZE, before: pageParam ?? undefined }),
      providesTags: [admin('RESOLVED')],
    }),
  }),
});

/** The tags (and the few hand-kept behaviours) of every generated endpoint the app uses. */
export const enhancedApi = pagedApi.enhanceEndpoints({
  endpoints: {
    // Session.
    authControllerVerifyEmail: { invalidatesTags: ['User'] },

    // Account and settings.
    activitiesControllerList: { providesTags: ['Activity'] },
    analyticsControllerUserStats: { providesTags: ['Analytics'] },
    settingsControllerUpdateProfile: { invalidatesTags: ['User'] },
    settingsControllerNotifications: { invalidatesTags: ['User'] },
    settingsControllerPrivacy: { invalidatesTags: ['User'] },
    profilePicturesControllerUpload: { invalidatesTags: ['User'] },
    profilePicturesControllerRemove: { invalidatesTags: ['User'] },
    twoFactorControllerEnable: { invalidatesTags: ['User'] },
    twoFactorControllerDisable: { invalidatesTags: ['User'] },
    circlesControllerTrophies: { providesTags: ['Trophy'] },

    // Wallet.
    walletControllerSummary: { providesTags: ['Wallet'] },
    walletControllerEntries: { providesTags: ['Wallet'] },

    // Bets.
    betsControllerActive: { providesTags: [BET_LIST] },
    betsControllerPending: { providesTags: [BET_LIST] },
    betsControllerCompleted: { providesTags: [BET_LIST] },
    betsControllerHistory: { providesTags: [BET_LIST] },
    betsControllerOpponents: { providesTags: [BET_LIST] },
    betsControllerExpiring: { providesTags: [{ type: 'Bet', id: 'EXPIRING' }] },
    betsControllerPage: { providesTags: (_result, _error, id) => [betTag(id), BET_LIST, 'Wallet'] },
    /** Always fetched fresh (a notification's link opens its dialog). */
    betsControllerOne: { providesTags: (_result, _error, id) => [betTag(id)], keepUnusedDataFor: 0 },
    betsControllerStatement: { invalidatesTags: (_result, _error, { id }) => [betTag(id)] },
    betsControllerCreate: { invalidatesTags: BET_LISTS },
    betsControllerAccept: { invalidatesTags: BET_LISTS },
    betsControllerDecline: { invalidatesTags: BET_LISTS },
    betsControllerCancel: { invalidatesTags: BET_LISTS },
    betsControllerSubmitResult: { invalidatesTags: BET_LISTS },
    betsControllerJoin: { invalidatesTags: (_result, _error, { id }) => [...BET_LISTS, betTag(id)] },
    betsControllerLeave: { invalidatesTags: (_result, _error, id) => [...BET_LISTS, betTag(id)] },
    betsControllerLock: { invalidatesTags: (_result, _error, id) => [...BET_LISTS, betTag(id)] },
    challengesControllerLookup: { keepUnusedDataFor: 0 },
    challengesControllerCreate: { invalidatesTags: CHALLENGE_LISTS },
    challengesControllerAccept: { invalidatesTags: CHALLENGE_LISTS },
    refereesControllerRefereeing: { providesTags: [BET_LIST] },
    refereesControllerAcceptRole: { invalidatesTags: (_result, _error, id) => refereeTouched(id) },
    refereesControllerDeclineRole: { invalidatesTags: (_result, _error, id) => refereeTouched(id) },
    refereesControllerNameReferee: { invalidatesTags: (_result, _error, { id }) => refereeTouched(id) },
    refereesControllerCall: { invalidatesTags: (_result, _error, { id }) => refereeTouched(id) },
    refereesControllerAcceptCall: { invalidatesTags: (_result, _error, id) => refereeTouched(id) },
    refereesControllerAppeal: { invalidatesTags: (_result, _error, { id }) => refereeTouched(id) },
    refereesControllerCounter: { invalidatesTags: (_result, _error, { id }) => refereeTouched(id) },

    // People and friends.
    peopleControllerSearch: { providesTags: [friendTag('SEARCH')] },
    friendsControllerList: { providesTags: ['Friend'] },
    friendsControllerRecord: { providesTags: [BET_LIST] },
    friendsControllerRequests: { providesTags: ['FriendRequest'] },
    friendsControllerSuggestions: { providesTags: [friendTag('SUGGESTIONS')] },
    friendsControllerDismiss: { invalidatesTags: [friendTag('SUGGESTIONS')] },
    friendsControllerRequest: { invalidatesTags: ['Friend', 'FriendRequest'] },
    friendsControllerAccept: { invalidatesTags: ['Friend', 'FriendRequest', 'Analytics'] },
    friendsControllerDecline: { invalidatesTags: ['Friend', 'FriendRequest'] },
    invitesControllerMine: { providesTags: ['Invite'] },
    invitesControllerReplace: { invalidatesTags: ['Invite'] },
    invitesControllerAccept: { invalidatesTags: ['Friend', 'FriendRequest', 'Analytics'] },

    // Circles.
    circlesControllerList: { providesTags: [CIRCLE_LIST] },
    circlesControllerInvitations: { providesTags: [INVITATIONS] },
    circlesControllerCreate: { invalidatesTags: [CIRCLE_LIST] },
    circlesControllerAccept: { invalidatesTags: [CIRCLE_LIST, INVITATIONS] },
    circlesControllerDecline: { invalidatesTags: [CIRCLE_LIST, INVITATIONS] },
    circlesControllerGet: { providesTags: (_result, _error, id) => [circleTag(id)] },
    circlesControllerUpdate: {
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), CIRCLE_LIST, feedTag(id)],
    },
    circlesControllerRemove: { invalidatesTags: [CIRCLE_LIST] },
    circlesControllerJoin: { invalidatesTags: (_result, _error, { id }) => [circleTag(id), CIRCLE_LIST] },
    circlesControllerLeave: { invalidatesTags: [CIRCLE_LIST] },
    circlesControllerReplaceLink: { invalidatesTags: (_result, _error, id) => [circleTag(id)] },
    circlesControllerSetRole: { invalidatesTags: (_result, _error, { id }) => [circleTag(id)] },
    circlesControllerRemoveMember: {
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), CIRCLE_LIST],
    },
    circlesControllerSetPicture: {
      invalidatesTags: (_result, _error, { id }) => [circleTag(id), CIRCLE_LIST],
    },
    circlesControllerRemovePicture: {
      invalidatesTags: (_result, _error, id) => [circleTag(id), CIRCLE_LIST],
    },
    circlesControllerLeaderboard: { providesTags: (_result, _error, { id }) => [feedTag(id)] },
    // A comment or reaction changes the feed item's counts (and a removal its comments). The writes name only
    // the item or the comment, so every cached feed is refreshed: only those on screen are fetched again.
    feedControllerCreate: {
      invalidatesTags: (_result, _error, { itemId }) => ['CircleFeed', commentsTag(itemId)],
    },
    feedControllerEdit: {
      invalidatesTags: (comment) => [comment ? commentsTag(comment.itemId) : 'CircleComments'],
    },
    feedControllerHide: {
      invalidatesTags: (comment) => [comment ? commentsTag(comment.itemId) : 'CircleComments'],
    },
    feedControllerRemove: { invalidatesTags: ['CircleFeed', 'CircleComments'] },
    feedControllerReact: { invalidatesTags: ['CircleFeed'] },
    feedControllerUnreact: { invalidatesTags: ['CircleFeed'] },

    // Notifications: marking read shows at once and is undone if the server refuses.
    notificationsControllerRead: {
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          pagedApi.util.updateQueryData('notificationsControllerListPages', undefined, (draft) =>
            markReadInCache(draft, id, new Date().toISOString()),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [NOTIFICATION_LIST],
    },
    notificationsControllerReadAll: {
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          pagedApi.util.updateQueryData('notificationsControllerListPages', undefined, (draft) =>
            markAllReadInCache(draft, new Date().toISOString()),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [NOTIFICATION_LIST],
    },

    // Admin.
    adminControllerAnalytics: { providesTags: [admin('ANALYTICS')] },
    adminControllerAdjust: { invalidatesTags: [admin('USERS'), admin('AUDIT'), admin('ANALYTICS')] },
    adminControllerModerate: { invalidatesTags: [admin('AUDIT'), admin('USERS')] },
    adminControllerDeleteUser: { invalidatesTags: [admin('USERS'), admin('AUDIT'), admin('ANALYTICS')] },
    betsControllerAdminResolve: {
      invalidatesTags: [admin('DISPUTED'), admin('RESOLVED'), admin('AUDIT'), admin('ANALYTICS')],
    },
    betsControllerEditResolution: { invalidatesTags: [admin('RESOLVED'), admin('AUDIT')] },
  },
});

export const {
  useCurrentUserQuery,
  useBetsControllerHistoryPagesInfiniteQuery,
  useNotificationsControllerListPagesInfiniteQuery,
  useFriendsControllerListPagesInfiniteQuery,
  useCirclesControllerFeedPagePagesInfiniteQuery,
  useFeedControllerListPagesInfiniteQuery,
  useAdminControllerUsersPagesInfiniteQuery,
  useAdminControllerAuditLogPagesInfiniteQuery,
  useAdminControllerDisputedPagesInfiniteQuery,
  useAdminControllerResolvedPagesInfiniteQuery,
} = enhancedApi;
