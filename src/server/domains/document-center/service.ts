/**
 * The document center's and the review queues' rules (spec sections 3, 4, 7 and 9): validation,
 * company scope (another company's id answers exactly like a missing one: an empty page, zero
 * counts), sorts, content search, and where each count comes from.
 *
 * Counts. count(*) over a million documents takes hundreds of milliseconds, so:
 * - Without a narrowing filter (only the tab, the document type and/or a processed_at range), totals
 *   and tab counts come from live counters: per company, bucket and type (and per UTC day for date
 *   ranges; the partial edge days of date-time bounds are counted exactly from the index). Triggers
 *   keep them in the changing transaction, so they are exact (migration 0005, countQueries.ts,
 *   counting.ts).
 * - With any other filter (usually selective), rows are counted, but no further than `countCap`
 *   and for no longer than `countTimeoutMs`: a broader filter answers the cap, or a lower bound
 *   from the page, with `total_capped`; tab counts are then those of the first `countCap` matches
 *   with `capped`. Lists stay pageable past the cap.
 * - A content search is bounded by design, its page, total and tab counts alike (contentSearch.ts):
 *   at most `rankCap` candidates from the full-text index (`checkCap` for a phrase or exclusion,
 *   checked on each), else a walk of the list's order that stops after `checkCap` + the page's end
 *   rows; it is ranked by relevance when all its matches are
 *   known and at most `rankCap`, else listed newest first (each row still has its rank and
 *   snippet), because ranking reads every match's text vector.
 */
import { AppError } from '../../../shared/errors';
import { isUuid, parseInput, ValidationError } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';
import type { ProcessedFileRecord } from '../documents/columns';
import type { RawFileQueries } from '../raw-files/queries';
import { createContentSearch } from './contentSearch';
import { centerScope, createCounting, lowerBound, sum } from './counting';
import { NO_TYPE_KEY } from './countQueries';
import { createExceptionRawFiles } from './exceptionRawFiles';
import {
  countArgsSchema,
  effectiveSort,
  isContentSearch,
  narrowsBeyondCounters,
  NO_FILE_TYPE,
  processedFileListArgsSchema,
  reviewQueueArgsSchema,
  type ProcessedFileFilters,
} from './listFilters';
import { EXCEPTIONS, type ListScope } from './listConditions';
import type { ProcessedFileQueries } from './queries';
import type { SearchQueries } from './searchQueries';

export interface ListServiceOptions {
  /** Exact counting stops here (see above). */
  countCap?: number;
  /**
   * A content search takes at most this many candidates from the full-text index, and is ranked
   * when it has at most this many matches (contentSearch.ts).
   */
  rankCap?: number;
  /**
   * A content search reads at most about this many text vectors (phrase and exclusion checks, or
   * a walk of the list's order this many rows past the page's end: contentSearch.ts).
   */
  checkCap?: number;
  /** Counting rows stops after this long; a lower bound is answered instead (see above). */
  countTimeoutMs?: number;
  /** Fold a company's counter deltas once this many are pending. */
  compactAfter?: number;
  /** Told when folding counter deltas fails (counts stay exact: pending deltas are summed). */
  onCompactionError?: (error: unknown) => void;
}

