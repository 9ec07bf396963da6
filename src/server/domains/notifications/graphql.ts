/** Resolvers: the caller's notifications, marking read, the creation helper and the live feed. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import type { ResolverDeps } from '../../graphql/types';
import type { NotificationView } from './repository';

export function notificationResolvers({ services }: ResolverDeps) {
  return {
    Query: {
      notifications: (
        _: unknown,
        args: { limit?: number | null; offset?: number | null },
        context: GraphQLContext,
      ) => services.notifications.list(requireViewer(context), args),
      unreadNotificationCount: (_: unknown, __: unknown, context: GraphQLContext) =>
        services.notifications.unreadCount(requireViewer(context)),
    },
    Mutation: {
      markNotificationRead: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        services.notifications.markRead(requireViewer(context), args.id),
      markAllNotificationsRead: (_: unknown, __: unknown, context: GraphQLContext) =>
        services.notifications.markAllRead(requireViewer(context)),
      createNotification: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        services.notifications.create(requireViewer(context), args.input),
    },
    Subscription: {
      notificationAdded: {
        subscribe: (_: unknown, __: unknown, context: GraphQLContext) =>
          services.notifications.live(requireViewer(context)),
        resolve: (payload: NotificationView) => payload,
      },
      unreadNotificationCountChanged: {
        subscribe: (_: unknown, __: unknown, context: GraphQLContext) =>
          services.notifications.liveUnreadCount(requireViewer(context)),
        resolve: (count: number) => count,
      },
    },
    Notification: {
      sender: (n: NotificationView, _: unknown, context: GraphQLContext) =>
        n.sender_id ? services.users.find(requireViewer(context), n.sender_id) : null,
      receiver: (n: NotificationView, _: unknown, context: GraphQLContext) =>
        services.users.get(requireViewer(context), n.receiver_id),
    },
  };
}
