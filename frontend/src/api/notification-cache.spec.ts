import {
  markAllReadInCache,
  markReadInCache,
  unreadCountOf,
  type NotificationPages,
} from './notification-cache';
import type { Schemas } from './schemas';

type AppNotification = Schemas['NotificationDto'];

function item(id: number, readAt: string | null = null): AppNotification {
  return {
    id,
    type: 'friend_request',
    category: 'friendRequests',
    title: `Title ${id}`,
    body: 'Body',
    url: '/friends',
    betId: null,
    betStatus: null,
    amount: null,
    readAt,
    createdAt: '2026-11-22T12:00:00.000Z',
  };
}

function pages(): NotificationPages {
  return {
    pages: [
      { items: [item(5), item(4, '2026-11-22T11:00:00.000Z')], unreadCount: 2, nextBefore: 4 },
      { items: [item(3)], unreadCount: 2, nextBefore: null },
    ],
    pageParams: [null, 4],
  };
}

describe('notification cache updates', () => {
  it('reads the unread count from the newest page', () => {
    expect(unreadCountOf(pages())).toBe(2);
    expect(unreadCountOf(undefined)).toBe(0);
  });

  it('marks one read and lowers the count once', () => {
    const data = pages();
    markReadInCache(data, 3, 'now');
    expect(data.pages[1]?.items[0]?.readAt).toBe('now');
    expect(unreadCountOf(data)).toBe(1);
    markReadInCache(data, 3, 'later');
    markReadInCache(data, 4, 'later');
    expect(data.pages[1]?.items[0]?.readAt).toBe('now');
    expect(unreadCountOf(data)).toBe(1);
  });

  it('marks all read and keeps earlier read times', () => {
    const data = pages();
    markAllReadInCache(data, 'now');
    expect(unreadCountOf(data)).toBe(0);
    expect(data.pages.flatMap((page) => page.items.map((entry) => entry.readAt))).toEqual([
      'now',
      '2026-11-22T11:00:00.000Z',
      'now',
    ]);
  });
});
