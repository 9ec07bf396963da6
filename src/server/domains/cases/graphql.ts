/**
 * Resolvers of schema/30-cases.graphql: legalCases, legalCase, caseStats and the case mutations,
 * plus the LegalCase type's fields for every resolver that returns a case (also the processed-file
 * resolvers' legal_case and RecommendedCase.case): case_id = id, dates YYYY-MM-DD, documents_count
 * from the row when the list already counted it, else batched per request.
 */
import DataLoader from 'dataloader';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import type { LegalCaseRow } from '../../db/schemaPipeline';
import { perRequest } from '../../loaders';
import { dayOf } from './present';
import type { CaseService } from './service';

type Args = Record<string, unknown>;
type CaseParent = LegalCaseRow & { documents_count?: number };

/**
 * documents_count for cases another resolver returned: a DataLoader per request (the context),
 * so the ids asked for while one level of fields resolves are counted in one query.
 */
export function documentCountLoader(cases: Pick<CaseService, 'documentCounts'>) {
  const loaderOfRequest = perRequest<DataLoader<string, number>>();
  return (context: GraphQLContext) =>
    loaderOfRequest(
      context,
      () =>
        new DataLoader<string, number>(async (ids) => {
          const counts = await cases.documentCounts(requireViewer(context), ids);
          return ids.map((id) => counts.get(id) ?? 0);
        }),
    );
}

export function caseResolvers(deps: ResolverDeps) {
  const cases = deps.services.cases;
  const countsFor = documentCountLoader(cases);
  return {
    Query: {
      legalCases: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'legalCases', async () => {
          const page = await cases.list(requireViewer(context), {
            companyIds: args.company_ids,
            query: args.query,
            page: args.page,
            limit: args.limit,
            crmType: args.crm_type,
            filters: args.filters,
            sortBy: args.sort_by,
            sortOrder: args.sort_order,
          });
          return { items: page.items, total: page.total, page: page.page, limit: page.limit };
        }),
      legalCase: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'legalCase', () =>
          cases.get(requireViewer(context), args.id),
        ),
      caseStats: (
        _: unknown,
        args: { company_id: string; crm_type?: string | null },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'caseStats', () =>
          cases.stats(requireViewer(context), {
            companyId: args.company_id,
            crmType: args.crm_type,
          }),
        ),
    },
    Mutation: {
      createLegalCase: (
        _: unknown,
        args: { company_id: string; input: unknown },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'createLegalCase', () =>
          cases.create(requireViewer(context), args.company_id, args.input),
        ),
      updateLegalCase: (
        _: unknown,
        args: { id: string; input: unknown },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'updateLegalCase', () =>
          cases.update(requireViewer(context), args.id, args.input),
        ),
      deleteLegalCase: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'deleteLegalCase', () =>
          cases.remove(requireViewer(context), args.id),
        ),
      importLegalCases: (
        _: unknown,
        args: { company_id: string; csv: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_CASE_DATA_FAILED', 'importLegalCases', () =>
          cases.importCsv(requireViewer(context), { companyId: args.company_id, csv: args.csv }),
        ),
    },
    LegalCase: {
      case_id: (row: CaseParent) => row.id,
      date_of_incident: (row: CaseParent) => dayOf(row.date_of_incident),
      date_of_injury: (row: CaseParent) => dayOf(row.date_of_injury),
      documents_count: (row: CaseParent, _: unknown, context: GraphQLContext) =>
        typeof row.documents_count === 'number'
          ? row.documents_count
          : guarded(deps, 'FETCH_CASE_DATA_FAILED', 'LegalCase.documents_count', () =>
              countsFor(context).load(row.id),
            ),
    },
  };
}
