/**
 * Content search of the document center and the review queue, bounded by design (issue 13): no
 * search takes more than `cap` + 1 candidates from the index or reads more than about `checkCap`
 * + the page's end text vectors (several TOAST pages each: the costly part), whatever the words,
 * so none depends on a count finishing in time.
 *
 * 1. The full-text index is asked a loose query it answers without rechecking (searchQueries.ts),
 *    at most `cap` + 1 rows (`checkCap` + 1 when the exact query differs: a phrase or an
 *    exclusion); the planner's estimate is asked first, and the index is not read when it expects
 *    far more. When no more come back, they are all the candidates: the exact query is checked
 *    on each (when it differs), and what matches is the whole answer (exact total, ranked by
 *    relevance when asked, any sort).
 * 2. Otherwise the words are common. The list's own order (newest first for a relevance sort) is
 *    walked for at most `checkCap` + offset + page size rows, each checked. The matches among them are
 *    the first matches in that order, so a page they fill is exactly right; the total is those
 *    found, marked total_capped ("at least"), because later rows were not looked at. When the walk
 *    ends before its limit, every row was looked at and the answer is exact again.
 * Snippets (ts_headline) are made for the page's rows only.
 */
import type { ProcessedFileRecord } from '../documents/columns';
import type { ProcessedFileSort } from './listFilters';
import { NO_TYPE_KEY } from './countQueries';
import type { ListScope } from './listConditions';
import type { ProcessedFileQueries } from './queries';
import type { SearchQueries, SearchRow } from './searchQueries';

type Order = 'asc' | 'desc';
export type WalkSort = { by: Exclude<ProcessedFileSort, 'rank'>; order: Order };

/** Where a relevance sort walks, and how a search too broad to rank is listed. */
export const NEWEST_FIRST: WalkSort = { by: 'created_at', order: 'desc' };

export interface SearchPage {
  items: ProcessedFileRecord[];
  total: number;
  total_capped: boolean;
}

export interface MatchSet {
  /** The exact matches: all of them when complete, else those among the walked rows, in order. */
  rows: SearchRow[];
  complete: boolean;
}

export function createContentSearch(
  queries: ProcessedFileQueries & SearchQueries,
  options: { cap: number; checkCap: number },
) {
  const { cap, checkCap } = options;

  /** The documents of `scope` that `search` matches, bounded as described above. */
  async function matches(
    scope: ListScope,
    search: string,
    walkSort: WalkSort,
    walkRows: number,
  ): Promise<MatchSet> {
    const terms = await queries.terms(search);
    if (!terms.hasLexemes) return { rows: [], complete: true };
    if (terms.loose !== null) {
      const limit = terms.looseIsExact ? cap : checkCap;
      const candidates = await queries.candidates(scope, terms, limit);
      if (candidates) {
        const rows = terms.looseIsExact
          ? candidates.map((candidate) => ({ ...candidate, exact: true }))
          : (await queries.check(candidates, terms)).filter((row) => row.exact);
        return { rows, complete: true };
      }
    }
    const walked = await queries.walk(scope, terms, walkSort, walkRows);
    return { rows: walked.filter((row) => row.exact), complete: walked.length < walkRows };
  }

  async function withSnippets(items: ProcessedFileRecord[], search: string) {
    if (items.length === 0) return items;
    const snippets = await queries.snippets(
      items.map((item) => item.id),
      search,
    );
    return items.map((item) => ({ ...item, snippet: snippets.get(item.id) ?? null }));
  }

  return {
    matches,

    /** One page of a content search in `sort` (rank: by relevance when the matches are few). */
    async page(
      scope: ListScope,
      search: string,
      sort: { by: ProcessedFileSort; order: Order },
      offset: number,
      pageSize: number,
    ): Promise<SearchPage> {
      const walkSort: WalkSort =
        sort.by === 'rank' ? NEWEST_FIRST : { by: sort.by, order: sort.order };
      const found = await matches(scope, search, walkSort, checkCap + offset + pageSize);
      const n = found.rows.length;
      if (n === 0) return { items: [], total: 0, total_capped: !found.complete };
      // All matches known: sort them (by relevance when few enough to rank) and take the page.
      // Otherwise the walk found them in the list's order: the page is a slice of them.
      const ranked = sort.by === 'rank' && found.complete && n <= cap;
      const order = ranked ? { by: 'rank' as const, order: sort.order } : walkSort;
      const ids = found.complete
        ? found.rows.map((row) => row.id)
        : found.rows.slice(offset, offset + pageSize).map((row) => row.id);
      const items =
        ids.length === 0
          ? []
          : await queries.page(
              { ...scope, matchedIds: ids },
              {
                sortBy: order.by,
                sortOrder: order.order,
                limit: pageSize,
                offset: found.complete ? offset : 0,
                search,
              },
            );
      return {
        items: await withSnippets(items, search),
        total: n,
        total_capped: !found.complete,
      };
    },

    /** Matches per type key (NO_TYPE_KEY for none), newest first when bounded; capped then. */
    async countByType(
      scope: ListScope,
      search: string,
    ): Promise<{ byType: Map<string, number>; capped: boolean }> {
      const found = await matches(scope, search, NEWEST_FIRST, checkCap);
      const byType = new Map<string, number>();
      for (const row of found.rows) {
        const key = row.type ?? NO_TYPE_KEY;
        byType.set(key, (byType.get(key) ?? 0) + 1);
      }
      return { byType, capped: !found.complete };
    },
  };
}

export type ContentSearch = ReturnType<typeof createContentSearch>;
