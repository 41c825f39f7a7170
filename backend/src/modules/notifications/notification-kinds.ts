/**
 * What the notification centre can say, and how each kind is grouped for the browser's per-category
 * switches (the spec's `notification-settings`: betUpdates, betExpiring, betResolved, friendRequests).
 */
export const NOTIFICATION_CATEGORY = {
  bet_received: 'betUpdates',
  bet_accepted: 'betUpdates',
  bet_declined: 'betUpdates',
  bet_cancelled: 'betUpdates',
  result_submitted: 'betUpdates',
  bet_disputed: 'betUpdates',
  bet_expiring: 'betExpiring',
  bet_expired: 'betExpiring',
  bet_resolved: 'betResolved',
  dispute_resolved: 'betResolved',
  friend_request: 'friendRequests',
  friend_accepted: 'friendRequests',
  moderation: 'account',
  balance_adjusted: 'account',
} as const;

export type NotificationType = keyof typeof NOTIFICATION_CATEGORY;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORY)[NotificationType];
export const NOTIFICATION_TYPES = Object.keys(NOTIFICATION_CATEGORY) as NotificationType[];
export const NOTIFICATION_CATEGORIES = [
  'betUpdates',
  'betExpiring',
  'betResolved',
  'friendRequests',
  'account',
] as const satisfies readonly NotificationCategory[];

/** Where a click on the notification takes the user in the app. */
export function notificationUrl(type: NotificationType, betId: number | null): string {
  switch (NOTIFICATION_CATEGORY[type]) {
    case 'betUpdates':
    case 'betExpiring':
    case 'betResolved':
      return betId === null ? '/' : `/bets/${betId}`;
    case 'friendRequests':
      return '/friends';
    case 'account':
      return type === 'balance_adjusted' ? '/history' : '/account';
  }
}

/**
 * What changed for the recipient, so an open app refreshes exactly those lists (sent with the
 * notification over the live stream).
 */
export type ChangeTopic = 'bets' | 'wallet' | 'friends' | 'activities' | 'notifications' | 'profile';
export const CHANGE_TOPICS: readonly ChangeTopic[] = [
  'bets',
  'wallet',
  'friends',
  'activities',
  'notifications',
  'profile',
];

const CHALLENGE_CALL = 'Accept or decline it before it expires.';
const CHALLENGE_ENDED: Record<string, string> = {
  active: 'The challenge was accepted.',
  completed: 'The challenge was accepted and has been settled.',
  disputed: 'The challenge was accepted and is now disputed.',
  declined: 'The challenge was declined.',
  cancelled: 'The challenge was withdrawn.',
  expired: 'The challenge expired.',
};

/**
 * A notification's text as it is true now: a challenge that has since been answered, withdrawn or expired
 * no longer asks to be accepted (the stored text keeps what was said at the time).
 */
export function currentBody(type: NotificationType, body: string, betStatus: string | null): string {
  if (type !== 'bet_received' || betStatus === null || betStatus === 'pending') return body;
  const ended = CHALLENGE_ENDED[betStatus];
  return ended && body.endsWith(CHALLENGE_CALL) ? `${body.slice(0, -CHALLENGE_CALL.length)}${ended}` : body;
}
