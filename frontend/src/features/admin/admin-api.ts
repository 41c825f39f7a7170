import type { Schemas } from '../../api/schemas';

/** A disputed or resolved bet as the panel lists it, and one of its two sides. */
export type Bet = Schemas['BetDto'];
export type BetParty = Schemas['BetPartyDto'];
export type AdminAnalytics = Schemas['AdminAnalyticsDto'];
export type AdminUserRow = Schemas['AdminUserDto'];
export type AuditEntry = Schemas['AuditEntryDto'];
export type BalanceAdjustment = Schemas['BalanceAdjustmentDto'];
export type ModerationAction = Schemas['ModerationActionDto'];

export type AdminUserPage = Schemas['AdminUserPageDto'];
export type AuditLogPage = Schemas['AuditLogPageDto'];
export type DisputeList = Schemas['DisputeListDto'];

/** docs/product.md §9: admin analytics refreshed every 30 s. */
export const ADMIN_ANALYTICS_POLL_MS = 30_000;
