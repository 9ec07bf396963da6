/** Keeping the unread count and the lists in the Apollo cache in step with what happened. */
import type { ApolloCache } from '@apollo/client';
import { NOTIFICATIONS_QUERY, UNREAD_COUNT_QUERY } from './operations';

export function adjustUnreadCount(cache: ApolloCache, change: (count: number) => number): void {
  cache.updateQuery({ query: UNREAD_COUNT_QUERY }, (data) =>
    data ? { unreadNotificationCount: Math.max(0, change(data.unreadNotificationCount)) } : data,
  );
}

/**
 * Writes the server's unread count into the cache; returns whether it differs from what the cache
 * held (then events were missed and the lists are stale).
 */
export function setUnreadCount(cache: ApolloCache, count: number): boolean {
  const before = cache.readQuery({ query: UNREAD_COUNT_QUERY })?.unreadNotificationCount;
  cache.writeQuery({ query: UNREAD_COUNT_QUERY, data: { unreadNotificationCount: count } });
  return before !== count;
}

/** After mark-all-read: every cached notification is read and the count is zero. */
export function markAllReadInCache(cache: ApolloCache, ids: string[]): void {
  for (const id of ids) {
    cache.modify({
      id: cache.identify({ __typename: 'Notification', id }),
      fields: { is_read: () => true },
    });
  }
  adjustUnreadCount(cache, () => 0);
}

export const NOTIFICATION_QUERIES = [NOTIFICATIONS_QUERY, UNREAD_COUNT_QUERY];
