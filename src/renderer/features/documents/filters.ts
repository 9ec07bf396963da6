/**
 * The document center's list state (spec section 3 processed-file filters, the folder tab, sorting
 * and page size) and the GraphQL variables it becomes. The state holds what the inputs hold
 * (strings, flags), checked by a zod schema so a persisted copy that no longer fits falls back to
 * the defaults. Days hold what the person typed (in the company's date_format, or YYYY-MM-DD);
 * `documentFilterProblems` says what is wrong with each field by the shared filter rules
 * (src/shared/filters), and the page sends nothing while there is a problem. Days are the user's
 * local days: a range goes out as the instants that start the first day and end the last one, so
 * "to" includes its whole day whatever the time zone.
 */
import { z } from 'zod';
import { dayRangeProblems, filterDayProblem, parseFilterDay } from '../../../shared/filters/rules';
import { SORTABLE_KEYS } from './columns';

/** Spec section 9: document list default page 1, page size 10. */
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 25, 50, 100, 500, 1000] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** The tab that shows documents without a type (the server's folder filter value). */
export const NO_FILE_TYPE_TAB = 'no_file_type';

/** A day as typed (checked by documentFilterProblems, not here, so the input keeps it). */
const day = z.string().max(40);
const text = z.string().max(200);

export const DocumentFilters = z.object({
  /** The tab: '' for all, a legal_document_folder id, or NO_FILE_TYPE_TAB. */
  folder: z.string().max(100),
  fileName: text,
  /** A legal_file_type id, or '' for any type. */
  fileTypeId: z.string().max(100),
  adjNumber: text,
  claimNumber: text,
  processedFrom: day,
  processedTo: day,
  uploadedFrom: day,
  uploadedTo: day,
  rawFileName: text,
  /** The day the documents were separated on, or ''. */
  separatedAt: day,
  search: text,
  /** Also search the documents' text (ranked, with highlighted snippets). */
  contentSearch: z.boolean(),
  /** A column the server sorts by (see columns.ts). */
  sortBy: z.enum(SORTABLE_KEYS),
  sortOrder: z.enum(['asc', 'desc']),
  pageSize: z.union(PAGE_SIZES.map((size) => z.literal(size))),
});
export type DocumentFilters = z.infer<typeof DocumentFilters>;

export const DEFAULT_DOCUMENT_FILTERS: DocumentFilters = {
  folder: '',
  fileName: '',
  fileTypeId: '',
  adjNumber: '',
  claimNumber: '',
  processedFrom: '',
  processedTo: '',
  uploadedFrom: '',
  uploadedTo: '',
  rawFileName: '',
  separatedAt: '',
  search: '',
  contentSearch: false,
  sortBy: 'created_at',
  sortOrder: 'desc',
  pageSize: DEFAULT_PAGE_SIZE,
};

/** A stored copy read back: defaults for anything missing, all defaults if it is unreadable. */
export function restoreDocumentFilters(stored: unknown): DocumentFilters {
  const merged =
    stored && typeof stored === 'object'
      ? { ...DEFAULT_DOCUMENT_FILTERS, ...stored }
      : DEFAULT_DOCUMENT_FILTERS;
  const parsed = DocumentFilters.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_DOCUMENT_FILTERS;
}

/** The keys "Clear filters" resets (the tab, sorting and page size stay as they are). */
const FILTER_KEYS = [
  'fileName',
  'fileTypeId',
  'adjNumber',
  'claimNumber',
  'processedFrom',
  'processedTo',
  'uploadedFrom',
  'uploadedTo',
  'rawFileName',
  'separatedAt',
  'search',
  'contentSearch',
] as const satisfies ReadonlyArray<keyof DocumentFilters>;

export function hasDocumentFilters(filters: DocumentFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== DEFAULT_DOCUMENT_FILTERS[key]);
}

export function clearDocumentFilters(filters: DocumentFilters): DocumentFilters {
  const cleared = { ...filters };
  for (const key of FILTER_KEYS) Object.assign(cleared, { [key]: DEFAULT_DOCUMENT_FILTERS[key] });
  return cleared;
}

/** The fields a filter problem can be shown beside. */
export type DocumentFilterField =
  'processedFrom' | 'processedTo' | 'uploadedFrom' | 'uploadedTo' | 'separatedAt';
export type DocumentFilterProblems = Partial<Record<DocumentFilterField, string>>;

/** What is wrong with each filter, by the shared rules; {} when every filter can be sent. */
export function documentFilterProblems(
  filters: DocumentFilters,
  format: string,
): DocumentFilterProblems {
  const processed = dayRangeProblems(filters.processedFrom, filters.processedTo, format);
  const uploaded = dayRangeProblems(filters.uploadedFrom, filters.uploadedTo, format);
  const separated = filterDayProblem(filters.separatedAt, format);
  const problems: DocumentFilterProblems = {
    processedFrom: processed.from,
    processedTo: processed.to,
    uploadedFrom: uploaded.from,
    uploadedTo: uploaded.to,
    separatedAt: separated,
  };
  for (const key of Object.keys(problems) as DocumentFilterField[])
    if (problems[key] === undefined) delete problems[key];
  return problems;
}

