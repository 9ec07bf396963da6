/** Resolvers of request pages, sourcing job fields and deliveries (schema/51-delivery-requests.graphql). */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import type { RequestRecord } from './requests';

type Args = Record<string, unknown>;

/** Optional arguments left null are treated as absent (so their defaults apply). */
const present = (args: Args): Args =>
  Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));

export function deliveryRequestResolvers(deps: ResolverDeps) {
  const requests = deps.services.deliveryRequests;
  const deliveries = deps.services.deliveries;
  return {
    Query: {
      requestPage: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'GET_TASK_REQUESTS_FAILED', 'requestPage', () =>
          requests.page(requireViewer(context), present(args)),
        ),
    },
    Mutation: {
      addDelivery: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_REQUEST_FAILED', 'addDelivery', () =>
          deliveries.add(requireViewer(context), args),
        ),
      updateDelivery: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_REQUEST_FAILED', 'updateDelivery', () =>
          deliveries.update(requireViewer(context), args),
        ),
      removeDelivery: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_REQUEST_FAILED', 'removeDelivery', () =>
          deliveries.remove(requireViewer(context), args),
        ),
    },
    Request: {
      delivery: (r: RequestRecord) =>
        r.delivery_id && r.delivery_title !== null
          ? {
              id: r.delivery_id,
              company_id: r.company_id,
              title: r.delivery_title,
              delivery_date: r.delivery_date,
              estimated_delivery_date: r.estimated_delivery_date,
            }
          : null,
    },
  };
}
