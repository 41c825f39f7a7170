import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_SETTINGS_KEY,
  readNotificationSettings,
  writeNotificationSettings,
} from './notification-settings';

describe('notification settings', () => {
  beforeEach(() => localStorage.clear());

  it('are all on when nothing is stored', () => {
    expect(readNotificationSettings()).toEqual({
      betUpdates: true,
      friendRequests: true,
      betExpiring: true,
      betResolved: true,
      circles: true,
    });
  });

  it('round-trip through localStorage under notification-settings as JSON', () => {
    writeNotificationSettings({ ...DEFAULT_NOTIFICATION_SETTINGS, betUpdates: false });
    expect(JSON.parse(localStorage.getItem(NOTIFICATION_SETTINGS_KEY) ?? '{}')).toEqual({
      betUpdates: false,
      friendRequests: true,
      betExpiring: true,
      betResolved: true,
      circles: true,
    });
    expect(readNotificationSettings().betUpdates).toBe(false);
  });

  it('fall back to on for broken JSON and keep only known boolean switches', () => {
    localStorage.setItem(NOTIFICATION_SETTINGS_KEY, '{not json');
    expect(readNotificationSettings()).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    localStorage.setItem(
      NOTIFICATION_SETTINGS_KEY,
      JSON.stringify({ betResolved: false, friendRequests: 'no', extra: true }),
    );
    expect(readNotificationSettings()).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, betResolved: false });
  });
});