/** The instant a local day starts (edge 'start') or ends (edge 'end'), as ISO date-time. */
export function localDayEdge(value: string, edge: 'start' | 'end'): string {
  const [year, month, dayOfMonth] = value.split('-').map(Number) as [number, number, number];
  const date =
    edge === 'start'
      ? new Date(year, month - 1, dayOfMonth, 0, 0, 0, 0)
      : new Date(year, month - 1, dayOfMonth, 23, 59, 59, 999);
  return date.toISOString();
}

/** The server's ProcessedFileFilters input (every field optional). */
export interface ProcessedFileFiltersInput {
  file_name?: string;
  file_type?: string;
  folder?: string;
  adj_number?: string;
  claim_number?: string;
  processed_at_from?: string;
  processed_at_to?: string;
  legal_raw_file_name?: string;
  search?: string;
  include_content_search?: boolean;
  raw_file_uploaded_at_from?: string;
  raw_file_uploaded_at_to?: string;
  separated_at?: string;
}

function range(
  from: string,
  to: string,
  format: string,
  fromKey: keyof ProcessedFileFiltersInput,
  toKey: keyof ProcessedFileFiltersInput,
): ProcessedFileFiltersInput {
  const start = parseFilterDay(from, format);
  const end = parseFilterDay(to, format);
  return {
    ...(start ? { [fromKey]: localDayEdge(start, 'start') } : {}),
    ...(end ? { [toKey]: localDayEdge(end, 'end') } : {}),
  };
}

function trimmed(
  value: string,
  key: keyof ProcessedFileFiltersInput,
): Partial<ProcessedFileFiltersInput> {
  const clean = value.trim();
  return clean ? { [key]: clean } : {};
}

/**
 * The filters the server gets (days read in the company's `format`; call it only when
 * documentFilterProblems finds none); `withFolder` false leaves the tab out (for the tab counts).
 */
export function filtersInput(
  filters: DocumentFilters,
  format: string,
  withFolder = true,
): ProcessedFileFiltersInput {
  const search = filters.search.trim();
  const separated = parseFilterDay(filters.separatedAt, format);
  return {
    ...(withFolder && filters.folder ? { folder: filters.folder } : {}),
    ...trimmed(filters.fileName, 'file_name'),
    ...(filters.fileTypeId ? { file_type: filters.fileTypeId } : {}),
    ...trimmed(filters.adjNumber, 'adj_number'),
    ...trimmed(filters.claimNumber, 'claim_number'),
    ...range(
      filters.processedFrom,
      filters.processedTo,
      format,
      'processed_at_from',
      'processed_at_to',
    ),
    ...range(
      filters.uploadedFrom,
      filters.uploadedTo,
      format,
      'raw_file_uploaded_at_from',
      'raw_file_uploaded_at_to',
    ),
    ...trimmed(filters.rawFileName, 'legal_raw_file_name'),
    ...(separated ? { separated_at: separated } : {}),
    ...(search ? { search } : {}),
    ...(search && filters.contentSearch ? { include_content_search: true } : {}),
  };
}

export interface DocumentListVariables {
  company_id: string;
  page: number;
  page_size: number;
  sort_by: string;
  sort_order: 'asc' | 'desc';
  filters: ProcessedFileFiltersInput;
}

export function listVariables(
  filters: DocumentFilters,
  page: number,
  companyId: string,
  format: string,
): DocumentListVariables {
  return {
    company_id: companyId,
    page: Math.max(1, Math.floor(page)),
    page_size: filters.pageSize,
    sort_by: filters.sortBy,
    sort_order: filters.sortOrder,
    filters: filtersInput(filters, format),
  };
}

/** The tab counts answer for the same filters, every tab at once (so without the tab itself). */
export function countVariables(filters: DocumentFilters, companyId: string, format: string) {
  return { company_id: companyId, filters: filtersInput(filters, format, false) };
}

/** Clicking a column header: a new column sorts ascending, the same one flips. */
export function toggleSort(
  filters: DocumentFilters,
  sortBy: DocumentFilters['sortBy'],
): DocumentFilters {
  if (filters.sortBy === sortBy)
    return { ...filters, sortOrder: filters.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { ...filters, sortBy, sortOrder: 'asc' };
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/**
 * A list's total as shown: a capped total (the server stopped counting, or a content search of
 * common words stopped looking) is a lower bound, "at least N".
 */
export function totalLabel(total: number, capped: boolean): string {
  return capped ? `at least ${total.toLocaleString()}` : total.toLocaleString();
}

/**
 * Pages a list can offer: with a capped total, one past the current page while it is full (the
 * server keeps paging past a count it stopped).
 */
export function pagesOffered(
  total: number,
  capped: boolean,
  page: number,
  rowsOnPage: number,
  pageSize: number,
): number {
  const counted = pageCount(total, pageSize);
  return capped && rowsOnPage === pageSize ? Math.max(counted, page + 1) : counted;
}

/** A page number from the address bar: a whole number from 1, else 1. */
export function parsePage(value: string | null): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 1 ? number : 1;
}
