/**
 * SQL of cases. Every read and write is limited to the company ids the caller may see and to cases
 * not deleted; match_numbers (the pipeline matches documents to cases through it, see
 * pipeline/cases.ts) is recomputed from the case's numbers on every write.
 *
 * A case number stays unique per company (legal_case_company_number_idx, deleted cases included).
 * So creating (or importing) a number a deleted case had restores that case with the new values
 * (same id, its document links kept), and renaming a case to such a number first releases it from
 * the deleted case (renamed "<number> [deleted <id>]", no match numbers).
 */
import { and, asc, eq, ilike, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { rawFile } from '../../db/schema';
import { legalCase, legalProcessedFile, type LegalCaseRow } from '../../db/schemaPipeline';
import { isUuid } from '../../errors';
import { caseMatchNumbers } from '../pipeline/cases';
import { containsPattern } from '../raw-files/queries';
import { CASE_FIELDS, type CaseChanges, type CaseValues } from './input';

export type CaseSortColumn =
  | 'case_number'
  | 'name'
  | 'client_name'
  | 'updated_at'
  | 'created_at'
  | 'date_of_injury'
  | 'legal_case_status'
  | 'legal_case_type';

const SORT_COLUMNS = {
  case_number: legalCase.case_number,
  name: legalCase.name,
  client_name: legalCase.client_name,
  updated_at: legalCase.updated_at,
  created_at: legalCase.created_at,
  date_of_injury: legalCase.date_of_injury,
  legal_case_status: legalCase.legal_case_status,
  legal_case_type: legalCase.legal_case_type,
} as const satisfies Record<CaseSortColumn, unknown>;

/** Sort columns that are never null (and have an index leading with company_id). */
const NOT_NULL_SORTS: ReadonlySet<CaseSortColumn> = new Set([
  'updated_at',
  'created_at',
  'case_number',
]);

export interface CaseListQuery {
  /** Words of the search; each must appear in a case number, name, client or number field. */
  words: string[];
  /** The whole search normalised like match_numbers (upper-case letters and digits), or ''. */
  number: string;
  crmType?: string | undefined;
  status?: string | undefined;
  type?: string | undefined;
  hasDocuments?: boolean | undefined;
  sortBy: CaseSortColumn;
  sortOrder: 'asc' | 'desc';
  limit: number;
  offset: number;
}

export type CaseWithCount = LegalCaseRow & { documents_count: number };

export interface ImportRow {
  line: number;
  values: CaseChanges & { case_number: string };
}

export interface ChunkResult {
  created: number;
  updated: number;
  errors: Array<{ line: number; message: string }>;
}

export type WriteResult =
  { kind: 'ok'; row: LegalCaseRow } | { kind: 'not_found' } | { kind: 'duplicate' };

/** The case has at least one document (not deleted) linked to it (a semi-join in a WHERE). */
const hasDocuments = sql`exists (select 1 from legal_processed_file d where d.legal_case_id = ${legalCase.id} and d.company_id = ${legalCase.company_id} and d.is_deleted = false)`;

/**
 * What a search word is looked for in: the case number, name, client and every number field, joined
 * by spaces (words never hold a space, so a word cannot match across two fields). Built only from
 * immutable operators so a trigram index on exactly this expression could serve it (see README).
 */
export const CASE_SEARCH_TEXT = sql`(coalesce(${legalCase.case_number}, '') || ' ' || coalesce(${legalCase.name}, '') || ' ' || coalesce(${legalCase.client_name}, '') || ' ' || coalesce(${legalCase.eams_number}, '') || ' ' || coalesce(${legalCase.wcab_number}, '') || ' ' || coalesce(${legalCase.primary_number}, '') || ' ' || coalesce(${legalCase.alternate_number}, ''))`;

/** Cases of no CRM (created or imported here) show under every CRM type. */
const ofCrm = (crmType: string | undefined) =>
  crmType ? or(isNull(legalCase.crm_type), eq(legalCase.crm_type, crmType)) : undefined;

const visible = (companyIds: readonly string[], id: string) =>
  and(
    eq(legalCase.id, id),
    inArray(legalCase.company_id, [...companyIds]),
    eq(legalCase.is_deleted, false),
  );

/** The writable fields of a row. */
function fieldsOf(row: LegalCaseRow): CaseValues {
  const values = {} as Record<string, string | null>;
  for (const field of CASE_FIELDS) values[field] = row[field];
  return values as CaseValues;
}

const emptyValues = (caseNumber: string): CaseValues => {
  const values = {} as Record<string, string | null>;
  for (const field of CASE_FIELDS) values[field] = null;
  return { ...(values as CaseValues), case_number: caseNumber };
};

/** PostgreSQL's unique_violation, bare or wrapped by drizzle (error.cause). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

export function listConditions(companyIds: readonly string[], q: CaseListQuery): SQL[] {
  const conditions: Array<SQL | undefined> = [
    inArray(legalCase.company_id, [...companyIds]),
    eq(legalCase.is_deleted, false),
    ofCrm(q.crmType),
    q.status !== undefined ? eq(legalCase.legal_case_status, q.status) : undefined,
    q.type !== undefined ? eq(legalCase.legal_case_type, q.type) : undefined,
    q.hasDocuments === true ? hasDocuments : undefined,
    q.hasDocuments === false ? sql`not ${hasDocuments}` : undefined,
  ];
  if (q.words.length > 0) {
    const everyWord = and(...q.words.map((word) => ilike(CASE_SEARCH_TEXT, containsPattern(word))));
    // "ADJ 123-4567" finds ADJ1234567 whatever its punctuation: the normalised query is one of the
    // case's match numbers (the GIN index legal_case_match_numbers_idx answers this).
    const byNumber =
      q.number.length >= 4
        ? sql`${legalCase.match_numbers} @> array[${q.number}]::text[]`
        : undefined;
    conditions.push(byNumber ? or(everyWord, byNumber) : everyWord);
  }
  return conditions.filter((c): c is SQL => c !== undefined);
}

/** A search matching at most this many cases sorts its matches instead of walking an index. */
const FEW_MATCHES = 2000;

/**
 * ORDER BY for a list. updated_at, created_at and case_number are never null, so their NULLS
 * clause only decides whether an index's order (legal_case_company_updated_idx is DESC NULLS LAST,
 * legal_case_company_number_idx ASC NULLS LAST) can serve the page: `byIndex` picks the clause that
 * matches it, otherwise the opposite one. Nullable columns always put empty values last (the type
 * has an index for each direction in that order, migration 0008).
 */
export function orderOf(
  sortBy: CaseSortColumn,
  sortOrder: 'asc' | 'desc',
  byIndex: boolean,
): SQL[] {
  const column = SORT_COLUMNS[sortBy];
  const direction = sql.raw(sortOrder);
  const indexNullsLast = sortOrder === 'desc' ? sortBy !== 'case_number' : sortBy === 'case_number';
  const nullsLast = NOT_NULL_SORTS.has(sortBy) ? indexNullsLast === byIndex : true;
  const nulls = sql.raw(nullsLast ? 'nulls last' : 'nulls first');
  return [sql`${column} ${direction} ${nulls}`, sql`${legalCase.id} ${direction}`];
}

async function documentCountsIn(
  executor: DatabaseExecutor,
  companyIds: readonly string[],
  caseIds: readonly string[],
): Promise<Map<string, number>> {
  const ids = caseIds.filter(isUuid);
  if (companyIds.length === 0 || ids.length === 0) return new Map();
  const rows = await executor
    .select({
      id: legalProcessedFile.legal_case_id,
      n: sql<number>`count(*)::int`,
    })
    .from(legalProcessedFile)
    .where(
      and(
        inArray(legalProcessedFile.legal_case_id, [...new Set(ids)]),
        inArray(legalProcessedFile.company_id, [...companyIds]),
        eq(legalProcessedFile.is_deleted, false),
      ),
    )
    .groupBy(legalProcessedFile.legal_case_id);
  return new Map(rows.map((row) => [row.id!, row.n]));
}

export function createCaseRepository(db: Database) {
  async function withCounts(
    companyIds: readonly string[],
    rows: LegalCaseRow[],
  ): Promise<CaseWithCount[]> {
    const counts = await documentCountsIn(
      db,
      companyIds,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ ...row, documents_count: counts.get(row.id) ?? 0 }));
  }

  /** Frees `caseNumber` from a deleted case of the company (renames it); false if a live case has it. */
  async function release(
    tx: DatabaseExecutor,
    companyId: string,
    caseNumber: string,
    exceptId: string,
  ): Promise<boolean> {
    const [holder] = await tx
      .select({ id: legalCase.id, is_deleted: legalCase.is_deleted })
      .from(legalCase)
      .where(
        and(
          eq(legalCase.company_id, companyId),
          eq(legalCase.case_number, caseNumber),
          ne(legalCase.id, exceptId),
        ),
      )
      .for('update');
    if (!holder) return true;
    if (!holder.is_deleted) return false;
    await tx
      .update(legalCase)
      .set({
        case_number: `${caseNumber} [deleted ${holder.id}]`,
        match_numbers: [],
      })
      .where(eq(legalCase.id, holder.id));
    return true;
  }

  return {
    withCounts,

    /**
     * One page and the total. Without a search both run side by side and the page is read in the
     * order of an index where there is one. With a search the total comes first: when few cases
     * match, the page is sorted from the matches themselves (the order is worded so no index
     * provides it) instead of walking the whole index for rare matches.
     */
    async list(
      companyIds: readonly string[],
      q: CaseListQuery,
    ): Promise<{ rows: CaseWithCount[]; total: number }> {
      if (companyIds.length === 0) return { rows: [], total: 0 };
      const where = and(...listConditions(companyIds, q));
      const count = async () => {
        const [row] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(legalCase)
          .where(where);
        return row?.n ?? 0;
      };
      const page = (byIndex: boolean) =>
        db
          .select()
          .from(legalCase)
          .where(where)
          .orderBy(...orderOf(q.sortBy, q.sortOrder, byIndex))
          .limit(q.limit)
          .offset(q.offset);
      if (q.words.length === 0) {
        // The page's document counts are read as soon as the page is known, while the total is
        // still being counted.
        const [rows, total] = await Promise.all([
          page(true).then((found) => withCounts(companyIds, found)),
          count(),
        ]);
        return { rows, total };
      }
      const total = await count();
      if (total <= q.offset) return { rows: [], total };
      const rows = await page(total > FEW_MATCHES);
      return { rows: await withCounts(companyIds, rows), total };
    },

    /** A visible, not-deleted case (of `companyId` when given). */
    async find(
      companyIds: readonly string[],
      id: string,
      companyId?: string,
    ): Promise<LegalCaseRow | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      if (companyId !== undefined && !isUuid(companyId)) return undefined;
      const [row] = await db
        .select()
        .from(legalCase)
        .where(
          and(
            visible(companyIds, id),
            companyId !== undefined ? eq(legalCase.company_id, companyId) : undefined,
          ),
        )
        .limit(1);
      return row;
    },

    documentCounts: (companyIds: readonly string[], caseIds: readonly string[]) =>
      documentCountsIn(db, companyIds, caseIds),

    /**
     * One scan of the company's cases for the total, the recent ones and both breakdowns (grouping
     * sets), and one semi-join for the cases with documents; the two run side by side.
     */
    async stats(companyId: string, crmType: string | undefined) {
      const where = and(
        eq(legalCase.company_id, companyId),
        eq(legalCase.is_deleted, false),
        ofCrm(crmType),
      );
      const status = legalCase.legal_case_status;
      const type = legalCase.legal_case_type;
      const [groups, [withDocuments]] = await Promise.all([
        db
          .select({
            status,
            type,
            // 1: grouped by status, 2: grouped by type, 3: all cases.
            set: sql<number>`grouping(${status}, ${type})::int`,
            count: sql<number>`count(*)::int`,
            recent: sql<number>`(count(*) filter (where ${legalCase.created_at} >= now() - interval '30 days'))::int`,
          })
          .from(legalCase)
          .where(where)
          .groupBy(sql`grouping sets ((${status}), (${type}), ())`),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(legalCase)
          .where(
            and(
              where,
              sql`${legalCase.id} in (select d.legal_case_id from legal_processed_file d where d.company_id = ${companyId} and d.is_deleted = false and d.legal_case_id is not null)`,
            ),
          ),
      ]);
      const all = groups.find((g) => g.set === 3);
      const named = (set: number, name: (g: (typeof groups)[number]) => string | null) =>
        groups
          .filter((g) => g.set === set)
          .map((g) => ({ name: name(g) ?? '', count: g.count }))
          .filter((g) => g.name !== '')
          .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return {
        total: all?.count ?? 0,
        with_documents: withDocuments?.n ?? 0,
        added_last_30_days: all?.recent ?? 0,
        by_status: named(1, (g) => g.status),
        by_type: named(2, (g) => g.type),
      };
    },

    /** A new case, or a deleted one with this number restored; `duplicate` if a live one has it. */
    async create(companyId: string, values: CaseValues): Promise<WriteResult> {
      const record = { ...values, match_numbers: caseMatchNumbers(values) };
      try {
        return await db.transaction(async (tx): Promise<WriteResult> => {
          const [existing] = await tx
            .select({ id: legalCase.id, is_deleted: legalCase.is_deleted })
            .from(legalCase)
            .where(
              and(
                eq(legalCase.company_id, companyId),
                eq(legalCase.case_number, values.case_number),
              ),
            )
            .for('update');
          if (existing && !existing.is_deleted) return { kind: 'duplicate' };
          if (existing) {
            const now = new Date();
            const [row] = await tx
              .update(legalCase)
              .set({ ...record, is_deleted: false, created_at: now, updated_at: now })
              .where(eq(legalCase.id, existing.id))
              .returning();
            return { kind: 'ok', row: row! };
          }
          const [row] = await tx
            .insert(legalCase)
            .values({ company_id: companyId, ...record })
            .onConflictDoNothing()
            .returning();
          return row ? { kind: 'ok', row } : { kind: 'duplicate' };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },

    /** Changes the given fields of a visible case (of `companyId` when given). */
    async update(
      companyIds: readonly string[],
      id: string,
      changes: CaseChanges,
      companyId?: string,
    ): Promise<WriteResult> {
      if (companyIds.length === 0 || !isUuid(id)) return { kind: 'not_found' };
      if (companyId !== undefined && !isUuid(companyId)) return { kind: 'not_found' };
      try {
        return await db.transaction(async (tx): Promise<WriteResult> => {
          const [current] = await tx
            .select()
            .from(legalCase)
            .where(
              and(
                visible(companyIds, id),
                companyId !== undefined ? eq(legalCase.company_id, companyId) : undefined,
              ),
            )
            .for('update');
          if (!current) return { kind: 'not_found' };
          const merged = { ...fieldsOf(current), ...changes };
          if (merged.case_number !== current.case_number) {
            const free = await release(tx, current.company_id, merged.case_number, current.id);
            if (!free) return { kind: 'duplicate' };
          }
          const [row] = await tx
            .update(legalCase)
            .set({ ...changes, match_numbers: caseMatchNumbers(merged), updated_at: new Date() })
            .where(eq(legalCase.id, current.id))
            .returning();
          return { kind: 'ok', row: row! };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return { kind: 'duplicate' };
        throw error;
      }
    },

    async softDelete(companyIds: readonly string[], id: string): Promise<LegalCaseRow | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const [row] = await db
        .update(legalCase)
        .set({ is_deleted: true, updated_at: new Date() })
        .where(visible(companyIds, id))
        .returning();
      return row;
    },

    /**
     * One import chunk in one transaction: existing cases get the file's columns (others kept),
     * new numbers (or numbers of deleted cases) become cases with just the file's values. The rows
     * go in one statement; if that fails, each row is tried on its own so one bad row is reported
     * and the rest are still written.
     */
    async importChunk(
      companyId: string,
      rows: readonly ImportRow[],
      onRowFailure: (line: number, error: unknown) => void,
    ): Promise<ChunkResult> {
      const result: ChunkResult = { created: 0, updated: 0, errors: [] };
      if (rows.length === 0) return result;
      await db.transaction(async (tx) => {
        const existing = await tx
          .select()
          .from(legalCase)
          .where(
            and(
              eq(legalCase.company_id, companyId),
              inArray(
                legalCase.case_number,
                rows.map((row) => row.values.case_number),
              ),
            ),
          )
          .for('update');
        const byNumber = new Map(existing.map((row) => [row.case_number, row]));
        const now = new Date();
        const planned = rows.map((row) => {
          const current = byNumber.get(row.values.case_number);
          const live = current !== undefined && !current.is_deleted;
          const merged = {
            ...(live ? fieldsOf(current) : emptyValues(row.values.case_number)),
            ...row.values,
          };
          return {
            line: row.line,
            live,
            record: {
              company_id: companyId,
              ...merged,
              match_numbers: caseMatchNumbers(merged),
              is_deleted: false,
              created_at: live ? current.created_at : now,
              updated_at: now,
            },
          };
        });
        const upsert = (
          executor: DatabaseExecutor,
          records: Array<(typeof planned)[number]['record']>,
        ) =>
          executor
            .insert(legalCase)
            .values(records)
            .onConflictDoUpdate({
              target: [legalCase.company_id, legalCase.case_number],
              set: {
                ...Object.fromEntries(
                  CASE_FIELDS.map((field) => [field, sql.raw(`excluded.${field}`)]),
                ),
                match_numbers: sql`excluded.match_numbers`,
                is_deleted: false,
                created_at: sql`excluded.created_at`,
                updated_at: sql`excluded.updated_at`,
              },
            });
        const count = (entry: (typeof planned)[number]) => {
          if (entry.live) result.updated += 1;
          else result.created += 1;
        };
        try {
          await tx.transaction((savepoint) =>
            upsert(
              savepoint,
              planned.map((p) => p.record),
            ),
          );
          planned.forEach(count);
        } catch {
          for (const entry of planned) {
            try {
              await tx.transaction((savepoint) => upsert(savepoint, [entry.record]));
              count(entry);
            } catch (error) {
              onRowFailure(entry.line, error);
              result.errors.push({ line: entry.line, message: 'This row could not be saved.' });
            }
          }
        }
      });
      return result;
    },

    /**
     * A visible raw file's documents (not deleted): their case links and recommendations, and the
     * cases (not deleted, of the raw file's company) they name. Undefined if the raw file is not
     * visible.
     */
    async rawFileCases(companyIds: readonly string[], rawFileId: string) {
      if (companyIds.length === 0 || !isUuid(rawFileId)) return undefined;
      const [raw] = await db
        .select({ id: rawFile.id, company_id: rawFile.company_id })
        .from(rawFile)
        .where(
          and(
            eq(rawFile.id, rawFileId),
            inArray(rawFile.company_id, [...companyIds]),
            eq(rawFile.is_deleted, false),
          ),
        )
        .limit(1);
      if (!raw) return undefined;
      const documents = await db
        .select({
          id: legalProcessedFile.id,
          legal_case_id: legalProcessedFile.legal_case_id,
          recommended_cases: legalProcessedFile.recommended_cases,
        })
        .from(legalProcessedFile)
        .where(
          and(
            eq(legalProcessedFile.legal_raw_file_id, raw.id),
            eq(legalProcessedFile.company_id, raw.company_id),
            eq(legalProcessedFile.is_deleted, false),
          ),
        )
        .orderBy(asc(legalProcessedFile.start_page_no));
      return {
        rawFile: raw,
        documents,
        loadCases: async (ids: string[]): Promise<CaseWithCount[]> => {
          const wanted = [...new Set(ids.filter(isUuid))];
          if (wanted.length === 0) return [];
          const rows = await db
            .select()
            .from(legalCase)
            .where(
              and(
                inArray(legalCase.id, wanted),
                eq(legalCase.company_id, raw.company_id),
                eq(legalCase.is_deleted, false),
              ),
            );
          return withCounts([raw.company_id], rows);
        },
      };
    },
  };
}

export type CaseRepository = ReturnType<typeof createCaseRepository>;
