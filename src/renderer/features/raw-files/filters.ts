/**
 * The raw-file list's filter state and the request body it becomes (POST /raw-files/getRawFiles).
 * The state is plain strings and flags, as the inputs hold them, checked by a zod schema so a
 * persisted copy that no longer fits falls back to the defaults. Only filters that are set and
 * well-formed are sent.
 */
import { z } from 'zod';
import { isBackwardsRange } from '../../components/DateRangeField';

export const RAW_FILES_PAGE_SIZE = 20;

export const SORT_BY = ['created_at', 'name', 'size', 'no_of_pages', 'status'] as const;
export type SortBy = (typeof SORT_BY)[number];

/** The review states the pipeline flags (spec statusType values plus needs_case_number). */
export const REVIEW_FILTERS = ['', 'no_file_type', 'multi_case', 'needs_case_number'] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

const day = z.union([z.literal(''), z.iso.date()]);
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

function pageCount(value: string): number | undefined {
  const number = Number(value.trim());
  return value.trim() !== '' && Number.isInteger(number) && number >= 0 ? number : undefined;
}

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

function reviewBody(review: ReviewFilter): Record<string, unknown> {
  if (review === 'needs_case_number') return { needs_case_number: true };
  if (review === '') return {};
  return { statusType: review };
}

/** The request body for one page: only filters that are set are sent. */
export function listBody(
  filters: RawFileFilters,
  page: number,
  companyId: string,
  userId: string,
): Record<string, unknown> {
  const minPages = pageCount(filters.minPages);
  const maxPages = pageCount(filters.maxPages);
  const range = isBackwardsRange(filters.uploadedFrom, filters.uploadedTo)
    ? { uploadedFrom: '', uploadedTo: '' }
    : filters;
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
    ...(isDay(range.uploadedFrom) ? { raw_file_uploaded_at_from: range.uploadedFrom } : {}),
    ...(isDay(range.uploadedTo) ? { raw_file_uploaded_at_to: range.uploadedTo } : {}),
    ...(filters.synced ? { document_synced: filters.synced === 'yes' } : {}),
  };
}
