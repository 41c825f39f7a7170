import { api } from '../../api/base-api';
import type { Schemas } from '../../api/schemas';

/** A disputed or resolved bet as the panel lists it, and one of its two sides. */
export type Bet = Schemas['BetDto'];
export type BetParty = Schemas['BetPartyDto'];
export type AdminAnalytics = Schemas['AdminAnalyticsDto'];
export type AdminUserRow = Schemas['AdminUserDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type BalanceAdjustment = Schemas['BalanceAdjustmentDto'];
export type ModerationAction = Schemas['ModerationActionDto'];

type Page<T> = T[] | { items: T[] };
const rows = <T>(page: Page<T>): T[] => (Array.isArray(page) ? page : page.items);

export const adminApi = api.injectEndpoints({
  endpoints: (build) => ({
    adminAnalytics: build.query<AdminAnalytics, void>({
      query: () => '/api/admin/analytics',
      providesTags: [{ type: 'Admin', id: 'ANALYTICS' }],
    }),
    adminUsers: build.query<AdminUserRow[], void>({
      query: () => '/api/admin/users?limit=100',
      transformResponse: (page: Page<AdminUserRow>) => rows(page),
      providesTags: [{ type: 'Admin', id: 'USERS' }],
    }),
    /** One page of the audit log, newest first. */
    auditLog: build.query<AuditEntry[], { limit: number; offset: number }>({
      query: ({ limit, offset }) => `/api/admin/audit-log?limit=${limit}&offset=${offset}`,
      transformResponse: (page: Page<AuditEntry>) => rows(page),
      providesTags: [{ type: 'Admin', id: 'AUDIT' }],
    }),
    disputedBets: build.query<Bet[], void>({
      query: () => '/api/admin/disputed-bets',
      providesTags: [{ type: 'Admin', id: 'DISPUTED' }],
    }),
    resolvedDisputes: build.query<Bet[], void>({
      query: () => '/api/admin/resolved-disputes',
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
    resolveDispute: build.mutation<Bet, { betId: number; winnerId: string | null; resolution: string }>({
      query: ({ betId, winnerId, resolution }) => ({
        url: `/api/bets/${betId}/admin-resolve`,
        method: 'POST',
        body: { winnerId, resolution },
      }),
      invalidatesTags: [
        { type: 'Admin', id: 'DISPUTED' },
        { type: 'Admin', id: 'RESOLVED' },
        { type: 'Admin', id: 'AUDIT' },
        { type: 'Admin', id: 'ANALYTICS' },
      ],
    }),
    editResolution: build.mutation<Bet, { betId: number; winnerId: string; reason: string }>({
      query: ({ betId, winnerId, reason }) => ({
        url: `/api/bets/${betId}/edit-resolution`,
        method: 'POST',
        body: { winnerId, reason },
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
  useAdminUsersQuery,
  useAuditLogQuery,
  useDisputedBetsQuery,
  useResolvedDisputesQuery,
  useAdjustBalanceMutation,
  useModerateMutation,
  useDeleteUserMutation,
  useResolveDisputeMutation,
  useEditResolutionMutation,
} = adminApi;

/** docs/product.md §9: admin analytics refreshed every 30 s. */
export const ADMIN_ANALYTICS_POLL_MS = 30_000;
