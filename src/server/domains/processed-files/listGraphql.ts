/**
 * Resolvers of the document center's list and tab counts and of the review queue with its counts.
 * They hand ProcessedFileRecord objects (columns.ts) to the ProcessedFile field resolvers.
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

type Args = Record<string, unknown>;

export function processedFileListResolvers(deps: ResolverDeps) {
  const lists = deps.services.processedFileList;
  return {
    Query: {
      processedFiles: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'processedFiles', () =>
          lists.list(requireViewer(context), args),
        ),
      documentCenterCounts: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'documentCenterCounts', () =>
          lists.centerCounts(requireViewer(context), args),
        ),
      reviewQueue: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'reviewQueue', () =>
          lists.reviewQueue(requireViewer(context), args),
        ),
      reviewCounts: (_: unknown, args: { company_id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_REVIEW_COUNT_FAILED', 'reviewCounts', () =>
          lists.reviewCounts(requireViewer(context), args.company_id),
        ),
    },
  };
}
