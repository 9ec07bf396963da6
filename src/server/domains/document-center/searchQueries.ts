/**
 * The SQL of a bounded content search (service.ts, contentSearch.ts): what the full-text
 * index can answer exactly, at most `cap` + 1 candidates from it, and a walk of at most N rows in
 * a sort order. None of these reads more than a bounded number of rows, whatever the search.
 *
 * Why: the GIN index over search_vector knows which documents hold every word, not where. A
 * phrase ("qualified medical evaluator") or an exclusion must be rechecked on each candidate's
 * text vector, and for common words that was every document of the company (12 s at 1M). Here
 * the index is asked a loose query it answers without rechecking (phrases become AND, exclusions
 * are left out: every exact match is among its matches), and the exact query is checked on the
 * candidates only.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import { legalProcessedFile as doc } from '../../db/schemaPipeline';
import { listConditions, tsQuery, type ListScope } from './listConditions';
import { collectedIds, sortKeys, toOrderBy, typeOrderedIds } from './listOrder';
import type { ProcessedFileSort } from './listFilters';

/** How the full-text index can serve one search text. */
export interface SearchTerms {
  /** The text, as given. */
  search: string;
  /** False when the text has no words to look for (only stop words): nothing matches. */
  hasLexemes: boolean;
  /**
   * A tsquery (text form) the index answers without recheck and that every exact match also
   * matches; null when no part of the search is indexable (only exclusions): every row is then a
   * candidate.
   */
  loose: string | null;
  /** The loose query is the exact one: a candidate needs no further check. */
  looseIsExact: boolean;
}

const QUOTED = /^'(?:[^']|'')*'(?::[*A-D]+)?/;
const PHRASE_OPERATOR = /^<(?:-|\d+)>/;

/**
 * The phrase operators (<-> and <N>) of a tsquery's text form replaced by AND, lexemes (quoted,
 * '' escaping a quote) left as they are. AND keeps the grouping: <-> binds tighter than & and both
 * are conjunctions, and | binds loosest in either form.
 */
export function phrasesAsAnd(tsquery: string): string {
  let out = '';
  let rest = tsquery;
  while (rest.length > 0) {
    const quoted = QUOTED.exec(rest);
    if (quoted) {
      out += quoted[0];
      rest = rest.slice(quoted[0].length);
      continue;
    }
    const operator = PHRASE_OPERATOR.exec(rest);
    if (operator) {
      out += '&';
      rest = rest.slice(operator[0].length);
      continue;
    }
    out += rest[0];
    rest = rest.slice(1);
  }
  return out;
}

/** One candidate or walked row: its id, its type (the counts) and whether the exact query matches. */
export interface SearchRow {
  id: string;
  type: string | null;
  exact: boolean;
}

/**
 * Candidates are not read when the planner expects more than this many times the limit, and at
 * least ESTIMATE_FLOOR rows: it guesses a few thousand rows per million for any word it has no
 * statistics on (a rare one), and the words it knows to be common are far above that.
 */
export const ESTIMATE_FACTOR = 3;
export const ESTIMATE_FLOOR = 10_000;

const planSchema = z.array(
  z.object({ Plan: z.object({ Plans: z.array(z.object({ 'Plan Rows': z.number() })).min(1) }) }),
);

/** The rows the planner expects below the candidates' LIMIT (0 when the plan has another shape). */
export function estimatedRows(explained: unknown): number {
  const parsed = planSchema.safeParse(
    typeof explained === 'string' ? (JSON.parse(explained) as unknown) : explained,
  );
  return parsed.success ? parsed.data[0]!.Plan.Plans[0]!['Plan Rows'] : 0;
}

/** A candidate from the index: not checked against the exact query yet. */
export interface Candidate {
  id: string;
  type: string | null;
}

/**
 * Settings of the candidates' statement: bitmap scans only, so the loose query is answered by the
 * full-text index and never evaluated on a row (that reads its text vector: several TOAST pages);
 * memory enough for an exact bitmap of a million rows (a lossy one rechecks whole pages).
 */
export const BITMAP_ONLY = [
  ['enable_seqscan', 'off'],
  ['enable_indexscan', 'off'],
  ['work_mem', '64MB'],
] as const;

