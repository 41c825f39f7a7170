import { DEFAULT_NOTIFICATION_SETTINGS } from '../../lib/notification-settings';
import { browserAlertAllowed, notificationTag, toBrowserNotification } from './browser-alert';
import type { AppNotification } from './types';

const allowed = {
  permission: 'granted' as const,
  pushNotifications: true,
  settings: DEFAULT_NOTIFICATION_SETTINGS,
};

function notification(overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: 7,
    type: 'bet_received',
    category: 'betUpdates',
    title: 'New challenge',
    body: 'Alice challenged you to "Rain tomorrow" for $25.00',
    url: '/?bet=3',
    betId: 3,
    betStatus: null,
    amount: null,
    readAt: null,
    createdAt: '2026-11-22T12:00:00.000Z',
    ...overrides,
  };
}

describe('browserAlertAllowed', () => {
  it('needs the browser permission and the account push switch', () => {
    expect(browserAlertAllowed('betUpdates', allowed)).toBe(true);
    expect(browserAlertAllowed('betUpdates', { ...allowed, permission: 'default' })).toBe(false);
    expect(browserAlertAllowed('betUpdates', { ...allowed, permission: 'denied' })).toBe(false);
    expect(browserAlertAllowed('betUpdates', { ...allowed, permission: 'unsupported' })).toBe(false);
    expect(browserAlertAllowed('account', { ...allowed, pushNotifications: false })).toBe(false);
  });

  it("follows the device's switch of the category", () => {
    const settings = { ...DEFAULT_NOTIFICATION_SETTINGS, betUpdates: false, betResolved: false };
    expect(browserAlertAllowed('betUpdates', { ...allowed, settings })).toBe(false);
    expect(browserAlertAllowed('betResolved', { ...allowed, settings })).toBe(false);
    expect(browserAlertAllowed('friendRequests', { ...allowed, settings })).toBe(true);
    expect(browserAlertAllowed('betExpiring', { ...allowed, settings })).toBe(true);
  });

  it('always allows account notices, which have no switch', () => {
    const settings = {
      betUpdates: false,
      friendRequests: false,
      betExpiring: false,
      betResolved: false,
      circles: false,
    };
    expect(browserAlertAllowed('account', { ...allowed, settings })).toBe(true);
  });
});

describe('notificationTag', () => {
  it('is one per notification, except expiring bets which share one per bet', () => {
    expect(notificationTag(notification())).toBe('notification-7');
    expect(notificationTag(notification({ type: 'bet_expiring', category: 'betExpiring' }))).toBe(
      'bet-expiring-3',
    );
    expect(notificationTag(notification({ type: 'bet_expired', category: 'betExpiring' }))).toBe(
      'notification-7',
    );
    expect(notificationTag(notification({ type: 'bet_expiring', betId: null }))).toBe('notification-7');
    // A group pot's reminder replaces the same bet's in-page reminder too.
    expect(notificationTag(notification({ type: 'pot_reminder', category: 'betExpiring' }))).toBe(
      'bet-expiring-3',
    );
  });
});

describe('toBrowserNotification', () => {
  it('carries title, body, tag and the link', () => {
    expect(toBrowserNotification(notification())).toEqual({
      title: 'New challenge',
      body: 'Alice challenged you to "Rain tomorrow" for $25.00',
      tag: 'notification-7',
      url: '/?bet=3',
    });
  });

  it('shows the winnings of a resolved bet once', () => {
    const won = notification({
      type: 'bet_resolved',
      category: 'betResolved',
      body: 'You won!',
      amount: '1050',
    });
    expect(toBrowserNotification(won).body).toBe('You won! Winnings: $1,050.00');
    const said = notification({ type: 'bet_resolved', body: 'You won $50.00', amount: '50.00' });
    expect(toBrowserNotification(said).body).toBe('You won $50.00');
  });

  it('never leaves the app', () => {
    expect(toBrowserNotification(notification({ url: 'javascript:alert(1)' })).url).toBe('/');
  });
});
