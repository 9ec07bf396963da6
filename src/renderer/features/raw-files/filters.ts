/**
 * The raw-file list's filter state and the request body it becomes (POST /raw-files/getRawFiles).
 * The state is plain strings and flags, as the inputs hold them, checked by a zod schema so a
 * persisted copy that no longer fits falls back to the defaults. Upload days hold what the person
 * typed (in the company's date_format, or YYYY-MM-DD) and page counts what they typed;
 * `rawFileFilterProblems` says what is wrong with each by the shared filter rules
 * (src/shared/filters) and the list sends nothing while there is a problem.
 */
import { z } from 'zod';
import {
  dayRangeProblems,
  filterPagesProblem,
  PAGES_RANGE_MESSAGE,
  parseFilterDay,
  parseFilterPages,
} from '../../../shared/filters/rules';

export const RAW_FILES_PAGE_SIZE = 20;

export const SORT_BY = ['created_at', 'name', 'size', 'no_of_pages', 'status'] as const;
export type SortBy = (typeof SORT_BY)[number];

/** The review states the pipeline flags (spec statusType values plus needs_case_number). */
export const REVIEW_FILTERS = ['', 'no_file_type', 'multi_case', 'needs_case_number'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

/** A day as typed (checked by rawFileFilterProblems, not here, so the input keeps it). */
const day = z.string().max(40);
const text = z.string().max(200);

export const RawFileFilters = z.object({
  search: text,
  /** Statuses to show; empty = all. */
  status: z.array(z.string().max(64)).max(20),
  minPages: text,
  maxPages: text,
  onlyMine: z.boolean(),
  sortBy: z.enum(SORT_BY),
  sortOrder: z.enum(['asc', 'desc']),
  review: z.enum(REVIEW_FILTERS),
  /** A legal_file_type id, or '' for any type. */
  fileTypeId: z.union([z.literal(''), z.uuid()]),
  /** Uploaded from / to (days, inclusive), or ''. */
  uploadedFrom: day,
  uploadedTo: day,
  /** Whether some document of the file was synced to the CRM: '' any, 'yes', 'no'. */
  synced: z.enum(['', 'yes', 'no']),
});
export type RawFileFilters = z.infer<typeof RawFileFilters>;

export const DEFAULT_FILTERS: RawFileFilters = {
  search: '',
  status: [],
  minPages: '',
  maxPages: '',
  onlyMine: false,
  sortBy: 'created_at',
  sortOrder: 'desc',
  review: '',
  fileTypeId: '',
  uploadedFrom: '',
  uploadedTo: '',
  synced: '',
};

/** A stored copy read back: the defaults for anything missing, all defaults if it is unreadable. */
export function restoreFilters(stored: unknown): RawFileFilters {
  const merged =
    stored && typeof stored === 'object' ? { ...DEFAULT_FILTERS, ...stored } : DEFAULT_FILTERS;
  const parsed = RawFileFilters.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_FILTERS;
}

/** Whether any filter differs from the defaults (sorting aside), i.e. "Clear filters" has work. */
export function hasFilters(filters: RawFileFilters): boolean {
  const { sortBy: _sortBy, sortOrder: _sortOrder, ...rest } = filters;
  const { sortBy: _b, sortOrder: _o, ...defaults } = DEFAULT_FILTERS;
  return JSON.stringify(rest) !== JSON.stringify(defaults);
}

export type RawFileFilterField = 'uploadedFrom' | 'uploadedTo' | 'minPages' | 'maxPages';
export type RawFileFilterProblems = Partial<Record<RawFileFilterField, string>>;

/** What is wrong with each filter, by the shared rules; {} when every filter can be sent. */
export function rawFileFilterProblems(
  filters: RawFileFilters,
  format: string,
): RawFileFilterProblems {
  const uploaded = dayRangeProblems(filters.uploadedFrom, filters.uploadedTo, format);
  const min = parseFilterPages(filters.minPages);
  const max = parseFilterPages(filters.maxPages);
  const problems: RawFileFilterProblems = {
    uploadedFrom: uploaded.from,
    uploadedTo: uploaded.to,
    minPages: filterPagesProblem(filters.minPages),
    maxPages:
      filterPagesProblem(filters.maxPages) ??
      (min !== undefined && max !== undefined && max < min ? PAGES_RANGE_MESSAGE : undefined),
  };
  for (const key of Object.keys(problems) as RawFileFilterField[])
    if (problems[key] === undefined) delete problems[key];
  return problems;
}

function reviewBody(review: ReviewFilter): Record<string, unknown> {
  if (review === 'needs_case_number') return { needs_case_number: true };
  if (review === '') return {};
  return { statusType: review };
}

/**
 * The request body for one page (days read in the company's `format`; build it only when
 * rawFileFilterProblems finds none): only filters that are set are sent.
 */
export function listBody(
  filters: RawFileFilters,
  page: number,
  companyId: string,
  userId: string,
  format: string,
): Record<string, unknown> {
  const minPages = parseFilterPages(filters.minPages);
  const maxPages = parseFilterPages(filters.maxPages);
  const from = parseFilterDay(filters.uploadedFrom, format);
  const to = parseFilterDay(filters.uploadedTo, format);
  return {
    companyIds: [companyId],
    page,
    pageSize: RAW_FILES_PAGE_SIZE,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    ...(filters.search.trim() ? { searchQuery: filters.search.trim() } : {}),
    ...(filters.status.length > 0 ? { status: filters.status } : {}),
    ...(minPages !== undefined ? { minPages } : {}),
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(filters.onlyMine ? { userId } : {}),
    ...reviewBody(filters.review),
    ...(filters.fileTypeId ? { legalFileTypeId: filters.fileTypeId } : {}),
    ...(from ? { raw_file_uploaded_at_from: from } : {}),
    ...(to ? { raw_file_uploaded_at_to: to } : {}),
    ...(filters.synced ? { document_synced: filters.synced === 'yes' } : {}),
  };
}
