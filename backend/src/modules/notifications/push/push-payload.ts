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
  const reminder = type === 'bet_expiring' && betId !== null;
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
    urgency: type === 'bet_expiring' ? 'high' : 'normal',
  };
}
