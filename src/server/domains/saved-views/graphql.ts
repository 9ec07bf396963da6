/**
 * Resolvers of saved views (schema/23-saved-views.graphql). The state travels as JSON text (a
 * flat object of the list's filter settings), checked by the shared schema on the way in.
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import { ValidationError } from '../../errors';
import type { SavedViewRecord } from './service';

function parsedState(state: string): unknown {
  try {
    return JSON.parse(state) as unknown;
  } catch {
    throw new ValidationError([{ path: 'state', message: 'The view settings are not JSON.' }]);
  }
}

export function savedViewResolvers(deps: ResolverDeps) {
  const service = deps.services.savedViews;
  return {
    Query: {
      savedViews: (_: unknown, args: { table: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'savedViews', () =>
          service.list(requireViewer(context), { table: args.table }),
        ),
    },
    Mutation: {
      saveView: (
        _: unknown,
        args: { table: string; name: string; state: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'saveView', () =>
          service.save(requireViewer(context), {
            table: args.table,
            name: args.name,
            state: parsedState(args.state),
          }),
        ),
      deleteSavedView: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'deleteSavedView', () =>
          service.remove(requireViewer(context), { id: args.id }),
        ),
    },
    SavedView: {
      state: (view: SavedViewRecord) => JSON.stringify(view.state),
    },
  };
}