export function createSearchQueries(db: Database) {
  /** The exact check of one row (it reads the row's text vector). */
  const exactCheck = (terms: SearchTerms): SQL =>
    sql`${doc.search_vector} @@ ${tsQuery(terms.search)}`;

  const toRows = (rows: Array<{ id: string; type: string | null; exact: boolean }>): SearchRow[] =>
    rows.map((row) => ({ id: row.id, type: row.type, exact: row.exact === true }));

  return {
    /** How the index can serve `search` (querytree leaves out what it cannot: exclusions). */
    async terms(search: string): Promise<SearchTerms> {
      const result = await db.execute<{ nodes: number; tree: string | null; exact: string }>(
        sql`select numnode(q) as nodes, querytree(q) as tree, q::text as exact
              from ${tsQuery(search)} as q`,
      );
      const row = result.rows[0];
      const nodes = Number(row?.nodes ?? 0);
      const tree = row?.tree ?? '';
      if (nodes === 0 || tree === '')
        return { search, hasLexemes: false, loose: null, looseIsExact: false };
      if (tree === 'T') return { search, hasLexemes: true, loose: null, looseIsExact: false };
      const loose = phrasesAsAnd(tree);
      return { search, hasLexemes: true, loose, looseIsExact: loose === row?.exact };
    },

    /**
     * All the rows of the scope matching the loose query when there are at most `limit`, from the
     * full-text index alone (a bitmap of the index, then only the rows it names; no text vector
     * read); null when there are more. The planner's estimate is asked first: a bitmap of common
     * words covers most of the table (0.7 s at a million rows), so when it expects many more rows
     * than `limit` (see ESTIMATE_FACTOR) the index is not read at all (null). A wrong estimate
     * costs time, never a wrong answer: null only leads to the bounded walk.
     */
    async candidates(
      scope: ListScope,
      terms: SearchTerms,
      limit: number,
    ): Promise<Candidate[] | null> {
      if (terms.loose === null) throw new Error('candidates need an indexable search');
      const c = listConditions(withoutSearch(scope), { companyIndexed: false });
      const rawJoin =
        c.raw.length > 0
          ? sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id}`
          : sql``;
      const query = sql`
          select ${doc.id} as id, ${doc.legal_file_type_id} as type
            from ${doc} ${rawJoin}
           where ${sql.join([...c.doc, ...c.raw], sql` and `)}
             and ${doc.search_vector} @@ ${terms.loose}::tsquery
           limit ${limit + 1}`;
      return db.transaction(async (tx) => {
        for (const [name, value] of BITMAP_ONLY)
          await tx.execute(sql`select set_config(${name}, ${value}, true)`);
        const plan = await tx.execute<{ 'QUERY PLAN': unknown }>(
          sql`explain (format json) ${query}`,
        );
        const expected = estimatedRows(plan.rows[0]?.['QUERY PLAN']);
        if (expected > Math.max(limit * ESTIMATE_FACTOR, ESTIMATE_FLOOR)) return null;
        const result = await tx.execute<{ id: string; type: string | null }>(query);
        if (result.rows.length > limit) return null;
        return result.rows.map((row) => ({ id: row.id, type: row.type }));
      });
    },

    /** The exact check of these candidates (reads each one's text vector). */
    async check(candidates: readonly Candidate[], terms: SearchTerms): Promise<SearchRow[]> {
      if (candidates.length === 0) return [];
      const result = await db.execute<{ id: string; type: string | null; exact: boolean }>(sql`
        select ${doc.id} as id, ${doc.legal_file_type_id} as type, ${exactCheck(terms)} as exact
          from ${doc}
         where ${doc.id} = any(${sql.param(candidates.map((candidate) => candidate.id))}::uuid[])`);
      return toRows(result.rows);
    },

    /**
     * The first `rows` rows of the scope (search left out) in this order, each with the exact
     * check: the same walk a list page does, stopped after `rows` rows whatever they hold.
     */
    async walk(
      scope: ListScope,
      terms: SearchTerms,
      sort: { by: Exclude<ProcessedFileSort, 'rank'>; order: 'asc' | 'desc' },
      rows: number,
    ): Promise<SearchRow[]> {
      const result = await db.execute<{ id: string; type: string | null; exact: boolean }>(
        walkQuery(withoutSearch(scope), sort, rows, exactCheck(terms)),
      );
      return toRows(result.rows);
    },
  };
}

/** The scope with the search text left out (the caller checks the search itself). */
function withoutSearch(scope: ListScope): ListScope {
  return { ...scope, filters: { ...scope.filters, search: undefined } };
}

/**
 * The first `rows` rows of a scope in a sort order with `check` of each, in that order. A plain
 * sort is one index walk that stops after `rows` rows (the check is only computed for those); the
 * type sort and filters collected first give the ids, and the rows are read by id.
 */
function walkQuery(
  scope: ListScope,
  sort: { by: Exclude<ProcessedFileSort, 'rank'>; order: 'asc' | 'desc' },
  rows: number,
  check: SQL,
): SQL {
  const c = listConditions(scope);
  const keys = sortKeys(sort.by, sort.order);
  const request = { limit: rows, offset: 0, sortOrder: sort.order };
  const byRaw = sort.by === 'raw_file_name' || sort.by === 'raw_file_uploaded_at';
  const ids =
    sort.by === 'legal_file_type'
      ? typeOrderedIds(scope.companyId, c, request)
      : (c.raw.length > 0 && !byRaw) || c.selective === true
        ? collectedIds(c, keys, request, false)
        : undefined;
  if (ids)
    return sql`select ${doc.id} as id, ${doc.legal_file_type_id} as type, ${check} as exact
      from unnest(array${ids}) with ordinality as walked(id, n)
      inner join ${doc} on ${doc.id} = walked.id
     order by walked.n`;
  const rawJoin =
    byRaw || c.raw.length > 0
      ? sql`inner join ${rawFile} on ${rawFile.id} = ${doc.legal_raw_file_id} and ${rawFile.company_id} = ${scope.companyId}`
      : sql``;
  return sql`select ${doc.id} as id, ${doc.legal_file_type_id} as type, ${check} as exact
    from ${doc} ${rawJoin}
   where ${sql.join([...c.doc, ...c.raw], sql` and `)}
   order by ${sql.join(toOrderBy(keys), sql`, `)} limit ${rows}`;
}

export type SearchQueries = ReturnType<typeof createSearchQueries>;
