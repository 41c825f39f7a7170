/** docs/product.md §4: browser notification permission, shown as Not Set / Enabled / Blocked. */
export type BrowserPermission = NotificationPermission | 'unsupported';

export const PERMISSION_LABEL: Record<BrowserPermission, string> = {
  default: 'Not Set',
  granted: 'Enabled',
  denied: 'Blocked',
  unsupported: 'Not Supported',
};

/** docs/product.md §9: notification vibration pattern. */
export const VIBRATION_PATTERN = [200, 100, 200];
export const NOTIFICATION_ICON = '/icons/icon-192.png';
export const NOTIFICATION_BADGE = '/icons/badge-96.png';

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function browserPermission(): BrowserPermission {
  return notificationsSupported() ? Notification.permission : 'unsupported';
}

export interface BrowserNotification {
  title: string;
  body: string;
  /** Notifications with the same tag replace each other instead of piling up. */
  tag: string;
  /** Where a click takes the user (the service worker's notificationclick reads it). */
  url: string;
}

/** Shows a notification through the service worker, which also handles the click (public/sw.js). */
export async function showBrowserNotification(notification: BrowserNotification): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const registration = await navigator.serviceWorker.ready;
  // `vibrate` is still honoured by Chromium on Android but is no longer in TypeScript's DOM types.
  const options: NotificationOptions & { vibrate: number[] } = {
    body: notification.body,
    tag: notification.tag,
    icon: NOTIFICATION_ICON,
    badge: NOTIFICATION_BADGE,
    vibrate: VIBRATION_PATTERN,
    data: { url: notification.url },
  };
  await registration.showNotification(notification.title, options);
  // Chromium has been seen to drop a notification it had just accepted (showNotification resolved, yet
  // it never appeared). Showing it once more under the same tag replaces rather than duplicates it.
  const shown = await registration.getNotifications({ tag: notification.tag });
  if (shown.length === 0) {
    await registration.showNotification(notification.title, options);
  }
}
