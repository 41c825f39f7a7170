import type { NotificationSettingKey } from '../../lib/notification-settings';

export type NotificationType =
  | 'bet_received'
  | 'bet_accepted'
  | 'bet_declined'
  | 'bet_cancelled'
  | 'bet_expired'
  | 'bet_expiring'
  | 'result_submitted'
  | 'bet_resolved'
  | 'bet_disputed'
  | 'dispute_resolved'
  | 'friend_request'
  | 'friend_accepted'
  | 'moderation'
  | 'balance_adjusted';

/** The browser switch that governs a notification; 'account' ones are always shown. */
export type NotificationCategory = NotificationSettingKey | 'account';

/** One entry of the notification centre (GET /api/notifications). */
export interface AppNotification {
  id: number;
  type: NotificationType;
  category: NotificationCategory;
  title: string;
  body: string;
  /** Where a click goes: /bets/<id>, /friends, /history or /account. */
  url: string;
  betId: number | null;
  /** Winnings of a won bet (2 decimals), else null. */
  amount: string | null;
  readAt: string | null;
  createdAt: string;
}

export interface NotificationPage {
  items: AppNotification[];
  unreadCount: number;
  nextBefore: number | null;
}

/** What the live stream says changed (`event: changed`). */
export type ChangeTopic = 'bets' | 'wallet' | 'friends' | 'activities' | 'notifications' | 'profile';

/** GET /api/bets/expiring: open bets of the viewer whose deadline is near. */
export interface ExpiringBet {
  id: number;
  title: string;
  expiresAt: string;
  status?: string;
}
