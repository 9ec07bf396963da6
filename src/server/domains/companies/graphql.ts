/** Resolvers: company(id), updateCompany, and the Company type's file link. */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';
import type { CompanyRow } from '../../db/schema';

export function companyResolvers(deps: ResolverDeps) {
  const { services } = deps;
  return {
    Query: {
      company: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_COMPANY_FAILED', 'company', () =>
          services.companies.get(requireViewer(context), args.id),
        ),
    },
    Mutation: {
      updateCompany: (_: unknown, args: { id: string; input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_COMPANY_FAILED', 'updateCompany', () =>
          services.companies.update(requireViewer(context), args.id, args.input),
        ),
    },
    Company: {
      icon_url: (company: CompanyRow, _: unknown, context: GraphQLContext) =>
        fileLink(deps, context, company.icon_url),
    },
  };
}
