/** Resolvers: workflowLogsChanged, the live feed of a company's workflow log groups. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import type { ResolverDeps } from '../../graphql/types';
import type { WorkflowLogsChange } from './live';

export function workflowLogResolvers({ services }: ResolverDeps) {
  return {
    Subscription: {
      workflowLogsChanged: {
        subscribe: (_: unknown, args: { company_id?: string | null }, context: GraphQLContext) =>
          services.workflowLiveLogs.follow(requireViewer(context), args.company_id),
        resolve: (payload: WorkflowLogsChange) => payload,
      },
    },
  };
}
