import { describe, expect, it } from 'vitest';
import { createCache } from '../../app/apollo';
import { badgeText } from '../shell/NotificationBell';
import { adjustUnreadCount, markAllReadInCache } from './cache';
import { NOTIFICATIONS_QUERY, UNREAD_COUNT_QUERY, type NotificationData } from './operations';
import { notificationTarget } from './useNotificationFeed';

const note = (id: string, is_read: boolean): NotificationData & { __typename: 'Notification' } => ({
  __typename: 'Notification',
  id,
  content: `Notification ${id}`,
  module: null,
  is_read,
  redirect: null,
  extra_content: null,
  created_at: '2025-03-04T09:05:00.000Z',
  sender_name: null,
});

function seededCache(unread: number) {
  const cache = createCache();
  cache.writeQuery({ query: UNREAD_COUNT_QUERY, data: { unreadNotificationCount: unread } });
  cache.writeQuery({
    query: NOTIFICATIONS_QUERY,
    variables: { limit: 20, offset: 0 },
    data: {
      notifications: { items: [note('1', false), note('2', true)], total: 2, unread_count: unread },
    },
  });
  return cache;
}

describe('the unread count in the cache (spec: rises on add, falls on read, zero after mark-all)', () => {
  it('given one unread, when a notification arrives, then the count rises to two', () => {
    const cache = seededCache(1);
    adjustUnreadCount(cache, (n) => n + 1);
    expect(cache.readQuery({ query: UNREAD_COUNT_QUERY })?.unreadNotificationCount).toBe(2);
  });

  it('given zero unread, when a read is counted anyway, then the count never goes below zero', () => {
    const cache = seededCache(0);
    adjustUnreadCount(cache, (n) => n - 1);
    expect(cache.readQuery({ query: UNREAD_COUNT_QUERY })?.unreadNotificationCount).toBe(0);
  });

  it('given unread notifications, when all are marked read, then each shows read and the count is zero', () => {
    const cache = seededCache(1);
    markAllReadInCache(cache, ['1', '2']);
    expect(cache.readQuery({ query: UNREAD_COUNT_QUERY })?.unreadNotificationCount).toBe(0);
    const list = cache.readQuery({
      query: NOTIFICATIONS_QUERY,
      variables: { limit: 20, offset: 0 },
    });
    expect(list?.notifications.items.map((item) => item.is_read)).toEqual([true, true]);
  });
});

describe('where a notification leads', () => {
  it('given an in-app path, then it is followed', () => {
    expect(notificationTarget('/company')).toBe('/company');
  });

  it('given no path, an outside URL or a protocol-relative one, then the list opens instead', () => {
    expect(notificationTarget(null)).toBe('/notifications');
    expect(notificationTarget('https://evil.test/')).toBe('/notifications');
    expect(notificationTarget('//evil.test/')).toBe('/notifications');
  });

  it('given a path to a page the app does not have (the seeded /settings/company), then the list opens', () => {
    expect(notificationTarget('/settings/company')).toBe('/notifications');
  });
});

describe('the bell badge', () => {
  it('given a count, then the badge shows it, capped at 99+', () => {
    expect([badgeText(2), badgeText(99), badgeText(250)]).toEqual(['2', '99', '99+']);
  });
});
