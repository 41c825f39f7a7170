/** docs/product.md §3/§9: the browser's own notification switches, kept in localStorage, all on by default. */
export const NOTIFICATION_SETTINGS_KEY = 'notification-settings';

export type NotificationSettingKey =
  'betUpdates' | 'friendRequests' | 'betExpiring' | 'betResolved' | 'circles';
export type NotificationSettings = Record<NotificationSettingKey, boolean>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  betUpdates: true,
  friendRequests: true,
  betExpiring: true,
  betResolved: true,
  circles: true,
};

/** The switches in the order the settings dialog shows them, with their labels. */
export const NOTIFICATION_SETTING_LABELS: { key: NotificationSettingKey; label: string; hint: string }[] = [
  { key: 'betUpdates', label: 'Bet updates', hint: 'New challenges, accepted, declined and disputed bets' },
  { key: 'friendRequests', label: 'Friend requests', hint: 'Requests you receive and accept' },
  { key: 'betExpiring', label: 'Expiring bets', hint: 'About an hour before a bet expires' },
  { key: 'betResolved', label: 'Bet results', hint: 'When a bet is settled, with your winnings' },
  { key: 'circles', label: 'Circles', hint: 'Circle invitations, and comments on your bets in a circle' },
];

/** Reads the stored switches; anything missing or unreadable falls back to on. */
export function readNotificationSettings(storage: Storage = localStorage): NotificationSettings {
  let stored: unknown;
  try {
    stored = JSON.parse(storage.getItem(NOTIFICATION_SETTINGS_KEY) ?? 'null');
  } catch {
    stored = null;
  }
  const settings = { ...DEFAULT_NOTIFICATION_SETTINGS };
  if (stored && typeof stored === 'object') {
    for (const key of Object.keys(settings) as NotificationSettingKey[]) {
      const value = (stored as Record<string, unknown>)[key];
      if (typeof value === 'boolean') settings[key] = value;
    }
  }
  return settings;
}

export function writeNotificationSettings(
  settings: NotificationSettings,
  storage: Storage = localStorage,
): void {
  storage.setItem(NOTIFICATION_SETTINGS_KEY, JSON.stringify(settings));
}
