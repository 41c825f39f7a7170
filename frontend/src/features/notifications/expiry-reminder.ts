import type { BrowserNotification } from '../../lib/browser-notifications';
import { appPath } from '../../lib/nav';
import { expiringTag } from './browser-alert';
import type { ExpiringBet } from './types';

/** docs/product.md §9: the in-page reminder check runs every 60 s ... */
export const REMINDER_CHECK_MS = 60_000;
const HOUR_MS = 3_600_000;

/** ... and fires when between 0.9 and 1 hour remain on a bet. */
export function inReminderWindow(expiresAt: string, now: number): boolean {
  const left = Date.parse(expiresAt) - now;
  return left >= 0.9 * HOUR_MS && left <= HOUR_MS;
}

/** The bets to remind about now: in the window and not reminded yet on this page load. */
export function dueReminders(
  bets: readonly ExpiringBet[],
  now: number,
  reminded: ReadonlySet<number>,
): ExpiringBet[] {
  return bets.filter((bet) => !reminded.has(bet.id) && inReminderWindow(bet.expiresAt, now));
}

export function expiryReminder(bet: ExpiringBet): BrowserNotification {
  return {
    title: 'Bet Expiring Soon',
    body: `"${bet.title}" expires in less than an hour.`,
    tag: expiringTag(bet.id),
    url: appPath(`/bets/${bet.id}`),
  };
}
