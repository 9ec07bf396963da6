/**
 * A warm-up of one database connection for content search (issue 13: search from a cold start).
 * A new PostgreSQL connection loads, on first use, the catalog entries of every table it plans
 * against: for legal_processed_file its many indexes and their statistics, the text search
 * configuration and its dictionaries (tens of milliseconds; more when they must be read from
 * disk). The server's first search would pay that on top of its own reads. Here the statements a
 * content search sends (searchQueries.ts: the terms, the candidates with their estimate, the
 * exact check, the bounded walk, the page and its snippets) run once for a company id no company
 * has (the nil UUID), so they find nothing, read only a few index pages, and keep no result.
 */
import type { Database } from '../../db/connection';
import { createContentSearch, NEWEST_FIRST } from './contentSearch';
import { centerScope } from './counting';
import { createProcessedFileQueries } from './queries';
import { createSearchQueries } from './searchQueries';

/** No company has it: every statement below answers nothing. */
export const NO_COMPANY = '00000000-0000-0000-0000-000000000000';

/** A phrase and a word: the loose query differs from the exact one, so the check is planned too. */
const WARM_UP_TEXT = '"medical report" applicant';

export async function warmUpSearch(db: Database): Promise<void> {
  const queries = { ...createProcessedFileQueries(db), ...createSearchQueries(db) };
  const scope = centerScope(NO_COMPANY, {});
  const search = createContentSearch(queries, { cap: 1, checkCap: 1 });
  // The terms, then the candidates (the planner's estimate, then the index): none.
  await search.page(scope, WARM_UP_TEXT, { by: 'rank', order: 'desc' }, 0, 1);
  const terms = await queries.terms(WARM_UP_TEXT);
  // What a search of common words runs instead, and what every search with matches runs after.
  await queries.walk(scope, terms, NEWEST_FIRST, 1);
  await queries.check([{ id: NO_COMPANY, type: null }], terms);
  await queries.page(
    { ...scope, matchedIds: [NO_COMPANY] },
    { sortBy: 'rank', sortOrder: 'desc', limit: 1, offset: 0, search: WARM_UP_TEXT },
  );
  await queries.snippets([NO_COMPANY], WARM_UP_TEXT);
}
