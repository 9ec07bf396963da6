/**
 * The document center's and the review queues' rules (spec sections 3, 4, 7 and 9): validation,
 * company scope (another company's id answers exactly like a missing one: an empty page, zero
 * counts), sorts, content search, and where each count comes from.
 *
 * Counts. count(*) over a million documents takes hundreds of milliseconds, so:
 * - Without a narrowing filter (only the tab, the document type and/or a processed_at range), totals
 *   and tab counts come from live counters: per company, bucket and type (and per UTC day for date
 *   ranges; the partial edge days of date-time bounds are counted exactly from the index). Triggers
 *   keep them in the changing transaction, so they are exact (migration 0005, queries.ts).
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
import {
  rawFileListQuerySchema,
  RAW_FILE_STATUS_TYPES,
  rangeEndExclusive,
  rangeStart,
  type RawFileListQuery,
} from '../../../shared/raw-files/schemas';
import type { RawFileRow } from '../../db/schema';
import { isUuid, parseInput, ValidationError } from '../../errors';
import { canViewCompany, type Viewer } from '../../permissions';
import { hasException, type ExceptionReason } from '../raw-files/documentFilters';
import type { RawFileQueries } from '../raw-files/queries';
import type { ProcessedFileRecord } from './columns';
import { createContentSearch, NEWEST_FIRST } from './contentSearch';
import {
  countArgsSchema,
  effectiveSort,
  isContentSearch,
  narrowsBeyondCounters,
  NO_FILE_TYPE,
  processedFileListArgsSchema,
  REVIEW_STATUS_TYPES,
  reviewQueueArgsSchema,
  type ProcessedFileFilters,
  type ReviewStatusType,
} from './listFilters';
import {
  CENTER,
  EXCEPTIONS,
  NO_TYPE_KEY,
  type ListScope,
  type ProcessedFileQueries,
} from './queries';
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

interface Counted {
  total: number;
  total_capped: boolean;
}

/** When counting timed out: at least the rows before and on this page (one more if it is full). */
function lowerBound(offset: number, items: number, pageSize: number): Counted {
  return { total: offset + items + (items === pageSize ? 1 : 0), total_capped: true };
}

type RawFileWithExceptions = RawFileRow & { exception_processed_files: ProcessedFileRecord[] };

const EMPTY_REVIEW_COUNTS: ReviewCounts = {
  all: 0,
  no_file_type: 0,
  multi_case: 0,
  needs_case_number: 0,
};

const sum = (values: Iterable<number>) => {
  let total = 0;
  for (const value of values) total += value;
  return total;
};

/** Midnight UTC at or after `instant`. */
const ceilDay = (instant: Date) => {
  const day = new Date(
    Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()),
  );
  return day.getTime() === instant.getTime() ? day : new Date(day.getTime() + 86_400_000);
};
/** Midnight UTC at or before `instant`. */
const floorDay = (instant: Date) =>
  new Date(Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate()));
