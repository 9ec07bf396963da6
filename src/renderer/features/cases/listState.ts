/**
 * The case list's state as the controls hold it (search text, status, type, "has documents",
 * sorting, page size) and the legalCases variables it becomes. The state is checked with zod so a
 * persisted copy that no longer fits falls back to the defaults; only what is set is sent.
 */
import { z } from 'zod';
import type { CaseListVariables } from './operations';

/** Spec section 9: lists default to page 1 and 10 rows. */
export const DEFAULT_CASE_PAGE_SIZE = 10;
export const CASE_PAGE_SIZES = [10, 25, 50] as const;

/** The columns the list sorts by, as legalCases' sort_by names them (the server's list). */
export const CASE_SORT_COLUMNS = [
  'case_number',
  'name',
  'client_name',
  'legal_case_status',
  'legal_case_type',
  'date_of_injury',
  'updated_at',
] as const;
export type CaseSortColumn = (typeof CASE_SORT_COLUMNS)[number];

export const CASE_QUERY_MAX = 200;

export const CaseListFilters = z.object({
  /** Search on case number, name or client. */
  query: z.string().max(CASE_QUERY_MAX),
  /** A legal_case_status name, or '' for any. */
  status: z.string().max(CASE_QUERY_MAX),
  /** A legal_case_type name, or '' for any. */
  type: z.string().max(CASE_QUERY_MAX),
  hasDocuments: z.enum(['', 'yes', 'no']),
  sortBy: z.enum(CASE_SORT_COLUMNS),
  sortOrder: z.enum(['asc', 'desc']),
  pageSize: z.union([z.literal(10), z.literal(25), z.literal(50)]),
});
export type CaseListFilters = z.infer<typeof CaseListFilters>;

export const DEFAULT_CASE_FILTERS: CaseListFilters = {
  query: '',
  status: '',
  type: '',
  hasDocuments: '',
  sortBy: 'updated_at',
  sortOrder: 'desc',
  pageSize: DEFAULT_CASE_PAGE_SIZE,
};

/** A stored copy read back: defaults for anything missing, all defaults if it is unreadable. */
export function restoreCaseFilters(stored: unknown): CaseListFilters {
  const merged =
    stored && typeof stored === 'object'
      ? { ...DEFAULT_CASE_FILTERS, ...stored }
      : DEFAULT_CASE_FILTERS;
  const parsed = CaseListFilters.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_CASE_FILTERS;
}

/** Whether the list is narrowed (search or a filter), i.e. an empty answer means "no match". */
export function isNarrowed(filters: CaseListFilters): boolean {
  return (
    filters.query.trim() !== '' ||
    filters.status !== '' ||
    filters.type !== '' ||
    filters.hasDocuments !== ''
  );
}

/** The same filters with search and narrowing cleared (sorting and page size kept). */
export function clearedFilters(filters: CaseListFilters): CaseListFilters {
  return { ...filters, query: '', status: '', type: '', hasDocuments: '' };
}

/**
 * A header click: a new column sorts ascending (dates and "updated" newest first); the same
 * column flips its order.
 */
export function toggleSort(filters: CaseListFilters, column: CaseSortColumn): CaseListFilters {
  if (filters.sortBy === column)
    return { ...filters, sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' };
  const newestFirst = column === 'updated_at' || column === 'date_of_injury';
  return { ...filters, sortBy: column, sortOrder: newestFirst ? 'desc' : 'asc' };
}

/** aria-sort of a column header. */
export function ariaSort(
  filters: CaseListFilters,
  column: CaseSortColumn,
): 'ascending' | 'descending' | 'none' {
  if (filters.sortBy !== column) return 'none';
  return filters.sortOrder === 'asc' ? 'ascending' : 'descending';
}

/** The legalCases variables of one page. */
export function caseListVariables(filters: CaseListFilters, page: number): CaseListVariables {
  const query = filters.query.trim();
  const narrowing = {
    ...(filters.status ? { legal_case_status: filters.status } : {}),
    ...(filters.type ? { legal_case_type: filters.type } : {}),
    ...(filters.hasDocuments ? { has_documents: filters.hasDocuments === 'yes' } : {}),
  };
  return {
    page: Math.max(1, Math.floor(page)),
    limit: filters.pageSize,
    ...(query ? { query } : {}),
    ...(Object.keys(narrowing).length > 0 ? { filters: narrowing } : {}),
    sort_by: filters.sortBy,
    sort_order: filters.sortOrder,
  };
}

/** Pages for a total (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}
