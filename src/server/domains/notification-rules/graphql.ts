/** Resolvers of notification rules (schema/63-notification-rules.graphql). */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

type Args = Record<string, unknown>;

export function notificationRuleResolvers(deps: ResolverDeps) {
  const service = deps.services.notificationRules;
  return {
    Query: {
      notificationRules: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_NOTIFICATION_RULES_FAILED', 'notificationRules', () =>
          service.list(requireViewer(context), args),
        ),
      notificationRule: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_NOTIFICATION_RULES_FAILED', 'notificationRule', () =>
          service.get(requireViewer(context), args.id),
        ),
      notificationRuleStats: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_NOTIFICATION_RULES_FAILED', 'notificationRuleStats', () =>
          service.stats(requireViewer(context), args),
        ),
      notificationRuleHistory: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_NOTIFICATION_HISTORY_FAILED', 'notificationRuleHistory', () =>
          service.history(requireViewer(context), args),
        ),
    },
    Mutation: {
      createNotificationRule: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'SAVE_NOTIFICATION_RULE_FAILED', 'createNotificationRule', () =>
          service.create(requireViewer(context), args.input),
        ),
      updateNotificationRule: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'SAVE_NOTIFICATION_RULE_FAILED', 'updateNotificationRule', () =>
          service.update(requireViewer(context), args),
        ),
      deleteNotificationRule: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'DELETE_NOTIFICATION_RULE_FAILED', 'deleteNotificationRule', () =>
          service.remove(requireViewer(context), args.id),
        ),
      toggleNotificationRule: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'TOGGLE_NOTIFICATION_RULE_FAILED', 'toggleNotificationRule', () =>
          service.toggle(requireViewer(context), args),
        ),
    },
  };
}
