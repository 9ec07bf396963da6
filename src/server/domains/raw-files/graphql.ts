/**
 * Resolvers: raw-file list, get, logs, counts; create, soft delete, status (a client may only give
 * an upload up: Uploading -> Uploading_Failed, see service.updateStatus), page count, log entry.
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';
import type { RawFileRow } from '../../db/schema';

type Args = Record<string, unknown>;

/**
 * The list filters named like the REST body's, passed on when the schema declares them as
 * arguments of `rawFiles` (GraphQL drops undeclared ones); null means not given.
 */
export const GRAPHQL_LIST_FILTERS = [
  'statusType',
  'needs_case_number',
  'legalFileTypeId',
  'document_synced',
  'crm_sync_status',
  'separated_at',
  'created_at',
  'raw_file_uploaded_at_from',
  'raw_file_uploaded_at_to',
  'rawFileName',
  'reviewed_at',
  'includeContentSearch',
] as const;

function passedFilters(args: Args): Args {
  return Object.fromEntries(
    GRAPHQL_LIST_FILTERS.filter((key) => args[key] !== undefined && args[key] !== null).map(
      (key) => [key, args[key]],
    ),
  );
}

export function rawFileResolvers(deps: ResolverDeps) {
  const { services } = deps;
  const rawFiles = services.rawFiles;
  return {
    Query: {
      rawFiles: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'FETCH_RAW_FILES_FAILED', 'rawFiles', async () => {
          const result = await rawFiles.list(requireViewer(context), {
            ...passedFilters(args),
            ...(typeof args.company_id === 'string' ? { companyIds: [args.company_id] } : {}),
            page: args.page ?? 1,
            pageSize: args.page_size ?? 20,
            ...(typeof args.search === 'string' ? { search: args.search } : {}),
          });
          return { items: result.rawFiles, total: result.total, total_capped: result.total_capped };
        }),
      rawFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_RAW_FILE_FAILED', 'rawFile', () =>
          rawFiles.get(requireViewer(context), args.id),
        ),
      rawFileLogs: (_: unknown, args: { raw_file_id: string }, context: GraphQLContext) =>
        guarded(deps, 'FETCH_RAW_FILE_FAILED', 'rawFileLogs', () =>
          rawFiles.logs(requireViewer(context), args.raw_file_id),
        ),
      rawFileCounts: (
        _: unknown,
        args: { company_ids?: string[] | null },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_RAW_FILES_FAILED', 'rawFileCounts', () =>
          rawFiles.counts(requireViewer(context), args.company_ids),
        ),
    },
    Mutation: {
      createRawFile: (_: unknown, args: { input: unknown }, context: GraphQLContext) =>
        guarded(deps, 'CREATE_RAW_FILES_FAILED', 'createRawFile', () =>
          rawFiles.create(requireViewer(context), args.input),
        ),
      deleteRawFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'DELETE_RAW_FILE_FAILED', 'deleteRawFile', () =>
          rawFiles.remove(requireViewer(context), args.id),
        ),
      updateRawFileStatus: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_RAW_FILE_STATUS_FAILED', 'updateRawFileStatus', () =>
          rawFiles.updateStatus(requireViewer(context), args),
        ),
      updateRawFilePageCount: (
        _: unknown,
        args: { id: string; no_of_pages: number },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_RAW_FILE_STATUS_FAILED', 'updateRawFilePageCount', () =>
          rawFiles.updatePageCount(requireViewer(context), args.id, args.no_of_pages),
        ),
      addRawFileLog: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'CREATE_RAW_FILE_LOG_FAILED', 'addRawFileLog', () =>
          rawFiles.addLog(requireViewer(context), args),
        ),
    },
    RawFile: {
      url: (file: RawFileRow, _: unknown, context: GraphQLContext) =>
        fileLink(deps, context, file.url || null) ?? '',
    },
  };
}
