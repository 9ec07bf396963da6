/**
 * The WHERE of the document center's and the review queue's lists and counts: which rows a list
 * holds (CENTER, EXCEPTIONS), the company, and each filter, split by the table it needs. User text
 * only ever reaches SQL as a bind parameter; LIKE wildcards in it are taken literally.
 */
import {
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
import { rangeEndExclusive, rangeStart } from '../../../shared/raw-files/schemas';
import { rawFile } from '../../db/schema';
import { legalProcessedFile as doc } from '../../db/schemaPipeline';
import { containsPattern } from '../raw-files/queries';
import {
  isContentSearch,
  NO_FILE_TYPE,
  normalizeNumber,
  type ProcessedFileFilters,
  type ReviewStatusType,
} from './listFilters';

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