export interface ProcessedFilePage {
  items: ProcessedFileRecord[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}

export interface DocumentCenterCounts {
  all: number;
  no_file_type: number;
  folders: Array<{ folder: { id: string; name: string; hex_code: string }; count: number }>;
  capped: boolean;
}

export interface ReviewCounts {
  all: number;
  no_file_type: number;
  multi_case: number;
  needs_case_number: number;
}

const EMPTY_REVIEW_COUNTS: ReviewCounts = {
  all: 0,
  no_file_type: 0,
  multi_case: 0,
  needs_case_number: 0,
};

export function createProcessedFileListService(
  queries: ProcessedFileQueries & SearchQueries,
  rawFileQueries: RawFileQueries,
  options: ListServiceOptions = {},
) {
  const countCap = options.countCap ?? 5_000;
  const rankCap = options.rankCap ?? 2_000;
  const contentSearch = createContentSearch(queries, {
    cap: rankCap,
    checkCap: options.checkCap ?? 200,
  });
  const compactAfter = options.compactAfter ?? 256;
  const countTimeoutMs = options.countTimeoutMs ?? 150;
  const { counters, centerCountsByType, total } = createCounting(queries, contentSearch, {
    countCap,
    rankCap,
    compactAfter,
    countTimeoutMs,
    onCompactionError: (error) => options.onCompactionError?.(error),
  });

  /** A company id the viewer may read (anything else answers like a company with nothing). */
  const visible = (viewer: Viewer, companyId: string) =>
    isUuid(companyId) && canViewCompany(viewer, companyId);

  async function resolveFolder(companyId: string, f: ProcessedFileFilters) {
    return f.folder && f.folder !== NO_FILE_TYPE
      ? queries.folderTypeIds(companyId, f.folder)
      : undefined;
  }

  const emptyPage = (page: number, pageSize: number): ProcessedFilePage => ({
    items: [],
    total: 0,
    total_capped: false,
    page,
    page_size: pageSize,
  });

  return {
    /** GraphQL processedFiles: the document center's page. */
    async list(viewer: Viewer, raw: unknown): Promise<ProcessedFilePage> {
      const args = parseInput(processedFileListArgsSchema, raw);
      const { page, page_size: pageSize, filters: f } = args;
      if (!visible(viewer, args.company_id)) return emptyPage(page, pageSize);
      const scope: ListScope = {
        ...centerScope(args.company_id, f),
        folderTypeIds: await resolveFolder(args.company_id, f),
      };
      const sort = effectiveSort(args.sort_by, args.sort_order, f);
      const request = {
        sortBy: sort.by,
        sortOrder: sort.order,
        limit: pageSize,
        offset: (page - 1) * pageSize,
      };
      if (!isContentSearch(f)) {
        const [items, counted] = await Promise.all([queries.page(scope, request), total(scope)]);
        return {
          items,
          ...(counted ?? lowerBound(request.offset, items.length, pageSize)),
          page,
          page_size: pageSize,
        };
      }
      const found = await contentSearch.page(scope, f.search!, sort, request.offset, pageSize);
      return { ...found, page, page_size: pageSize };
    },

    /** GraphQL documentCenterCounts: all, no type, and every folder of the company. */
    async centerCounts(viewer: Viewer, raw: unknown): Promise<DocumentCenterCounts> {
      const args = parseInput(countArgsSchema, raw);
      const f = args.filters;
      if (!visible(viewer, args.company_id))
        return { all: 0, no_file_type: 0, folders: [], capped: false };
      // The company's folders and types are read side by side with the counts.
      const tabScope = { ...centerScope(args.company_id, f), ignoreFolder: true };
      const counting = isContentSearch(f)
        ? contentSearch.countByType(tabScope, f.search!)
        : narrowsBeyondCounters(f)
          ? queries.countByTypeUpTo(tabScope, countCap).then((byType) => ({
              byType,
              capped: sum(byType.values()) > countCap,
            }))
          : centerCountsByType(args.company_id, f).then((byType) => ({ byType, capped: false }));
      const [{ folders, types }, counted] = await Promise.all([
        queries.taxonomy(args.company_id),
        counting,
      ]);
      let byType = counted.byType;
      const capped = counted.capped;
      if (!narrowsBeyondCounters(f) && f.file_type)
        byType = new Map([[f.file_type, byType.get(f.file_type) ?? 0]]);
      // countByTypeUpTo counts one row past the cap (to know it was passed): that one is not shown.
      const shownCap = capped && !isContentSearch(f) ? countCap : Number.MAX_SAFE_INTEGER;
      const folderOf = new Map(types.map((type) => [type.id, type.folder_id]));
      const perFolder = new Map<string, number>();
      for (const [type, n] of byType) {
        const folder = folderOf.get(type);
        if (folder) perFolder.set(folder, (perFolder.get(folder) ?? 0) + n);
      }
      return {
        all: Math.min(sum(byType.values()), shownCap),
        no_file_type: byType.get(NO_TYPE_KEY) ?? 0,
        folders: folders.map((folder) => ({ folder, count: perFolder.get(folder.id) ?? 0 })),
        capped,
      };
    },

    /** GraphQL reviewQueue: exceptions, oldest first. */
    async reviewQueue(viewer: Viewer, raw: unknown): Promise<ProcessedFilePage> {
      const args = parseInput(reviewQueueArgsSchema, raw);
      const { page, page_size: pageSize, filters: f } = args;
      if (!visible(viewer, args.company_id)) return emptyPage(page, pageSize);
      const scope: ListScope = {
        companyId: args.company_id,
        slice: EXCEPTIONS,
        filters: f,
        folderTypeIds: await resolveFolder(args.company_id, f),
        ...(args.statusType !== 'all' ? { reason: args.statusType } : {}),
      };
      const offset = (page - 1) * pageSize;
      if (isContentSearch(f)) {
        const found = await contentSearch.page(
          scope,
          f.search!,
          { by: 'created_at', order: 'asc' },
          offset,
          pageSize,
        );
        return { ...found, page, page_size: pageSize };
      }
      const [items, counted] = await Promise.all([
        queries.page(scope, { sortBy: 'created_at', sortOrder: 'asc', limit: pageSize, offset }),
        total(scope),
      ]);
      return {
        items,
        ...(counted ?? lowerBound(offset, items.length, pageSize)),
        page,
        page_size: pageSize,
      };
    },

    reviewCounts,

    /** GET /raw-files/review-processed-files-count: the company's documents awaiting review. */
    async reviewCount(viewer: Viewer, query: Record<string, unknown>): Promise<{ count: number }> {
      const companyId = requiredCompanyId(query);
      return { count: (await reviewCounts(viewer, companyId)).all };
    },

    /** GET /raw-files/processed-files-count: the document center's total, with its filters. */
    async centerCount(
      viewer: Viewer,
      query: Record<string, unknown>,
    ): Promise<{ count: number; capped: boolean }> {
      const companyId = requiredCompanyId(query);
      const { company_id: _id, ...filters } = query;
      const args = parseInput(countArgsSchema, { company_id: companyId, filters });
      if (!visible(viewer, companyId)) return { count: 0, capped: false };
      const scope: ListScope = {
        ...centerScope(companyId, args.filters),
        folderTypeIds: await resolveFolder(companyId, args.filters),
      };
      const counted = (await total(scope, false))!;
      return { count: counted.total, capped: counted.total_capped };
    },

    ...createExceptionRawFiles(queries, rawFileQueries),
  };

  /** GraphQL reviewCounts: exceptions by kind (a document may have several reasons). */
  async function reviewCounts(viewer: Viewer, companyId: string): Promise<ReviewCounts> {
    if (!visible(viewer, companyId)) return { ...EMPTY_REVIEW_COUNTS };
    const rows = await counters(companyId);
    const bucket = (name: string) => sum(rows.filter((r) => r.bucket === name).map((r) => r.n));
    return {
      all: bucket('exception'),
      no_file_type: bucket('exception:no_file_type'),
      multi_case: bucket('exception:multi_case'),
      needs_case_number: bucket('exception:needs_case_number'),
    };
  }
}

/** The company_id of a count request; without one, the catalogue's "Company ID is required". */
function requiredCompanyId(query: Record<string, unknown>): string {
  const value = query.company_id;
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
    throw new AppError('COMPANY_ID_REQUIRED', 400);
  if (typeof value !== 'string')
    throw new ValidationError([{ path: 'company_id', message: 'must be one company id' }]);
  return value.trim();
}

export type ProcessedFileListService = ReturnType<typeof createProcessedFileListService>;
