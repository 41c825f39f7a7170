import type { NotificationDto } from '../dto/notification.dto.js';
import { pushMessage } from './push-payload.js';

const notification = (overrides: Partial<NotificationDto>): NotificationDto => ({
  id: 41,
  type: 'bet_received',
  category: 'betUpdates',
  title: 'New challenge from avery',
  body: '“Who wins the derby?” for $12.50.',
  url: '/?bet=7',
  betId: 7,
  betStatus: null,
  amount: null,
  readAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('pushMessage', () => {
  it('carries what the service worker shows, tagged by the notification, at normal urgency', () => {
    expect(pushMessage(notification({}))).toEqual({
      payload: {
        id: 41,
        type: 'bet_received',
        category: 'betUpdates',
        title: 'New challenge from avery',
        body: '“Who wins the derby?” for $12.50.',
        url: '/?bet=7',
        tag: 'notification-41',
      },
      urgency: 'normal',
    });
  });

  it('gives reminders about one bet one tag, so a newer one replaces the older, at high urgency', () => {
    const first = pushMessage(notification({ id: 50, type: 'bet_expiring', category: 'betExpiring' }));
    const second = pushMessage(notification({ id: 51, type: 'bet_expiring', category: 'betExpiring' }));
    expect(first.payload.tag).toBe('bet-expiring-7');
    expect(second.payload.tag).toBe('bet-expiring-7');
    expect(first.urgency).toBe('high');
    expect(
      pushMessage(notification({ id: 52, type: 'bet_expired', category: 'betExpiring' })).payload.tag,
    ).toBe('notification-52');
  });

  it('treats a group pot’s reminder as a reminder about its bet', () => {
    const pot = pushMessage(notification({ id: 53, type: 'pot_reminder', category: 'betExpiring' }));
    expect(pot.payload.tag).toBe('bet-expiring-7');
    expect(pot.urgency).toBe('high');
  });
});
