/** The bell refreshes itself this often only while the live stream is down. */
export const NOTIFICATIONS_FALLBACK_POLL_MS = 30_000;
/** docs/product.md §9: expiring bets are refetched hourly. */
export const EXPIRING_BETS_POLL_MS = 3_600_000;
