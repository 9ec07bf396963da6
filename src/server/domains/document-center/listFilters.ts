/**
 * What the document center and the review queue accept (spec sections 3, 4 and 9): the
 * ProcessedFileFilters input, paging and the sort whitelist, as zod schemas. Pure: no database.
 * Blank filters ('' or null) count as not given; days are YYYY-MM-DD in UTC and a date-only upper
 * bound includes that whole day.
 */
import { z } from 'zod';
import { text, uuid } from '../../../shared/schemas/input';
import { rangeEndExclusive, rangeStart } from '../../../shared/raw-files/schemas';
import { filterDay, filterDayOrInstant } from '../../../shared/filters/rules';

/** Spec section 9: page 1, page size 10. Larger pages are refused above the cap. */
export const DEFAULT_PAGE_SIZE = 10;
export const REVIEW_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 1000;
/** Far beyond any real list; keeps OFFSET arithmetic well inside integer range. */
export const MAX_PAGE = 1_000_000;

/** The document center's sort keys; `rank` orders a content search by relevance. */
export const PROCESSED_FILE_SORTS = [
  'name',
  'created_at',
  'legal_file_type',
  'adj_number',
  'claim_number',
  'case_number',
  'applicant',
  'defendant',
  'date_of_injury',
  'raw_file_name',
  'raw_file_uploaded_at',
  'separated_at',
  'start_page_no',
  'action_status',
  'document_synced',
  'reviewed_at',
  'rank',
] as const;
export type ProcessedFileSort = (typeof PROCESSED_FILE_SORTS)[number];

export const REVIEW_STATUS_TYPES = [
  'all',
  'no_file_type',
  'multi_case',
  'needs_case_number',
] as const;
export type ReviewStatusType = (typeof REVIEW_STATUS_TYPES)[number];

/** The folder tab of documents without a type. */
export const NO_FILE_TYPE = 'no_file_type';

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v;
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(blankToUndefined, schema.optional());

const words = optional(text().trim().max(255, 'must be at most 255 characters'));
const id = optional(uuid('must be an id'));
/** A day (YYYY-MM-DD) or an instant (ISO 8601 with Z or an offset), by the shared filter rules. */
const dayOrInstant = optional(filterDayOrInstant);
const day = optional(filterDay);
const flag = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)),
  z.boolean({ error: 'must be true or false' }).optional(),
);

function checkRange(
  from: string | undefined,
  to: string | undefined,
  path: string,
  ctx: z.RefinementCtx,
): void {
  if (from && to && rangeStart(from) >= rangeEndExclusive(to))
    ctx.addIssue({
      code: 'custom',
      path: [path],
      message: `must not be before ${path.replace(/_to$/, '_from')}`,
    });
}

export const processedFileFiltersSchema = z
  .object({
    file_name: words,
    file_type: id,
    folder: optional(
      z.union([z.literal(NO_FILE_TYPE), uuid(`must be a folder id or '${NO_FILE_TYPE}'`)]),
    ),
    adj_number: words,
    claim_number: words,
    processed_at_from: dayOrInstant,
    processed_at_to: dayOrInstant,
    legal_raw_file_name: words,
    search: words,
    include_content_search: flag,
    raw_file_uploaded_at_from: dayOrInstant,
    raw_file_uploaded_at_to: dayOrInstant,
    separated_at: day,
    legal_case_id: id,
    legal_raw_file_id: id,
  })
  .superRefine((f, ctx) => {
    checkRange(f.processed_at_from, f.processed_at_to, 'processed_at_to', ctx);
    checkRange(
      f.raw_file_uploaded_at_from,
      f.raw_file_uploaded_at_to,
      'raw_file_uploaded_at_to',
      ctx,
    );
  });
export type ProcessedFileFilters = z.output<typeof processedFileFiltersSchema>;

/** A whole number given as a number or (REST query strings) as digits; null means the default. */
const whole = (min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) =>
      v === null || v === undefined || v === ''
        ? fallback
        : typeof v === 'string' && /^\d+$/.test(v)
          ? Number(v)
          : v,
    z
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be at least ${min}`)
      .max(max, `must be at most ${max}`),
  );

const filters = z.preprocess((v) => v ?? {}, processedFileFiltersSchema);

export const processedFileListArgsSchema = z
  .object({
    company_id: text(),
    page: whole(1, MAX_PAGE, 1),
    page_size: whole(1, MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
    sort_by: optional(
      z.enum(PROCESSED_FILE_SORTS, { error: `must be one of ${PROCESSED_FILE_SORTS.join(', ')}` }),
    ),
    sort_order: optional(
      z
        .string()
        .transform((v) => v.trim().toLowerCase())
        .pipe(z.enum(['asc', 'desc'], { error: 'must be asc or desc' })),
    ),
    filters,
  })
  .superRefine((args, ctx) => {
    if (args.sort_by === 'rank' && !isContentSearch(args.filters))
      ctx.addIssue({
        code: 'custom',
        path: ['sort_by'],
        message: 'rank sorts a content search only (filters.search with include_content_search)',
      });
  });
export type ProcessedFileListArgs = z.output<typeof processedFileListArgsSchema>;

export const reviewQueueArgsSchema = z.object({
  company_id: text(),
  statusType: z.preprocess(
    (v) => blankToUndefined(v) ?? 'all',
    z.enum(REVIEW_STATUS_TYPES, { error: `must be one of ${REVIEW_STATUS_TYPES.join(', ')}` }),
  ),
  page: whole(1, MAX_PAGE, 1),
  page_size: whole(1, MAX_PAGE_SIZE, REVIEW_PAGE_SIZE),
  filters,
});
export type ReviewQueueArgs = z.output<typeof reviewQueueArgsSchema>;

export const countArgsSchema = z.object({ company_id: text(), filters });

/** Full-text search over the documents' text is asked for (and there is text to search). */
export function isContentSearch(f: ProcessedFileFilters): boolean {
  return f.include_content_search === true && f.search !== undefined;
}

/** Filters the live counters can answer: the tab, the document type and a processed_at range. */
const COUNTER_FILTERS: ReadonlySet<string> = new Set([
  'folder',
  'file_type',
  'processed_at_from',
  'processed_at_to',
  'include_content_search',
]);

/**
 * Whether a filter the counters cannot answer is given: then rows are counted instead of read
 * from the live counters (service.ts).
 */
export function narrowsBeyondCounters(f: ProcessedFileFilters): boolean {
  return Object.entries(f).some(([key, value]) => value !== undefined && !COUNTER_FILTERS.has(key));
}

/** Upper-case, spaces removed: how adj_number and claim_number filters compare. */
export function normalizeNumber(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/** Sorts whose default order is descending (times and relevance); the others ascend. */
const NEWEST_FIRST_SORTS: ReadonlySet<ProcessedFileSort> = new Set([
  'created_at',
  'raw_file_uploaded_at',
  'separated_at',
  'reviewed_at',
  'rank',
]);

/** The sort actually applied: the given one, else rank for a content search, else newest first. */
export function effectiveSort(
  sortBy: ProcessedFileSort | undefined,
  sortOrder: 'asc' | 'desc' | undefined,
  f: ProcessedFileFilters,
): { by: ProcessedFileSort; order: 'asc' | 'desc' } {
  const by = sortBy ?? (isContentSearch(f) ? 'rank' : 'created_at');
  return { by, order: sortOrder ?? (NEWEST_FIRST_SORTS.has(by) ? 'desc' : 'asc') };
}
