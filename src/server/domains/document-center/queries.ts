/**
 * SQL of the document center and the review queue (read-only): filtered, sorted pages, content
 * search with ranks and snippets, counts (live counters or capped exact counts) and the exception
 * documents of raw files. Every query is limited to one company the service has checked.
 *
 * Why pages are fast: each sort has a partial index on (company_id, <sort column>, id) over the
 * center's rows (migrations 0005 and 0007), so a page is an index walk that stops after page_size
 * rows.
 * Why counts are fast: see `counters` below and listService.ts.
 * User text only ever reaches SQL as a bind parameter; LIKE wildcards in it are taken literally.
 */
import {
  and,
  asc,
  getTableName,
  type Column,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { isStatementTimeout } from '../../db/statementTimeout';
import { rawFile } from '../../db/schema';
import {
  legalDocumentFolder,
  legalFileType,
  legalProcessedFile as doc,
  legalProcessedFileCount,
  legalProcessedFileCountDelta,
  legalProcessedFileDayCount,
} from '../../db/schemaPipeline';
import { containsPattern } from '../raw-files/queries';
import { rangeEndExclusive, rangeStart } from '../../../shared/raw-files/schemas';
import { PROCESSED_FILE_COLUMNS, type ProcessedFileRecord } from '../documents/columns';
import {
  isContentSearch,
  NO_FILE_TYPE,
  normalizeNumber,
  type ProcessedFileFilters,
  type ProcessedFileSort,
  type ReviewStatusType,
} from './listFilters';

/** The counters' key for "no document type". */
export const NO_TYPE_KEY = '00000000-0000-0000-0000-000000000000';

/** Full-text search configuration of legal_processed_file.search_vector (migration 0004). */
export const tsQuery = (search: string) => sql`websearch_to_tsquery('english', ${search})`;

/** The document center's rows (spec section 4); the same text as the partial indexes' predicate. */
export const CENTER = sql`${doc.is_deleted} = false and ${doc.is_exception} = false and ${doc.action_status} in ('complete', 'unable_to_complete')`;
/** The review queue's rows: exceptions not deleted (the exception index's predicate). */
export const EXCEPTIONS = sql`${doc.is_deleted} = false and ${doc.is_exception} = true`;

/** Where the rows of one company's list live and which filters apply. */
export interface ListScope {
  companyId: string;
  /** CENTER or EXCEPTIONS. */
  slice: SQL;
  filters: ProcessedFileFilters;
  /** The type ids of filters.folder when it names a folder (resolved by the service). */
  folderTypeIds?: readonly string[];
  /** Leave filters.folder out (tab counts are per folder). */
  ignoreFolder?: boolean;
  /** Review queue: exceptions with this reason. */
  reason?: Exclude<ReviewStatusType, 'all'>;
  /**
   * The documents a content search matched (searchQueries.ts): they replace the search condition,
   * and a page is collected from them, then sorted.
   */
  matchedIds?: readonly string[];
}

export interface Conditions {
  /** On legal_processed_file (and subqueries). */
  doc: SQL[];
  /** On the joined raw_file row. */
  raw: SQL[];
  /**
   * A filter that matches few rows through its own index (an exact ADJ or claim number): its
   * matches are collected first, then sorted. Walking a sort index with LIMIT would pass most of
   * the company's documents before finding them (the planner cannot know they are rare).
   */
  selective?: boolean;
  /** Limited to ListScope.matchedIds: collected first whatever the sort. */
  byIds?: boolean;
}

/** The WHERE of a list or a count, split by the table it needs. */
export function listConditions(
  scope: ListScope,
  options: { companyIndexed?: boolean } = {},
): Conditions {
  const f = scope.filters;
  // companyIndexed false: the company is checked on each row but offers no index (searchQueries.ts
  // wants the full-text index alone, not a bitmap of every row of the company beside it).
  const company =
    options.companyIndexed === false
      ? sql`coalesce(${doc.company_id} = ${scope.companyId}, false)`
      : eq(doc.company_id, scope.companyId);
  const out: Conditions = { doc: [company, scope.slice], raw: [] };
  if (scope.reason) out.doc.push(sql`${scope.reason} = any(${doc.exception_reasons})`);
  if (f.file_name) out.doc.push(ilike(doc.name, containsPattern(f.file_name)));
  if (f.file_type) out.doc.push(eq(doc.legal_file_type_id, f.file_type));
  if (f.folder && !scope.ignoreFolder) {
    if (f.folder === NO_FILE_TYPE) out.doc.push(isNull(doc.legal_file_type_id));
    else if (scope.folderTypeIds?.length)
      out.doc.push(inArray(doc.legal_file_type_id, [...scope.folderTypeIds]));
    else out.doc.push(sql`false`);
  }
  if (f.adj_number) out.doc.push(numberMatches(doc.adj_number, f.adj_number));
  if (f.claim_number) out.doc.push(numberMatches(doc.claim_number, f.claim_number));
  if (f.adj_number || f.claim_number) out.selective = true;
  if (f.processed_at_from) out.doc.push(gte(doc.created_at, rangeStart(f.processed_at_from)));
  if (f.processed_at_to) out.doc.push(lt(doc.created_at, rangeEndExclusive(f.processed_at_to)));
  if (f.separated_at) {
    out.doc.push(
      gte(doc.separated_at, rangeStart(f.separated_at)),
      lt(doc.separated_at, rangeEndExclusive(f.separated_at)),
    );
  }
  if (f.legal_case_id) out.doc.push(eq(doc.legal_case_id, f.legal_case_id));
  if (f.legal_raw_file_id) out.doc.push(eq(doc.legal_raw_file_id, f.legal_raw_file_id));
  if (scope.matchedIds) {
    out.doc.push(sql`${doc.id} = any(${sql.param([...scope.matchedIds])}::uuid[])`);
    out.byIds = true;
  } else if (f.search) {
    out.doc.push(searchCondition(scope.companyId, f.search, isContentSearch(f)));
  }
  if (f.legal_raw_file_name)
    out.raw.push(ilike(rawFile.name, containsPattern(f.legal_raw_file_name)));
  if (f.raw_file_uploaded_at_from)
    out.raw.push(gte(rawFile.created_at, rangeStart(f.raw_file_uploaded_at_from)));
  if (f.raw_file_uploaded_at_to)
    out.raw.push(lt(rawFile.created_at, rangeEndExclusive(f.raw_file_uploaded_at_to)));
  // The raw file's own company too: lets the planner start from the company's raw-file indexes.
  if (out.raw.length > 0) out.raw.unshift(eq(rawFile.company_id, scope.companyId));
  return out;
}

/** Any element of a number array equals `value`, both upper-cased without whitespace. */
function numberMatches(column: SQLWrapper, value: string): SQL {
  return sql`lexdesk_normalized_numbers(${column}) @> array[${normalizeNumber(value)}]::text[]`;
}

/**
 * Content search: the full-text index over name (weight A) and text (weight B). Otherwise the
 * name, every number and the raw file's name contain the text (ILIKE; trigram indexes). The raw
 * file part is an id list so the three parts can be combined as one bitmap.
 */
function searchCondition(companyId: string, search: string, content: boolean): SQL {
  if (content) return sql`${doc.search_vector} @@ ${tsQuery(search)}`;
  const pattern = containsPattern(search);
  return or(
    ilike(doc.name, pattern),
    sql`lexdesk_numbers_text(${doc.adj_number}, ${doc.claim_number}, ${doc.case_number}, ${doc.eams_number}, ${doc.wcab_number}) ilike ${pattern}`,
    sql`${doc.legal_raw_file_id} = any(array(select search_raw.id from ${rawFile} as search_raw where search_raw.company_id = ${companyId} and search_raw.name ilike ${pattern}))`,
  )!;
}

type Direction = 'asc' | 'desc';

/** One ORDER BY term. */
export interface SortKey {
  expr: SQLWrapper;
  direction: Direction;
}

/** Sorts that order by the joined raw file rather than the document. */
const RAW_SORTS: ReadonlySet<ProcessedFileSort> = new Set([
  'raw_file_name',
  'raw_file_uploaded_at',
]);

/**
 * The ORDER BY terms of a sort, ending with tie-breaks that make the order total. PostgreSQL's
 * default null order is kept so the ascending (company, column, id) indexes serve both directions.
 * legal_file_type needs legal_file_type joined; rank needs the rank expression.
 */
export function sortKeys(by: ProcessedFileSort, direction: Direction, rank?: SQL): SortKey[] {
  const key = (expr: SQLWrapper, d: Direction = direction): SortKey => ({ expr, direction: d });
  switch (by) {
    case 'raw_file_name':
      return [
        key(rawFile.name),
        key(rawFile.id),
        key(doc.start_page_no, 'asc'),
        key(doc.id, 'asc'),
      ];
    case 'raw_file_uploaded_at':
      return [
        key(rawFile.created_at),
        key(rawFile.id),
        key(doc.start_page_no, 'asc'),
        key(doc.id, 'asc'),
      ];
    case 'legal_file_type':
      return [
        key(legalFileType.name),
        key(legalFileType.id),
        key(doc.created_at, 'desc'),
        key(doc.id, 'desc'),
      ];
    case 'rank':
      return [key(rank ?? sql`0`), key(doc.created_at, 'desc'), key(doc.id, 'desc')];
    default:
      return [key(doc[by]), key(doc.id)];
  }
}

/** ORDER BY of sort keys (also used by tests that check an index serves them). */
export const toOrderBy = (keys: SortKey[]) =>
  keys.map((k) => (k.direction === 'asc' ? asc(k.expr as SQL) : desc(k.expr as SQL)));

const RECORD_COLUMNS = {
  ...PROCESSED_FILE_COLUMNS,
  raw_file_name: rawFile.name,
  raw_file_uploaded_at: rawFile.created_at,
};

export interface PageRequest {
  sortBy: ProcessedFileSort;
  sortOrder: Direction;
  limit: number;
  offset: number;
  /** Compute rank (content search). */
  search?: string;
}

export interface CounterRow {
  bucket: string;
  legal_file_type_id: string;
  n: number;
}

/** ts_headline markers (private-use characters), replaced by <mark> after HTML-escaping. */
const MARK_START = '\uE000';
const MARK_END = '\uE001';
const HEADLINE_OPTIONS = `StartSel="${MARK_START}", StopSel="${MARK_END}", MaxFragments=2, MaxWords=24, MinWords=10, FragmentDelimiter=" … "`;
/** Snippets come from the first 200,000 characters (ts_headline parses all it is given). */
const HEADLINE_TEXT_LIMIT = 200_000;

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
/** A ts_headline result as safe HTML: everything escaped, only the markers become <mark>. */
export function snippetHtml(headline: string): string {
  return headline
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)
    .replaceAll(MARK_START, '<mark>')
    .replaceAll(MARK_END, '</mark>');
}

