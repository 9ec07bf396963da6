/** GraphQL operations of notifications: the list, the unread count, marking read, the live feed. */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';

export const NOTIFICATION_FIELDS = fragment(
  `fragment NotificationFields on Notification {
    id content module is_read redirect extra_content created_at sender_name
  }`,
  z.object({
    id: z.string(),
    content: z.string(),
    module: z.string().nullable(),
    is_read: z.boolean(),
    redirect: z.string().nullable(),
    extra_content: z.string().nullable(),
    created_at: z.string(),
    sender_name: z.string().nullable(),
  }),
);
export type NotificationData = z.infer<typeof NOTIFICATION_FIELDS.schema>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATIONS_QUERY = op(
  `query Notifications($limit: Int!, $offset: Int!) {
    notifications(limit: $limit, offset: $offset) {
      items { ...NotificationFields }
      total
      unread_count
    }
  }`,
  z.object({
    notifications: z.object({
      items: z.array(NOTIFICATION_FIELDS.schema),
      total: z.number().int(),
      unread_count: z.number().int(),
    }),
  }),
  z.object({ limit: z.number().int().min(1).max(100), offset: z.number().int().min(0) }),
  [NOTIFICATION_FIELDS],
);

export const UNREAD_COUNT_QUERY = op(
  `query UnreadNotificationCount { unreadNotificationCount }`,
  z.object({ unreadNotificationCount: z.number().int().min(0) }),
);

export const MARK_NOTIFICATION_READ_MUTATION = op(
  `mutation MarkNotificationRead($id: ID!) { markNotificationRead(id: $id) { id is_read } }`,
  z.object({ markNotificationRead: z.object({ id: z.string(), is_read: z.boolean() }) }),
  z.object({ id: z.string() }),
);

export const MARK_ALL_NOTIFICATIONS_READ_MUTATION = op(
  `mutation MarkAllNotificationsRead { markAllNotificationsRead }`,
  z.object({ markAllNotificationsRead: z.number().int().min(0) }),
);

export const NOTIFICATION_ADDED_SUBSCRIPTION = op(
  `subscription NotificationAdded { notificationAdded { ...NotificationFields } }`,
  z.object({ notificationAdded: NOTIFICATION_FIELDS.schema }),
  undefined,
  [NOTIFICATION_FIELDS],
);
