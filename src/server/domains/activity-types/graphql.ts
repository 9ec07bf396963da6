/** Resolvers of activity types (schema/62-activity-types.graphql). */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

export function activityTypeResolvers(deps: ResolverDeps) {
  const service = deps.services.activityTypes;
  return {
    Query: {
      activityTypes: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'FETCH_ACTIVITY_TYPES_FAILED', 'activityTypes', () =>
          service.list(requireViewer(context), args),
        ),
      viewableActivityTypes: (_: unknown, args: Record<string, unknown>, context: GraphQLContext) =>
        guarded(deps, 'FETCH_ACTIVITY_TYPES_FAILED', 'viewableActivityTypes', () =>
          service.viewable(requireViewer(context), args),
        ),
    },
    Mutation: {
      setActivityTypeViewable: (
        _: unknown,
        args: Record<string, unknown>,
        context: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_ACTIVITY_TYPE_FAILED', 'setActivityTypeViewable', () =>
          service.setViewable(requireViewer(context), args),
        ),
    },
  };
}
