/** SQL of raw-file lists, counts by status bucket and duplicate checks (read-only). */
import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import {
  rangeEndExclusive,
  rangeStart,
  type RawFileListQuery,
} from '../../../shared/raw-files/schemas';
import {
  bucketOf,
  EMPTY_COUNTS,
  FAILED_STATUSES,
  type RawFileCounts,
} from '../../../shared/raw-files/status';
import type { Database } from '../../db/connection';
import { rawFile, type RawFileRow } from '../../db/schema';
import {
  createRawFileContentSearch,
  inOrder,
  RAW_FILE_SEARCH_LIMITS,
  type RawFileSearchLimits,
} from './contentSearch';
import { dayBounds, documentConditions } from './documentFilters';

/** ILIKE pattern matching `text` anywhere, with %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const SORT_COLUMNS = {
  created_at: rawFile.created_at,
  name: rawFile.name,
  size: rawFile.size,
  no_of_pages: rawFile.no_of_pages,
  status: rawFile.status,
  uploaded_by_user_name: rawFile.uploaded_by_user_name,
} as const;

/** The search text when it also looks in the documents' text (content search), else null. */
export function contentSearchText(q: RawFileListQuery): string | null {
  const search = (q.searchQuery ?? q.search ?? '').trim();
  return search && q.includeContentSearch ? search : null;
}

/**
 * The WHERE of a list: the caller's companies, not deleted, then every filter given except a
 * content search (the list bounds that itself: contentSearch.ts).
 */
export function listConditions(companyIds: readonly string[], q: RawFileListQuery): SQL[] {
  const conditions: SQL[] = [
    inArray(rawFile.company_id, [...companyIds]),
    eq(rawFile.is_deleted, false),
  ];
  const search = (q.searchQuery ?? q.search ?? '').trim();
  if (search && !q.includeContentSearch)
    conditions.push(ilike(rawFile.name, containsPattern(search)));
  if (q.status?.length) {
    const statuses = q.status.some((s) => FAILED_STATUSES.includes(s))
      ? [...new Set([...q.status, ...FAILED_STATUSES])]
      : q.status;
    conditions.push(inArray(rawFile.status, statuses));
  }
  for (const day of [q.uploadedAt, q.created_at]) {
    if (!day) continue;
    const { start, end } = dayBounds(day);
    conditions.push(gte(rawFile.created_at, start), lt(rawFile.created_at, end));
  }
  if (q.raw_file_uploaded_at_from)
    conditions.push(gte(rawFile.created_at, rangeStart(q.raw_file_uploaded_at_from)));
  if (q.raw_file_uploaded_at_to)
    conditions.push(lt(rawFile.created_at, rangeEndExclusive(q.raw_file_uploaded_at_to)));
  const name = (q.rawFileName ?? '').trim();
  if (name) conditions.push(ilike(rawFile.name, containsPattern(name)));
  const uploaders = [...(q.uploadedBy ?? []), ...(q.userId ? [q.userId] : [])];
  if (uploaders.length) conditions.push(inArray(rawFile.uploaded_by, uploaders));
  if (q.minPages !== undefined) conditions.push(gte(rawFile.no_of_pages, q.minPages));
  if (q.maxPages !== undefined) conditions.push(lte(rawFile.no_of_pages, q.maxPages));
  conditions.push(...documentConditions(q));
  return conditions;
}

export function createRawFileQueries(
  db: Database,
  searchLimits: RawFileSearchLimits = RAW_FILE_SEARCH_LIMITS,
) {
  const contentSearch = createRawFileContentSearch(db, searchLimits);
  return {
    /**
     * One page (newest first unless sorted otherwise) and the total matching the filters; `extra`
     * adds conditions of the caller's own (the review queues' exception checks). A content search
     * of common words is bounded (contentSearch.ts): its total then counts the matches found and
     * total_capped says it is a lower bound.
     */
    async list(
      companyIds: readonly string[],
      q: RawFileListQuery,
      extra: readonly SQL[] = [],
    ): Promise<{ rows: RawFileRow[]; total: number; total_capped: boolean }> {
      if (companyIds.length === 0) return { rows: [], total: 0, total_capped: false };
      let where = and(...listConditions(companyIds, q), ...extra);
      const direction = q.sortOrder === 'asc' ? asc : desc;
      const orderBy = [direction(SORT_COLUMNS[q.sortBy]), direction(rawFile.id)];
      const offset = (q.page - 1) * q.pageSize;
      const text = contentSearchText(q);
      if (text) {
        const found = await contentSearch.match(companyIds, text, {
          where,
          orderBy,
          walkRows: offset + q.pageSize + searchLimits.walkExtra,
          nameMatch: ilike(rawFile.name, containsPattern(text)),
        });
        if (found.kind === 'walked') {
          const ids = found.ids.slice(offset, offset + q.pageSize);
          const rows =
            ids.length === 0
              ? []
              : inOrder(ids, await db.select().from(rawFile).where(inArray(rawFile.id, ids)));
          return { rows, total: found.ids.length, total_capped: !found.complete };
        }
        where = and(where, found.condition);
      }
      const rows = await db
        .select()
        .from(rawFile)
        .where(where)
        .orderBy(...orderBy)
        .limit(q.pageSize)
        .offset(offset);
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(rawFile)
        .where(where);
      return { rows, total: count?.n ?? 0, total_capped: false };
    },

    /** Not-deleted raw files of these companies by status bucket (spec section 4; shared/raw-files/status.ts). */
    async counts(companyIds: readonly string[]): Promise<RawFileCounts> {
      if (companyIds.length === 0) return { ...EMPTY_COUNTS };
      const rows = await db
        .select({ status: rawFile.status, n: sql<number>`count(*)::int` })
        .from(rawFile)
        .where(and(inArray(rawFile.company_id, [...companyIds]), eq(rawFile.is_deleted, false)))
        .groupBy(rawFile.status);
      const counts: RawFileCounts = { ...EMPTY_COUNTS };
      for (const { status, n } of rows) {
        counts.total += n;
        counts[bucketOf(status)] += n;
      }
      return counts;
    },

    /** Not-deleted raw files with one of these exact names, newest first. */
    async sameNamed(
      companyIds: readonly string[],
      names: readonly string[],
    ): Promise<Array<Pick<RawFileRow, 'id' | 'name' | 'sha256' | 'created_at'>>> {
      if (companyIds.length === 0 || names.length === 0) return [];
      return db
        .select({
          id: rawFile.id,
          name: rawFile.name,
          sha256: rawFile.sha256,
          created_at: rawFile.created_at,
        })
        .from(rawFile)
        .where(
          and(
            inArray(rawFile.company_id, [...companyIds]),
            eq(rawFile.is_deleted, false),
            inArray(rawFile.name, [...names]),
          ),
        )
        .orderBy(desc(rawFile.created_at));
    },
  };
}

export type RawFileQueries = ReturnType<typeof createRawFileQueries>;
