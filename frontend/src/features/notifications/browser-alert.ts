import type { BrowserNotification, BrowserPermission } from '../../lib/browser-notifications';
import { formatMoney } from '../../lib/money';
import { appPath } from '../../lib/nav';
import type { NotificationSettings } from '../../lib/notification-settings';
import type { AppNotification, NotificationCategory } from './types';

/** One tag per bet for "expiring" so the in-page reminder and the server's notice replace each other. */
export function expiringTag(betId: number): string {
  return `bet-expiring-${betId}`;
}

export function notificationTag(notification: Pick<AppNotification, 'id' | 'type' | 'betId'>): string {
  // A group pot's reminder replaces the in-page reminder of the same bet as the duel's does.
  const reminder = notification.type === 'bet_expiring' || notification.type === 'pot_reminder';
  return reminder && notification.betId !== null
    ? expiringTag(notification.betId)
    : `notification-${notification.id}`;
}

/**
 * A browser notification shows only when the browser allows it, the user's server-side push switch
 * is on and this device's switch for the category is on; account notices have no switch.
 */
export function browserAlertAllowed(
  category: NotificationCategory,
  context: { permission: BrowserPermission; pushNotifications: boolean; settings: NotificationSettings },
): boolean {
  if (context.permission !== 'granted' || !context.pushNotifications) return false;
  return category === 'account' || context.settings[category] !== false;
}

/** docs/product.md §7: the "bet resolved" notification shows the winnings. */
export function toBrowserNotification(notification: AppNotification): BrowserNotification {
  let body = notification.body;
  if (notification.type === 'bet_resolved' && notification.amount !== null) {
    const winnings = `$${formatMoney(notification.amount)}`;
    if (!body.includes(winnings)) body = `${body} Winnings: ${winnings}`.trim();
  }
  return {
    title: notification.title,
    body,
    tag: notificationTag(notification),
    url: appPath(notification.url),
  };
}
