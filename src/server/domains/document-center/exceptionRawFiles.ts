/**
 * The review routes' raw files with exception documents (GET /raw-files/need-reviews, POST
 * /raw-files/get-by-status): a raw-file list page (its filters, the caller's visible companies)
 * whose files have exception documents, each with them.
 */
import {
  rawFileListQuerySchema,
  RAW_FILE_STATUS_TYPES,
  type RawFileListQuery,
} from '../../../shared/raw-files/schemas';
import type { RawFileRow } from '../../db/schema';
import { parseInput, ValidationError } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';
import type { ProcessedFileRecord } from '../documents/columns';
import { hasException, type ExceptionReason } from '../raw-files/documentFilters';
import type { RawFileQueries } from '../raw-files/queries';
import { REVIEW_STATUS_TYPES, type ReviewStatusType } from './listFilters';
import type { ProcessedFileQueries } from './queries';

export type RawFileWithExceptions = RawFileRow & {
  exception_processed_files: ProcessedFileRecord[];
};

export function createExceptionRawFiles(
  queries: Pick<ProcessedFileQueries, 'exceptionDocuments'>,
  rawFileQueries: RawFileQueries,
) {
  async function rawFilesWithExceptions(
    viewer: Viewer,
    listQuery: RawFileListQuery,
    reasons: ExceptionReason[] | undefined,
  ): Promise<{ rawFiles: RawFileWithExceptions[]; total: number; total_capped: boolean }> {
    const companyIds = listQuery.companyIds?.length
      ? listQuery.companyIds.filter((id) => canViewCompany(viewer, id))
      : [...viewer.companyIds];
    const page = await rawFileQueries.list(companyIds, listQuery, [hasException(reasons)]);
    const documents = await queries.exceptionDocuments(
      companyIds,
      page.rows.map((row) => row.id),
      reasons,
    );
    const byRawFile = new Map<string, ProcessedFileRecord[]>();
    for (const document of documents) {
      const list = byRawFile.get(document.legal_raw_file_id) ?? [];
      list.push(document);
      byRawFile.set(document.legal_raw_file_id, list);
    }
    return {
      rawFiles: page.rows.map((row) => ({
        ...row,
        exception_processed_files: byRawFile.get(row.id) ?? [],
      })),
      total: page.total,
      total_capped: page.total_capped,
    };
  }

  return {
    /**
     * GET /raw-files/need-reviews: raw files (not deleted) with exception documents, each with
     * them; `tags` (comma-joined exception reasons) keeps those with one of these reasons.
     */
    async needReviews(viewer: Viewer, query: Record<string, unknown>) {
      const { company_ids: companyIds, tags, ...rest } = query;
      const reasons = parseTags(tags);
      const listQuery = parseInput(rawFileListQuerySchema, {
        ...rest,
        ...(typeof companyIds === 'string' && companyIds.trim()
          ? {
              companyIds: companyIds
                .split(',')
                .map((id) => id.trim())
                .filter(Boolean),
            }
          : {}),
      });
      return rawFilesWithExceptions(viewer, listQuery, reasons);
    },

    /**
     * POST /raw-files/get-by-status?statusType=all|no_file_type|multi_case: raw files with exception
     * documents of that kind (all: any), each with them; the body takes the raw-file list filters.
     */
    async byStatus(viewer: Viewer, statusType: unknown, body: unknown) {
      const kind = statusType === undefined || statusType === '' ? 'all' : statusType;
      if (!RAW_FILE_STATUS_TYPES.includes(kind as (typeof RAW_FILE_STATUS_TYPES)[number]))
        throw new ValidationError([
          { path: 'statusType', message: `must be one of ${RAW_FILE_STATUS_TYPES.join(', ')}` },
        ]);
      const listQuery = parseInput(rawFileListQuerySchema, {
        ...(typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}),
        statusType: undefined,
      });
      const reasons = kind === 'all' ? undefined : [kind as ExceptionReason];
      return rawFilesWithExceptions(viewer, listQuery, reasons);
    },
  };
}

const REASONS = REVIEW_STATUS_TYPES.filter(
  (type): type is Exclude<ReviewStatusType, 'all'> => type !== 'all',
);

/** need-reviews `tags`: comma-joined exception reasons (none: every exception). */
function parseTags(tags: unknown): ExceptionReason[] | undefined {
  if (tags === undefined || tags === null || tags === '') return undefined;
  const list = (Array.isArray(tags) ? tags : [tags])
    .flatMap((tag) => String(tag).split(','))
    .map((tag) => tag.trim())
    .filter(Boolean);
  const unknown = list.filter((tag) => !(REASONS as readonly string[]).includes(tag));
  if (unknown.length > 0)
    throw new ValidationError([
      {
        path: 'tags',
        message: `unknown tag ${unknown.join(', ')}: tags are exception reasons (${REASONS.join(', ')})`,
      },
    ]);
  return list.length > 0 ? (list as ExceptionReason[]) : undefined;
}
