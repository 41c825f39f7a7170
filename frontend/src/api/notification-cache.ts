import type { InfiniteData } from '@reduxjs/toolkit/query';
import type { Schemas } from './schemas';

export type NotificationPages = InfiniteData<Schemas['NotificationPageDto'], number | null>;

/** The unread count the server reported with the newest page. */
export function unreadCountOf(data: NotificationPages | undefined): number {
  return data?.pages[0]?.unreadCount ?? 0;
}

/** Optimistic "read": the entry gets a readAt and the count drops, until the refetch confirms it. */
export function markReadInCache(data: NotificationPages, id: number, readAt: string): void {
  let changed = false;
  for (const page of data.pages) {
    for (const item of page.items) {
      if (item.id === id && item.readAt === null) {
        item.readAt = readAt;
        changed = true;
      }
    }
  }
  if (changed) for (const page of data.pages) page.unreadCount = Math.max(0, page.unreadCount - 1);
}

export function markAllReadInCache(data: NotificationPages, readAt: string): void {
  for (const page of data.pages) {
    page.unreadCount = 0;
    for (const item of page.items) item.readAt ??= readAt;
  }
}
