/**
 * Content search of the raw-file lists (POST /raw-files/getRawFiles, GraphQL rawFiles and the
 * review queues, with includeContentSearch): a raw file matches when its name holds the text or
 * one of its documents' text matches it (full-text). Bounded like the document center's
 * (document-center/contentSearch.ts), so no search walks every document of a company (a common
 * phrase rechecked every text vector: seconds at a million documents, until the statement timeout).
 *
 * 1. The full-text index is asked the loose query (searchQueries.ts terms), at most `cap` + 1
 *    documents (`checkCap` + 1 when the exact query differs: a phrase or an exclusion, checked on
 *    each candidate); the planner's estimate is asked first and the index not read when it
 *    expects far more. When they are all the candidates, their raw files (or a name match) are
 *    the exact condition: the list and its total are exact.
 * 2. Otherwise the words are common: the list's own order (its other filters applied) is walked
 *    for at most offset + page size + `walkExtra` raw files, each checked (name, then its
 *    documents until one matches). The matches among them are the first ones in that order, so a
 *    page they fill is right; the total counts those found and is marked total_capped ("at
 *    least") when the walk stopped at its limit.
 */
import { inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import { legalProcessedFile as doc } from '../../db/schemaPipeline';
import { tsQuery } from '../document-center/listConditions';
import {
  BITMAP_ONLY,
  createSearchQueries,
  ESTIMATE_FACTOR,
  ESTIMATE_FLOOR,
  estimatedRows,
  type SearchTerms,
} from '../document-center/searchQueries';
import { hasDocument } from './documentFilters';

export interface RawFileSearchLimits {
  /** Most documents taken from the index when the loose query is the exact one. */
  cap: number;
  /** Most documents taken from the index when each must be checked (phrase, exclusion). */
  checkCap: number;
  /** Raw files walked past the page's end when the words are common. */
  walkExtra: number;
}

export const RAW_FILE_SEARCH_LIMITS: RawFileSearchLimits = {
  cap: 2000,
  checkCap: 200,
  walkExtra: 10,
};

/** How a content search narrows a raw-file list. */
export type ContentMatch =
  /** Exact: the list and its count run as usual with this condition added. */
  | { kind: 'condition'; condition: SQL }
  /** Bounded: the matching raw files among those walked, in the list's order. */
  | { kind: 'walked'; ids: string[]; complete: boolean };

/** The list a content search narrows: its other conditions, its order and how far to walk. */
export interface ListShape {
  where: SQL | undefined;
  orderBy: SQL[];
  walkRows: number;
  /** The raw file's name holds the text (over raw_file's columns). */
  nameMatch: SQL;
}

export function createRawFileContentSearch(
  db: Database,
  limits: RawFileSearchLimits = RAW_FILE_SEARCH_LIMITS,
) {
  const searchQueries = createSearchQueries(db);

  /**
   * The raw files of the documents matching `terms` exactly, when the index names at most
   * `limit` candidates (null when there are more, or the planner expects far more).
   */
  async function candidateRawFiles(
    companyIds: readonly string[],
    terms: SearchTerms & { loose: string },
    limit: number,
  ): Promise<string[] | null> {
    const query = sql`
      select ${doc.id} as id, ${doc.legal_raw_file_id} as raw_id
        from ${doc}
       where ${inArray(doc.company_id, [...companyIds])} and ${doc.is_deleted} = false
         and ${doc.search_vector} @@ ${terms.loose}::tsquery
       limit ${limit + 1}`;
    const found = await db.transaction(async (tx) => {
      for (const [name, value] of BITMAP_ONLY)
        await tx.execute(sql`select set_config(${name}, ${value}, true)`);
      const plan = await tx.execute<{ 'QUERY PLAN': unknown }>(sql`explain (format json) ${query}`);
      const expected = estimatedRows(plan.rows[0]?.['QUERY PLAN']);
      if (expected > Math.max(limit * ESTIMATE_FACTOR, ESTIMATE_FLOOR)) return null;
      const result = await tx.execute<{ id: string; raw_id: string }>(query);
      return result.rows.length > limit ? null : result.rows;
    });
    if (found === null) return null;
    if (terms.looseIsExact || found.length === 0)
      return [...new Set(found.map((row) => row.raw_id))];
    const checked = await db.execute<{ raw_id: string }>(sql`
      select distinct ${doc.legal_raw_file_id} as raw_id
        from ${doc}
       where ${doc.id} = any(${sql.param(found.map((row) => row.id))}::uuid[])
         and ${doc.search_vector} @@ ${tsQuery(terms.search)}`);
    return checked.rows.map((row) => row.raw_id);
  }

  /** The first `rows` raw files of the list in its order, each with whether `text` matches it. */
  async function walk(text: string, list: ListShape): Promise<Array<{ id: string; hit: boolean }>> {
    const hit = or(list.nameMatch, hasDocument(sql`${doc.search_vector} @@ ${tsQuery(text)}`))!;
    // The check runs on the walked rows only, outside the ordered, limited walk; the walk is
    // named raw_file so the check's column references (raw_file.id, .name, .company_id) read it.
    const result = await db.execute<{ id: string; hit: boolean }>(sql`
      select ${rawFile.id} as id, ${hit} as hit
        from (select ${rawFile.id} as id, ${rawFile.name} as name, ${rawFile.company_id} as company_id,
                     row_number() over (order by ${sql.join(list.orderBy, sql`, `)}) as n
                from ${rawFile}
               where ${list.where ?? sql`true`}
               order by ${sql.join(list.orderBy, sql`, `)}
               limit ${list.walkRows}) as ${rawFile}
       order by n`);
    return result.rows.map((row) => ({ id: row.id, hit: row.hit === true }));
  }

  return {
    limits,

    /** How `text` narrows the raw files of `companyIds` in `list` (see the top of this file). */
    async match(
      companyIds: readonly string[],
      text: string,
      list: ListShape,
    ): Promise<ContentMatch> {
      const terms = await searchQueries.terms(text);
      if (!terms.hasLexemes) return { kind: 'condition', condition: list.nameMatch };
      if (terms.loose !== null) {
        const limit = terms.looseIsExact ? limits.cap : limits.checkCap;
        const ids = await candidateRawFiles(companyIds, { ...terms, loose: terms.loose }, limit);
        if (ids)
          return {
            kind: 'condition',
            condition:
              ids.length > 0 ? or(list.nameMatch, inArray(rawFile.id, ids))! : list.nameMatch,
          };
      }
      const walked = await walk(text, list);
      return {
        kind: 'walked',
        ids: walked.filter((row) => row.hit).map((row) => row.id),
        complete: walked.length < list.walkRows,
      };
    },
  };
}

export type RawFileContentSearch = ReturnType<typeof createRawFileContentSearch>;

/** The rows of `ids` in that order (rows no longer there are left out). */
export function inOrder<T extends { id: string }>(ids: readonly string[], rows: readonly T[]): T[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
