/**
 * Resolvers of document types (schema/22-document-types.graphql): a company's live types with
 * their folders, for pickers. The admin screen's reads and changes are REST (routes.ts).
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';

export function documentTypeResolvers(deps: ResolverDeps) {
  const { fileTypes } = deps.services;
  return {
    Query: {
      /** The default taxonomy is seeded on the company's first look (service.ts). */
      legalFileTypes: (_: unknown, args: { company_id: string }, context: GraphQLContext) =>
        guarded(
          deps,
          'FETCH_PROCESSED_FILE_FAILED',
          'legalFileTypes',
          async () =>
            (await fileTypes.list(requireViewer(context), { companyId: args.company_id })).types,
        ),
    },
  };
}