/**
 * A page's select list, written once: building it column by column on every request cost more
 * than running the page's SQL. The documents' columns (listed or of the "page" subquery), then
 * the raw file's name and upload time; `toRecord` reads a row back as drizzle would.
 */
const DOC_COLUMNS = Object.entries(PROCESSED_FILE_COLUMNS).map(([key, column]) => ({
  key,
  column: column as Column,
}));
const columnList = (table: string) =>
  sql.raw(
    DOC_COLUMNS.map(({ key, column }) => `"${table}"."${column.name}" as "${key}"`).join(', '),
  );
const DOC_LIST = columnList(getTableName(doc));
const PAGE_LIST = sql.raw(DOC_COLUMNS.map(({ key }) => `"page"."${key}"`).join(', '));
const RAW_LIST = sql.raw(
  `"${getTableName(rawFile)}"."${rawFile.name.name}" as "raw_file_name", "${getTableName(rawFile)}"."${rawFile.created_at.name}" as "raw_file_uploaded_at"`,
);

function toRecord(row: Record<string, unknown>): ProcessedFileRecord {
  const record: Record<string, unknown> = {};
  for (const { key, column } of DOC_COLUMNS) {
    const value = row[key];
    record[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  record.raw_file_name = row.raw_file_name;
  record.raw_file_uploaded_at = rawFile.created_at.mapFromDriverValue(row.raw_file_uploaded_at);
  if ('rank' in row) record.rank = row.rank === null ? null : Number(row.rank);
  return record as unknown as ProcessedFileRecord;
}

export interface ProcessedFileQueryOptions {
  /**
   * A database whose statements stop after `ms` (DatabaseHandle.timed): a time-boxed count is
   * then one statement. Without it, a transaction sets a local statement_timeout first.
   */
  timed?: (ms: number) => Pick<Database, 'select'>;
}

export function createProcessedFileQueries(db: Database, options: ProcessedFileQueryOptions = {}) {
  const countFrom = (c: Conditions) => {
    const base = db.select({ one: sql`1` }).from(doc);
    return c.raw.length > 0
      ? base
          .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
          .where(and(...c.doc, ...c.raw))
      : base.where(and(...c.doc));
  };

  return {
    /** The company's folders (not deleted, by name) and all its types with their folder. */
    async taxonomy(companyId: string) {
      const [folders, types] = await Promise.all([
        db
          .select({
            id: legalDocumentFolder.id,
            name: legalDocumentFolder.name,
            hex_code: legalDocumentFolder.hex_code,
          })
          .from(legalDocumentFolder)
          .where(
            and(
              eq(legalDocumentFolder.company_id, companyId),
              eq(legalDocumentFolder.is_deleted, false),
            ),
          )
          .orderBy(asc(legalDocumentFolder.name), asc(legalDocumentFolder.id)),
        db
          .select({ id: legalFileType.id, folder_id: legalFileType.legal_document_folder_id })
          .from(legalFileType)
          .where(eq(legalFileType.company_id, companyId)),
      ]);
      return { folders, types };
    },

    /** The type ids of one of the company's folders (deleted types too: their documents stay). */
    async folderTypeIds(companyId: string, folderId: string): Promise<string[]> {
      const rows = await db
        .select({ id: legalFileType.id })
        .from(legalFileType)
        .where(
          and(
            eq(legalFileType.company_id, companyId),
            eq(legalFileType.legal_document_folder_id, folderId),
          ),
        );
      return rows.map((row) => row.id);
    },

    /**
     * One page of records in the requested order, with each row's raw file name and upload time,
     * in one statement. The page is found on legal_processed_file alone unless raw_file is needed
     * to sort or filter by it; otherwise raw_file is joined around the finished page (its sort
     * keys come along as k0, k1... to keep its order): a join for the names alone can tempt the
     * planner into hashing every raw file of the company.
     */
    async page(scope: ListScope, request: PageRequest): Promise<ProcessedFileRecord[]> {
      const c = listConditions(scope);
      const rank = request.search
        ? sql`ts_rank_cd(${doc.search_vector}, ${tsQuery(request.search)})`
        : undefined;
      const keys = sortKeys(request.sortBy, request.sortOrder, rank);
      const byType = request.sortBy === 'legal_file_type';
      const byRaw = RAW_SORTS.has(request.sortBy);
      const rankColumn = rank ? sql`, ${rank} as "rank"` : sql``;
      const rawJoin = sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id} and ${rawFile.company_id} = ${scope.companyId}`;
      const orderBy = sql.join(toOrderBy(keys), sql`, `);
      const collect =
        c.byIds === true || (c.raw.length > 0 && !byRaw) || (c.selective === true && !byType);
      let query: SQL;
      if (collect || byType) {
        // Raw-file filters correlate with the document's own order (documents of March uploads
        // were created in March): walking the sort index newest first would pass every later
        // document before finding one, so their matches are collected first, then sorted. The
        // type sort picks each type's first rows. Either way only the page's ids come back, and
        // those few rows are ordered again here.
        const ids = collect
          ? collectedIds(c, keys, request, byType)
          : typeOrderedIds(scope.companyId, c, request);
        const typeJoin = byType
          ? sql`left join ${legalFileType} on ${legalFileType.id} = ${doc.legal_file_type_id}`
          : sql``;
        query = sql`select ${DOC_LIST}${rankColumn}, ${RAW_LIST} from ${doc} ${rawJoin} ${typeJoin}
          where ${doc.id} in ${ids} order by ${orderBy}`;
      } else if (byRaw || c.raw.length > 0) {
        query = sql`select ${DOC_LIST}${rankColumn}, ${RAW_LIST} from ${doc} ${rawJoin}
          where ${and(...c.doc, ...c.raw)} order by ${orderBy}
          limit ${request.limit} offset ${request.offset}`;
      } else {
        const keyColumns = sql.join(
          keys.map((k, i) => sql`, ${k.expr} as ${sql.identifier(`k${i}`)}`),
          sql``,
        );
        const pageOrder = sql.join(
          keys.map((k, i) =>
            k.direction === 'asc'
              ? sql`"page".${sql.identifier(`k${i}`)} asc`
              : sql`"page".${sql.identifier(`k${i}`)} desc`,
          ),
          sql`, `,
        );
        query = sql`select ${PAGE_LIST}${rank ? sql`, "page"."rank"` : sql``}, ${RAW_LIST}
          from (select ${DOC_LIST}${rankColumn}${keyColumns} from ${doc}
                 where ${and(...c.doc)} order by ${orderBy}
                 limit ${request.limit} offset ${request.offset}) as "page"
          inner join ${rawFile} on ${rawFile.id} = "page"."legal_raw_file_id" and ${rawFile.company_id} = ${scope.companyId}
          order by ${pageOrder}`;
      }
      const result = await db.execute<Record<string, unknown>>(query);
      return result.rows.map(toRecord);
    },

    /**
     * How many rows match, counting no further than `cap` + 1; undefined when counting takes longer
     * than `timeoutMs` (a filter whose candidates must all be rechecked, e.g. a phrase of common
     * words): the caller then answers a lower bound instead of waiting.
     */
    async countUpTo(
      scope: ListScope,
      cap: number,
      timeoutMs?: number,
    ): Promise<number | undefined> {
      const count = async (executor: Pick<Database, 'select'>) => {
        const matches = countFrom(listConditions(scope))
          .limit(cap + 1)
          .as('matches');
        const [row] = await executor.select({ n: sql<number>`count(*)::int` }).from(matches);
        return row?.n ?? 0;
      };
      if (timeoutMs === undefined) return count(db);
      try {
        if (options.timed) return await count(options.timed(timeoutMs));
        return await db.transaction(async (tx) => {
          await tx.execute(sql`select set_config('statement_timeout', ${String(timeoutMs)}, true)`);
          return count(tx);
        });
      } catch (error) {
        if (isStatementTimeout(error)) return undefined;
        throw error;
      }
    },

    /**
     * Matching rows per document type (NO_TYPE_KEY for none); with `cap`, over the first `cap` + 1
     * matches only.
     */
    async countByTypeUpTo(scope: ListScope, cap?: number): Promise<Map<string, number>> {
      const c = listConditions(scope);
      const picked = db.select({ type: doc.legal_file_type_id }).from(doc);
      const filtered =
        c.raw.length > 0
          ? picked
              .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
              .where(and(...c.doc, ...c.raw))
          : picked.where(and(...c.doc));
      const matches = (cap === undefined ? filtered : filtered.limit(cap + 1)).as('matches');
      const rows = await db
        .select({ type: matches.type, n: sql<number>`count(*)::int` })
        .from(matches)
        .groupBy(matches.type);
      return new Map(rows.map((row) => [row.type ?? NO_TYPE_KEY, row.n]));
    },

    /**
     * The company's live counters: committed counts plus the deltas not folded yet, per bucket and
     * type, and how many delta rows are pending (the service folds them when there are many).
     */
    async counters(companyId: string): Promise<{ rows: CounterRow[]; pending: number }> {
      const result = await db.execute<{
        bucket: string;
        type: string;
        n: string;
        pending: string;
      }>(sql`
        select bucket, legal_file_type_id as type, sum(n)::bigint as n, sum(pending)::bigint as pending
          from (
            select ${legalProcessedFileCount.bucket} as bucket, ${legalProcessedFileCount.legal_file_type_id} as legal_file_type_id, ${legalProcessedFileCount.n} as n, 0 as pending
              from ${legalProcessedFileCount} where ${legalProcessedFileCount.company_id} = ${companyId}
            union all
            select ${legalProcessedFileCountDelta.bucket}, ${legalProcessedFileCountDelta.legal_file_type_id}, ${legalProcessedFileCountDelta.n}, 1
              from ${legalProcessedFileCountDelta} where ${legalProcessedFileCountDelta.company_id} = ${companyId}
          ) as counts
         group by 1, 2`);
      let pending = 0;
      const rows = result.rows.map((row) => {
        pending += Number(row.pending);
        return { bucket: row.bucket, legal_file_type_id: row.type, n: Number(row.n) };
      });
      return { rows, pending };
    },

    /** The center's rows per type created on UTC days in [fromDay, toDay) (either end open). */
    async centerDayCounts(
      companyId: string,
      fromDay: string | undefined,
      toDay: string | undefined,
    ): Promise<{ byType: Map<string, number>; pending: number }> {
      const range = (day: SQLWrapper) =>
        sql.join(
          [
            ...(fromDay ? [sql`${day} >= ${fromDay}::date`] : []),
            ...(toDay ? [sql`${day} < ${toDay}::date`] : []),
            sql`true`,
          ],
          sql` and `,
        );
      const result = await db.execute<{ type: string; n: string; pending: string }>(sql`
        select legal_file_type_id as type, sum(n)::bigint as n, sum(pending)::bigint as pending
          from (
            select ${legalProcessedFileDayCount.legal_file_type_id} as legal_file_type_id, ${legalProcessedFileDayCount.n} as n, 0 as pending
              from ${legalProcessedFileDayCount}
             where ${legalProcessedFileDayCount.company_id} = ${companyId} and ${range(legalProcessedFileDayCount.day)}
            union all
            select ${legalProcessedFileCountDelta.legal_file_type_id}, ${legalProcessedFileCountDelta.n}, 1
              from ${legalProcessedFileCountDelta}
             where ${legalProcessedFileCountDelta.company_id} = ${companyId}
               and ${legalProcessedFileCountDelta.bucket} = 'center'
               and ${range(legalProcessedFileCountDelta.day)}
          ) as counts
         group by 1`);
      let pending = 0;
      const byType = new Map<string, number>();
      for (const row of result.rows) {
        pending += Number(row.pending);
        byType.set(row.type, Number(row.n));
      }
      return { byType, pending };
    },

    /** Folds the company's pending counter deltas; returns how many were folded. */
    async compactCounters(companyId: string): Promise<number> {
      const result = await db.execute<{ folded: string }>(
        sql`select legal_processed_file_count_compact(${companyId}) as folded`,
      );
      return Number(result.rows[0]?.folded ?? 0);
    },

    /** ts_headline snippets (safe HTML with <mark>) of these documents for `search`. */
    async snippets(ids: readonly string[], search: string): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const text = sql`translate(left(${doc.content}, ${HEADLINE_TEXT_LIMIT}), ${MARK_START + MARK_END}, '')`;
      const rows = await db
        .select({
          id: doc.id,
          headline: sql<string>`ts_headline('english', ${text}, ${tsQuery(search)}, ${HEADLINE_OPTIONS})`,
        })
        .from(doc)
        .where(inArray(doc.id, [...ids]));
      return new Map(rows.map((row) => [row.id, snippetHtml(row.headline)]));
    },

    /**
     * The exception documents (not deleted) of these raw files, in page order; with `reasons`,
     * only those with one of them.
     */
    async exceptionDocuments(
      companyIds: readonly string[],
      rawFileIds: readonly string[],
      reasons?: readonly string[],
    ): Promise<ProcessedFileRecord[]> {
      if (companyIds.length === 0 || rawFileIds.length === 0) return [];
      const rows = await db
        .select(RECORD_COLUMNS)
        .from(doc)
        .innerJoin(rawFile, eq(rawFile.id, doc.legal_raw_file_id))
        .where(
          and(
            inArray(doc.legal_raw_file_id, [...rawFileIds]),
            inArray(doc.company_id, [...companyIds]),
            EXCEPTIONS,
            ...(reasons?.length
              ? [
                  sql`${doc.exception_reasons} && ${sql`array[${sql.join(
                    reasons.map((r) => sql`${r}`),
                    sql`, `,
                  )}]::text[]`}`,
                ]
              : []),
          ),
        )
        .orderBy(asc(doc.legal_raw_file_id), asc(doc.start_page_no), asc(doc.id));
      return rows as ProcessedFileRecord[];
    },
  };
}

/**
 * The ids of one page, computed from all matches: the subquery (an optimisation fence, OFFSET 0)
 * finds them by the filters alone, then only their sort keys are sorted.
 */
/** Which rows of an order an ids subquery returns. */
type IdsWindow = Pick<PageRequest, 'limit' | 'offset' | 'sortOrder'>;

export function collectedIds(
  c: Conditions,
  keys: SortKey[],
  request: IdsWindow,
  withType: boolean,
): SQL {
  const typeJoin = withType
    ? sql`left join ${legalFileType} on ${legalFileType.id} = ${doc.legal_file_type_id}`
    : sql``;
  const columns = sql.join(
    keys.map((k, i) => sql`${k.expr} as ${sql.identifier(`k${i}`)}`),
    sql`, `,
  );
  const order = sql.join(
    keys.map(
      (k, i) =>
        sql`matches.${sql.identifier(`k${i}`)} ${k.direction === 'asc' ? sql`asc` : sql`desc`}`,
    ),
    sql`, `,
  );
  return sql`(
    select matches.id from (
      select ${doc.id} as id, ${columns}
        from ${doc} inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id} ${typeJoin}
       where ${and(...c.doc, ...c.raw)}
      offset 0
    ) as matches
    order by ${order}
    limit ${request.limit} offset ${request.offset}
  )`;
}

/**
 * The ids of one page sorted by document type name, newest first within a type. Sorting a
 * million rows by a joined name is slow, so each type takes its own newest rows from the
 * (company, type, created_at, id) index, at most offset + limit of them, and only those are
 * sorted: cost grows with the page number, not with the company's documents.
 */
export function typeOrderedIds(companyId: string, c: Conditions, request: IdsWindow): SQL {
  const take = request.offset + request.limit;
  const rawJoin =
    c.raw.length > 0
      ? sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id}`
      : sql``;
  const where = and(...c.doc, ...c.raw)!;
  const d = request.sortOrder === 'asc' ? sql`asc` : sql`desc`;
  return sql`(
    select candidates.id from (
      select picked.id, ${legalFileType.name} as type_name, ${legalFileType.id} as type_id, picked.created_at
        from ${legalFileType}
        cross join lateral (
          select ${doc.id} as id, ${doc.created_at} as created_at from ${doc} ${rawJoin}
           where ${where} and ${doc.legal_file_type_id} = ${legalFileType.id}
           order by ${doc.created_at} desc, ${doc.id} desc limit ${take}
        ) as picked
       where ${legalFileType.company_id} = ${companyId}
      union all
      (select ${doc.id}, null, null, ${doc.created_at} from ${doc} ${rawJoin}
        where ${where} and ${doc.legal_file_type_id} is null
        -- Leading with the (null) type lets the (company, type, created_at, id) index give the
        -- order; by created_at alone the planner walks every typed document looking for nulls.
        order by ${doc.legal_file_type_id} desc nulls first, ${doc.created_at} desc, ${doc.id} desc
        limit ${take})
    ) as candidates
    order by candidates.type_name ${d}, candidates.type_id ${d}, candidates.created_at desc, candidates.id desc
    limit ${request.limit} offset ${request.offset}
  )`;
}

export type ProcessedFileQueries = ReturnType<typeof createProcessedFileQueries>;
