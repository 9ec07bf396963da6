/**
 * Resolvers of one processed file (schema/20-documents.graphql): get, logs, admin logs, column
 * configuration; edit (conflicts, re-split), review mark, delete and restore, log entries, column
 * configuration and extracted values. Also the ProcessedFile type's fields for every resolver that
 * returns a ProcessedFileRecord (lists included): types with folders, cases and extracted values
 * come from per-request loaders, so a page of 1000 documents costs one query per kind, not one
 * per row.
 */
import { requireViewer, type GraphQLContext } from '../../graphql/context';
import { fileLink, guarded, type ResolverDeps } from '../../graphql/types';
import { perRequest } from '../../loaders';
import type { ProcessedFileRecord } from './columns';
import type { FileTypeWithFolder } from './relatedQueries';
import type { RelatedLoaders } from './loaders';
import { dayString, parseRecommended } from './storedValues';

type Args = Record<string, unknown>;

const loadersOfRequest = perRequest<RelatedLoaders>();

/** A record whose document type (with its folder) was looked up already. */
export type WithFileType = ProcessedFileRecord & { legal_file_type?: FileTypeWithFolder | null };

/**
 * The request's loaders (one set per request). A list resolver may use them to start a look-up
 * its items will need (their types) side by side with the page instead of after it.
 */
export function requestLoaders(deps: ResolverDeps, context: GraphQLContext): RelatedLoaders {
  return loadersOfRequest(context, () =>
    deps.services.processedFileEdits.loaders(requireViewer(context)),
  );
}

export function processedFileResolvers(deps: ResolverDeps) {
  const service = deps.services.processedFileEdits;
  const logSideEffect = deps.logError;
  const loaders = (context: GraphQLContext) => requestLoaders(deps, context);

  const day =
    (field: 'date_of_injury' | 'date_of_injury_end' | 'date_of_incident') =>
    (file: ProcessedFileRecord) =>
      dayString(file[field]);

  return {
    Query: {
      processedFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(
          deps,
          'FETCH_PROCESSED_FILE_FAILED',
          'processedFile',
          async () => (await service.find(requireViewer(context), args.id)) ?? null,
        ),
      processedFileLogs: (
        _: unknown,
        args: { processed_file_id: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'processedFileLogs', () =>
          service.logs(requireViewer(context), args.processed_file_id),
        ),
      adminFileChangeLogs: (
        _: unknown,
        args: { processed_file_id: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'adminFileChangeLogs', () =>
          service.adminLogs(requireViewer(context), args.processed_file_id),
        ),
      columnConfiguration: (
        _: unknown,
        args: { company_id: string; table: string },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'FETCH_PROCESSED_FILE_FAILED', 'columnConfiguration', () =>
          service.columns.get(requireViewer(context), args.company_id, args.table),
        ),
    },
    Mutation: {
      updateProcessedFile: (
        _: unknown,
        args: { id: string; changes: unknown; base?: unknown },
        context: GraphQLContext,
      ) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'updateProcessedFile', () =>
          service.update(requireViewer(context), args.id, args.changes, args.base, logSideEffect),
        ),
      markProcessedFileReviewed: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'markProcessedFileReviewed', () =>
          service.markReviewed(requireViewer(context), args.id),
        ),
      deleteProcessedFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'DELETE_PROCESSED_FILE_FAILED', 'deleteProcessedFile', () =>
          service.remove(requireViewer(context), args.id),
        ),
      restoreProcessedFile: (_: unknown, args: { id: string }, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'restoreProcessedFile', () =>
          service.restore(requireViewer(context), args.id),
        ),
      bulkProcessedFiles: (_: unknown, args: { input: object }, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'bulkProcessedFiles', () =>
          service.bulk(requireViewer(context), { ...args.input }, logSideEffect),
        ),
      addProcessedFileLog: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'addProcessedFileLog', () =>
          service.addLog(requireViewer(context), { ...args }),
        ),
      saveColumnConfiguration: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_PROCESSED_FILE_FAILED', 'saveColumnConfiguration', () =>
          service.columns.save(requireViewer(context), {
            ...args,
            columns: Array.isArray(args.columns)
              ? args.columns.map((column: object) => ({ ...column }))
              : args.columns,
          }),
        ),
      saveExtractedData: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_DATA_ENTRY_FAILED', 'saveExtractedData', () =>
          service.extracted.save(requireViewer(context), {
            ...args,
            values: Array.isArray(args.values)
              ? args.values.map((value: object) => ({ ...value }))
              : args.values,
          }),
        ),
      updateExtractedData: (_: unknown, args: Args, context: GraphQLContext) =>
        guarded(deps, 'UPDATE_DATA_ENTRY_FAILED', 'updateExtractedData', () =>
          service.extracted.update(requireViewer(context), { ...args }),
        ),
    },
    ProcessedFile: {
      url: (file: ProcessedFileRecord, _: unknown, context: GraphQLContext) =>
        fileLink(deps, context, file.url || null) ?? '',
      // A list may hand its rows over with their type already found (document-center/graphql.ts).
      legal_file_type: (file: WithFileType, _: unknown, context: GraphQLContext) =>
        file.legal_file_type !== undefined
          ? file.legal_file_type
          : file.legal_file_type_id
            ? loaders(context).fileType(file.company_id, file.legal_file_type_id)
            : null,
      legal_case: (file: ProcessedFileRecord, _: unknown, context: GraphQLContext) =>
        file.legal_case_id ? loaders(context).legalCase(file.legal_case_id) : null,
      recommended_cases: (file: ProcessedFileRecord) => parseRecommended(file.recommended_cases),
      workflow_crm_case_ids: (file: ProcessedFileRecord) => stepCaseIds(file.workflow_crm_case_ids),
      extracted_data: (file: ProcessedFileRecord, _: unknown, context: GraphQLContext) =>
        loaders(context).extractedData(file.id),
      date_of_injury: day('date_of_injury'),
      date_of_injury_end: day('date_of_injury_end'),
      date_of_incident: day('date_of_incident'),
      // Lists already carry these: answered synchronously then (a promise per row and field
      // slows the whole page's execution down).
      raw_file_name: (file: ProcessedFileRecord, _: unknown, context: GraphQLContext) =>
        file.raw_file_name ??
        loaders(context)
          .rawFile(file.legal_raw_file_id)
          .then((raw) => raw?.name ?? ''),
      raw_file_uploaded_at: (file: ProcessedFileRecord, _: unknown, context: GraphQLContext) =>
        file.raw_file_uploaded_at ??
        loaders(context)
          .rawFile(file.legal_raw_file_id)
          .then((raw) => raw?.created_at ?? file.created_at),
      exception_reasons: (file: ProcessedFileRecord) => file.exception_reasons ?? [],
      defendants: (file: ProcessedFileRecord) => file.defendants ?? [],
      edited_fields: (file: ProcessedFileRecord) => file.edited_fields ?? [],
      snippet: (file: ProcessedFileRecord) => file.snippet ?? null,
      rank: (file: ProcessedFileRecord) => file.rank ?? null,
    },
    RecommendedCase: {
      case: (entry: { case_id: string }, _: unknown, context: GraphQLContext) =>
        loaders(context).legalCase(entry.case_id),
    },
  };
}

/** workflow_crm_case_ids (`<workflow id>:<node id>` → case ids) as a list per step. */
export function stepCaseIds(map: Record<string, string[]> | null | undefined) {
  return Object.entries(map ?? {}).map(([key, ids]) => {
    const at = key.indexOf(':');
    return { workflow_id: key.slice(0, at), node_id: key.slice(at + 1), case_ids: ids };
  });
}
