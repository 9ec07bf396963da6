/** Resolvers: companyFilesChanged, the live feed of a company's raw files and documents. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import type { ResolverDeps } from '../../graphql/types';
import type { CompanyFilesChange } from './service';

export function liveFilesResolvers({ services }: ResolverDeps) {
  return {
    Subscription: {
      companyFilesChanged: {
        subscribe: (_: unknown, args: { company_id?: string | null }, context: GraphQLContext) =>
          services.liveFiles.follow(requireViewer(context), args.company_id),
        resolve: (payload: CompanyFilesChange) => payload,
      },
    },
  };
}