const isoDay = (instant: Date) => instant.toISOString().slice(0, 10);

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
  const compacting = new Set<string>();

  /** A company id the viewer may read (anything else answers like a company with nothing). */
  const visible = (viewer: Viewer, companyId: string) =>
    isUuid(companyId) && canViewCompany(viewer, companyId);

  /** Folds pending counter deltas in the background (one fold per company at a time). */
  function foldLater(companyId: string, pending: number): void {
    if (pending < compactAfter || compacting.has(companyId)) return;
    compacting.add(companyId);
    queries
      .compactCounters(companyId)
      .catch((error: unknown) => options.onCompactionError?.(error))
      .finally(() => compacting.delete(companyId));
  }

  async function counters(companyId: string) {
    const { rows, pending } = await queries.counters(companyId);
    foldLater(companyId, pending);
    return rows;
  }

  /** The center's rows per type key from the counters, over filters.processed_at_* if given. */
  async function centerCountsByType(
    companyId: string,
    f: ProcessedFileFilters,
  ): Promise<Map<string, number>> {
    if (!f.processed_at_from && !f.processed_at_to) {
      const rows = await counters(companyId);
      return new Map(
        rows.filter((row) => row.bucket === 'center').map((row) => [row.legal_file_type_id, row.n]),
      );
    }
    const start = f.processed_at_from ? rangeStart(f.processed_at_from) : undefined;
    const end = f.processed_at_to ? rangeEndExclusive(f.processed_at_to) : undefined;
    const firstDay = start ? ceilDay(start) : undefined;
    const endDay = end ? floorDay(end) : undefined;
    if (firstDay && endDay && firstDay >= endDay) {
      // Within one UTC day: a few thousand rows at most, counted from the index.
      return queries.countByTypeUpTo(
        centerScope(companyId, {
          processed_at_from: f.processed_at_from,
          processed_at_to: f.processed_at_to,
        }),
      );
    }
    const edges: Array<Promise<Map<string, number>>> = [];
    if (start && firstDay && start < firstDay) edges.push(exactBetween(companyId, start, firstDay));
    if (end && endDay && endDay < end) edges.push(exactBetween(companyId, endDay, end));
    const [days, ...edgeCounts] = await Promise.all([
      queries.centerDayCounts(
        companyId,
        firstDay ? isoDay(firstDay) : undefined,
        endDay ? isoDay(endDay) : undefined,
      ),
      ...edges,
    ]);
    foldLater(companyId, days.pending);
    const byType = new Map(days.byType);
    for (const edge of edgeCounts)
      for (const [type, n] of edge) byType.set(type, (byType.get(type) ?? 0) + n);
    return byType;
  }

  /** Exact center counts per type of rows created in [from, to) (less than a day). */
  function exactBetween(companyId: string, from: Date, to: Date) {
    return queries.countByTypeUpTo(
      centerScope(companyId, {
        processed_at_from: from.toISOString(),
        processed_at_to: new Date(to.getTime() - 1).toISOString(),
      }),
    );
  }

  const centerScope = (companyId: string, filters: ProcessedFileFilters): ListScope => ({
    companyId,
    slice: CENTER,
    filters,
  });

  /** The type keys a list's tab and type filters keep (undefined: all). */
  function typeSelection(f: ProcessedFileFilters, folderTypeIds: readonly string[] | undefined) {
    let keys: Set<string> | undefined;
    if (f.folder === NO_FILE_TYPE) keys = new Set([NO_TYPE_KEY]);
    else if (f.folder) keys = new Set(folderTypeIds ?? []);
    if (f.file_type)
      keys = keys ? new Set([...keys].filter((k) => k === f.file_type)) : new Set([f.file_type]);
    return keys;
  }

  async function resolveFolder(companyId: string, f: ProcessedFileFilters) {
    return f.folder && f.folder !== NO_FILE_TYPE
      ? queries.folderTypeIds(companyId, f.folder)
      : undefined;
  }

  /** A list total: from the counters when they answer it, else counted up to the cap. */
  async function total(scope: ListScope, timeBox = true): Promise<Counted | undefined> {
    const f = scope.filters;
    if (scope.slice === CENTER && !narrowsBeyondCounters(f)) {
      const byType = await centerCountsByType(scope.companyId, f);
      const keys = typeSelection(f, scope.folderTypeIds);
      const n = sum(
        [...byType].filter(([key]) => !keys || keys.has(key)).map(([, count]) => count),
      );
      return { total: n, total_capped: false };
    }
    if (
      scope.slice === EXCEPTIONS &&
      !narrowsBeyondCounters(f) &&
      !f.folder &&
      !f.file_type &&
      !f.processed_at_from &&
      !f.processed_at_to
    ) {
      const bucket = scope.reason ? `exception:${scope.reason}` : 'exception';
      const rows = await counters(scope.companyId);
      return {
        total: sum(rows.filter((r) => r.bucket === bucket).map((r) => r.n)),
        total_capped: false,
      };
    }
    if (isContentSearch(f)) {
      const found = await contentSearch.matches(scope, f.search!, NEWEST_FIRST, rankCap);
      return { total: found.rows.length, total_capped: !found.complete };
    }
    const n = await queries.countUpTo(scope, countCap, timeBox ? countTimeoutMs : undefined);
    if (n === undefined) return undefined;
    return { total: Math.min(n, countCap), total_capped: n > countCap };
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

export type ProcessedFileListService = ReturnType<typeof createProcessedFileListService>;
