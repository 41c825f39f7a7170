import type { Urgency } from 'web-push';
import type { OutgoingNotification } from '../delivery/notification-outbox.js';
import type { NotificationDto } from '../dto/notification.dto.js';

/** What the service worker receives (decrypted) in its `push` event, as JSON. */
export interface PushPayload {
  id: number;
  type: NotificationDto['type'];
  category: NotificationDto['category'];
  title: string;
  body: string;
  /** Where a click on the notification takes the user. */
  url: string;
  /** Notification tag: a newer one replaces an older one with the same tag on the device. */
  tag: string;
}

/** How long a push service keeps a message for an offline device: a day-old alert is stale. */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * The push message for one notification. Reminders about the same bet share a tag, so a device shows
 * the latest one instead of a pile; everything else stands alone. A reminder is time-bound, so it asks
 * the push service to wake the device now (`high`); the rest may wait for a good moment (`normal`).
 */
export function pushMessage(notification: OutgoingNotification): { payload: PushPayload; urgency: Urgency } {
  const { id, type, category, title, body, url, betId } = notification;
  // A group pot's reminder is the same kind of reminder (its own type, so its text can say so).
  const timeBound = type === 'bet_expiring' || type === 'pot_reminder';
  const reminder = timeBound && betId !== null;
  return {
    payload: {
      id,
      type,
      category,
      title,
      body,
      url,
      tag: reminder ? `bet-expiring-${betId}` : `notification-${id}`,
    },
    urgency: timeBound ? 'high' : 'normal',
  };
}
