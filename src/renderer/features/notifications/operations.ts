/** GraphQL operations of notifications: the list, the unread count, marking read, the live feed. */
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';

export const NOTIFICATION_FIELDS = graphql(`
  fragment NotificationFields on Notification {
    id
    content
    module
    is_read
    redirect
    extra_content
    created_at
    sender_name
  }
`);
export type NotificationData = ResultOf<typeof NOTIFICATION_FIELDS>;

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const NOTIFICATIONS_QUERY = graphql(
  `
    query Notifications($limit: Int!, $offset: Int!) {
      notifications(limit: $limit, offset: $offset) {
        items {
          ...NotificationFields
        }
        total
        unread_count
      }
    }
  `,
  [NOTIFICATION_FIELDS],
);

export const UNREAD_COUNT_QUERY = graphql(`
  query UnreadNotificationCount {
    unreadNotificationCount
  }
`);

export const MARK_NOTIFICATION_READ_MUTATION = graphql(`
  mutation MarkNotificationRead($id: ID!) {
    markNotificationRead(id: $id) {
      id
      is_read
    }
  }
`);

export const MARK_ALL_NOTIFICATIONS_READ_MUTATION = graphql(`
  mutation MarkAllNotificationsRead {
    markAllNotificationsRead
  }
`);

export const NOTIFICATION_ADDED_SUBSCRIPTION = graphql(
  `
    subscription NotificationAdded {
      notificationAdded {
        ...NotificationFields
      }
    }
  `,
  [NOTIFICATION_FIELDS],
);

/** The unread count, first when the subscription is in place on the server, then on each new one. */
export const UNREAD_COUNT_CHANGED_SUBSCRIPTION = graphql(`
  subscription UnreadNotificationCountChanged {
    unreadNotificationCountChanged
  }
`);
