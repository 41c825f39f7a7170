import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';
import { markAllReadInCache, markReadInCache } from './notification-cache';
import type { ExpiringBet, NotificationPage } from './types';

export const NOTIFICATION_PAGE_SIZE = 20;
/** The bell refreshes itself this often only while the live stream is down. */
export const NOTIFICATIONS_FALLBACK_POLL_MS = 30_000;
/** docs/product.md §9: expiring bets are refetched hourly. */
export const EXPIRING_BETS_POLL_MS = 3_600_000;

const LIST = { type: 'Notification' as const, id: 'LIST' };

export const notificationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Newest first, page by page (`before` = the oldest id seen); the newest page carries the unread count. */
    notifications: build.infiniteQuery<NotificationPage, void, number | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.nextBefore,
      },
      query: ({ pageParam }) =>
        `/api/notifications?limit=${NOTIFICATION_PAGE_SIZE}${pageParam === null ? '' : `&before=${pageParam}`}`,
      providesTags: [LIST],
    }),
    markNotificationRead: build.mutation<Schemas['UnreadCountDto'], number>({
      query: (id) => ({ url: `/api/notifications/${id}/read`, method: 'POST' }),
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) =>
            markReadInCache(draft, id, new Date().toISOString()),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [LIST],
    }),
    markAllNotificationsRead: build.mutation<Schemas['UnreadCountDto'], void>({
      query: () => ({ url: '/api/notifications/read-all', method: 'POST' }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const patch = dispatch(
          notificationsApi.util.updateQueryData('notifications', undefined, (draft) =>
            markAllReadInCache(draft, new Date().toISOString()),
          ),
        );
        await queryFulfilled.catch(() => patch.undo());
      },
      invalidatesTags: [LIST],
    }),
    /** docs/product.md §7: the viewer's open bets close to their deadline, for the in-page reminder. */
    expiringBets: build.query<ExpiringBet[], void>({
      query: () => '/api/bets/expiring',
      providesTags: [{ type: 'Bet', id: 'EXPIRING' }],
    }),
  }),
});

export const {
  useNotificationsInfiniteQuery,
  useMarkNotificationReadMutation,
  useMarkAllNotificationsReadMutation,
  useExpiringBetsQuery,
} = notificationsApi;
