const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The time left on a card: more than 24 hours shows days, otherwise hours, otherwise minutes; 'Expired'
 * when past (docs/product.md §9). Counted the way the acceptance dialog counts it (rounded up), so a card
 * and the dialog of the same bet never disagree ("7 days" next to "6 days left").
 */
export function timeLeft(expiresAt: string | Date | null | undefined, now: Date = new Date()): string {
  const left = timeLeftRoundedUp(expiresAt, now);
  return left === '' || left === 'Expired' ? left : `${left} left`;
}

/** The acceptance dialog rounds up: "1 day", "n days", hours or minutes. */
export function timeLeftRoundedUp(
  expiresAt: string | Date | null | undefined,
  now: Date = new Date(),
): string {
  if (!expiresAt) return '';
  const ms = new Date(expiresAt).getTime() - now.getTime();
  if (ms <= 0) return 'Expired';
  if (ms > DAY) {
    const days = Math.ceil(ms / DAY);
    return `${days} day${days === 1 ? '' : 's'}`;
  }
  if (ms > HOUR) {
    const hours = Math.ceil(ms / HOUR);
    return `${hours} hour${hours === 1 ? '' : 's'}`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '';
  return new Date(value).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

// Made on first use, not when the module loads: this module comes with the dashboard's first visit, which shows
// no relative time, and making an Intl formatter is a few milliseconds of main-thread work.
let relativeFormat: Intl.RelativeTimeFormat | null = null;
const relative = () => (relativeFormat ??= new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' }));

/** "just now", "5 minutes ago", "3 hours ago", "yesterday"; a week or older shows the en-US date. */
export function formatRelativeTime(value: string | Date, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(value).getTime();
  if (ms < 60_000) return 'just now';
  if (ms < HOUR) return relative().format(-Math.floor(ms / 60_000), 'minute');
  if (ms < DAY) return relative().format(-Math.floor(ms / HOUR), 'hour');
  if (ms < 7 * DAY) return relative().format(-Math.floor(ms / DAY), 'day');
  return formatDate(value);
}

/** "Nov 23, 2026, 10:42 PM": a date with its time of day, for timelines and receipts. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  return new Date(value).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
