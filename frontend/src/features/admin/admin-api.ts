import { api } from '../../api/base-api';
import { cursorPages, withCursor } from '../../api/cursor-pages';
import type { Schemas } from '../../api/schemas';

/** A disputed or resolved bet as the panel lists it, and one of its two sides. */
export type Bet = Schemas['BetDto'];
export type BetParty = Schemas['BetPartyDto'];
export type AdminAnalytics = Schemas['AdminAnalyticsDto'];
export type AdminUserRow = Schemas['AdminUserDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type BalanceAdjustment = Schemas['BalanceAdjustmentDto'];
export type ModerationAction = Schemas['ModerationActionDto'];

/** Page sizes: audit entries are small rows; a dispute card is tall, so fewer at a time. */
export const AUDIT_PAGE_SIZE = 25;
export const DISPUTES_PAGE_SIZE = 20;

/** The document types `winnerId` as an object (its DTO lacks `type: String`); on the wire it is a uuid or null. */
type WinnerFix<T> = Omit<T, 'winnerId'> & { winnerId: string | null };

export type AdminUserPage = Schemas['AdminUserPageDto'];
export type AuditLogPage = Schemas['AuditLogPageDto'];
export type DisputeList = Schemas['DisputeListDto'];

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAnalytics: build.query<AdminAnalytics, void>({
      query: () => '/api/admin/analytics',
      providesTags: [{ type: 'Admin', id: 'ANALYTICS' }],
    }),
    adminUsers: build.infiniteQuery<AdminUserPage, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) => withCursor('/api/admin/users?limit=100', pageParam),
      providesTags: [{ type: 'Admin', id: 'USERS' }],
    }),
    /** The audit log, newest first, a page at a time. */
    auditLog: build.infiniteQuery<AuditLogPage, void, number | null>({
      infiniteQueryOptions: cursorPages<number>(),
      query: ({ pageParam }) => withCursor(`/api/admin/audit-log?limit=${AUDIT_PAGE_SIZE}`, pageParam),
      providesTags: [{ type: 'Admin', id: 'AUDIT' }],
    }),
    disputedBets: build.infiniteQuery<DisputeList, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) => withCursor(`/api/admin/disputed-bets?limit=${DISPUTES_PAGE_SIZE}`, pageParam),
      providesTags: [{ type: 'Admin', id: 'DISPUTED' }],
    }),
    resolvedDisputes: build.infiniteQuery<DisputeList, void, string | null>({
      infiniteQueryOptions: cursorPages<string>(),
      query: ({ pageParam }) =>
        withCursor(`/api/admin/resolved-disputes?limit=${DISPUTES_PAGE_SIZE}`, pageParam),
      providesTags: [{ type: 'Admin', id: 'RESOLVED' }],
    }),
    adjustBalance: build.mutation<Schemas['BalanceAdjustmentResultDto'], BalanceAdjustment>({
      query: (body) => ({ url: '/api/admin/balance-adjustment', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Admin', id: 'USERS' },
        { type: 'Admin', id: 'AUDIT' },
        { type: 'Admin', id: 'ANALYTICS' },
      ],
    }),
    moderate: build.mutation<Schemas['ModerationResultDto'], ModerationAction>({
      query: (body) => ({ url: '/api/admin/moderation-action', method: 'POST', body }),
      invalidatesTags: [
        { type: 'Admin', id: 'AUDIT' },
        { type: 'Admin', id: 'USERS' },
      ],
    }),
    deleteUser: build.mutation<void, string>({
      query: (id) => ({ url: `/api/admin/users/${id}`, method: 'DELETE' }),
      invalidatesTags: [
        { type: 'Admin', id: 'USERS' },
        { type: 'Admin', id: 'AUDIT' },
        { type: 'Admin', id: 'ANALYTICS' },
      ],
    }),
    resolveDispute: build.mutation<Bet, { betId: number } & WinnerFix<Schemas['AdminResolveDto']>>({
      // A group pot is decided by its outcome (or NO_CLEAR_OUTCOME) instead of a winner.
      query: ({ betId, winnerId, resolution, outcome }) => ({
        url: `/api/bets/${betId}/admin-resolve`,
        method: 'POST',
        body: { winnerId, resolution, outcome },
      }),
      invalidatesTags: [
        { type: 'Admin', id: 'DISPUTED' },
        { type: 'Admin', id: 'RESOLVED' },
        { type: 'Admin', id: 'AUDIT' },
        { type: 'Admin', id: 'ANALYTICS' },
      ],
    }),
    editResolution: build.mutation<Bet, { betId: number } & WinnerFix<Schemas['EditResolutionDto']>>({
      query: ({ betId, winnerId, reason, outcome }) => ({
        url: `/api/bets/${betId}/edit-resolution`,
        method: 'POST',
        body: { winnerId, reason, outcome },
      }),
      invalidatesTags: [
        { type: 'Admin', id: 'RESOLVED' },
        { type: 'Admin', id: 'AUDIT' },
      ],
    }),
  }),
});

export const {
  useAdminAnalyticsQuery,
  useAdminUsersInfiniteQuery,
  useAuditLogInfiniteQuery,
  useDisputedBetsInfiniteQuery,
  useResolvedDisputesInfiniteQuery,
  useAdjustBalanceMutation,
  useModerateMutation,
  useDeleteUserMutation,
  useResolveDisputeMutation,
  useEditResolutionMutation,
} = adminApi;

/** docs/product.md §9: admin analytics refreshed every 30 s. */
export const ADMIN_ANALYTICS_POLL_MS = 30_000;
