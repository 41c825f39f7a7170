import type { Schemas } from '../../api/schemas';
import type { NotificationSettingKey } from '../../lib/notification-settings';

export type NotificationType = Schemas['NotificationDto']['type'];

/** The browser switch that governs a notification; 'account' ones are always shown. */
export type NotificationCategory = NotificationSettingKey | 'account';

/** One entry of the notification centre (GET /api/notifications). */
export type AppNotification = Schemas['NotificationDto'];

export type NotificationPage = Schemas['NotificationPageDto'];

/** What the live stream says changed (`event: changed`). */
export type ChangeTopic =
  | 'bets'
  | 'wallet'
  | 'friends'
  | 'activities'
  | 'notifications'
  | 'profile'
  | 'circles';

/** Something new in a circle's feed (`event: circle`): its members' open apps refetch that feed. */
export interface CircleLiveChange {
  circleId: string;
  itemId: number;
  change: 'item' | 'comment' | 'reaction';
}

/** GET /api/bets/expiring: open bets of the viewer whose deadline is near. */
export type ExpiringBet = Schemas['ExpiringBetDto'];
