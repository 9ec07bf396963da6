/**
 * Resolvers of the document center's list and tab counts and of the review queue with its counts.
 * They hand ProcessedFileRecord objects (columns.ts) to the ProcessedFile field resolvers.
 * When the items' legal_file_type is asked for, the company's types are looked up side by side
 * with the page (through the request's loaders) rather than after it, and each item is handed
 * over with its type, so the page's fields resolve without a promise per row.
 */
import type { GraphQLResolveInfo, SelectionSetNode } from 'graphql';
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { guarded, type ResolverDeps } from '../../graphql/types';
import { isUuid } from '../../errors';
import { canViewCompany } from '../../permissions';
import { requestLoaders, type WithFileType } from '../documents/graphql';

type Args = Record<string, unknown>;

/** Whether the operation asks for a field called `name` anywhere under this field (fragments followed). */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const visit = (set: SelectionSetNode | undefined): boolean =>
    set?.selections.some((selection) => {
      if (selection.kind === 'Field')
        return selection.name.value === name || visit(selection.selectionSet);
      if (selection.kind === 'InlineFragment') return visit(selection.selectionSet);
      const fragment = seen.has(selection.name.value)
        ? undefined
        : info.fragments[selection.name.value];
      seen.add(selection.name.value);
      return fragment !== undefined && visit(fragment.selectionSet);
    }) ?? false;
  return info.fieldNodes.some((node) => visit(node.selectionSet));
}

export function processedFileListResolvers(deps: ResolverDeps) {
  const lists = deps.services.processedFileList;

  /**
   * Starts loading the company's document types when the items will ask for them; the returned
   * function then gives each item its type (so the items' legal_file_type answers at once).
   */
  function startTypeLookup(context: GraphQLContext, args: Args, info: GraphQLResolveInfo) {
    const companyId = args.company_id;
    if (typeof companyId !== 'string' || !isUuid(companyId)) return undefined;
    if (!canViewCompany(requireViewer(context), companyId)) return undefined;
    if (!selectsField(info, 'legal_file_type')) return undefined;
    const loaders = requestLoaders(deps, context);
    // Any failure is met again (and reported) by the items' own look-ups.
    loaders.fileType(companyId, '').catch(() => undefined);
    return async <T extends { items: WithFileType[] }>(page: T): Promise<T> => {
      try {
        await Promise.all(
          page.items.map(async (item) => {
            item.legal_file_type = item.legal_file_type_id
              ? await loaders.fileType(item.company_id, item.legal_file_type_id)
              : null;
          }),
        );
      } catch {
        for (const item of page.items) delete item.legal_file_type;
      }
      return page;
    };
  }

  return {
    Query: {
      processedFiles: (_: unknown, args: Args, context: GraphQLContext, info: GraphQLResolveInfo) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'processedFiles', async () => {
          const viewer = requireViewer(context);
          const withTypes = startTypeLookup(context, args, info);
          const page = await lists.list(viewer, args);
          return withTypes ? withTypes(page) : page;
        }),
      documentCenterCounts: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'documentCenterCounts', () =>
          lists.centerCounts(requireViewer(context), args),
        ),
      reviewQueue: (_: unknown, args: Args, context: GraphQLContext, info: GraphQLResolveInfo) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'reviewQueue', async () => {
          const viewer = requireViewer(context);
          const withTypes = startTypeLookup(context, args, info);
          const page = await lists.reviewQueue(viewer, args);
          return withTypes ? withTypes(page) : page;
        }),
      reviewCounts: (_: unknown, args: { company_id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_REVIEW_COUNT_FAILED', 'reviewCounts', () =>
          lists.reviewCounts(requireViewer(context), args.company_id),
        ),
    },
  };
}
