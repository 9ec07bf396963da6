/**
 * Request bodies of the raw-file API (upload contract, spec section 7), as zod schemas shared by the
 * server (validation) and the desktop uploader (building requests). See /work/notes/upload-contract.md.
 */
import { z } from 'zod';
import { int32, text, uuid as uuidOf } from '../schemas/input';
import { filterDay, filterDayOrInstant, filterPages, PAGES_MESSAGE } from '../filters/rules';

const uuid = uuidOf();
const name = text().trim().min(1).max(255);

export const RAW_FILE_MEDIUMS = ['desktop', 'watch', 'agent', 'web'] as const;

export const createRawFileItemSchema = z.object({
  index: int32(),
  name,
  size: z.number().int().positive(),
  /** The media type the client detected. */
  type: text()
    .max(255)
    .nullish()
    .transform((v) => v ?? ''),
  no_of_pages: int32().nullish(),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits'),
  idempotency_key: uuid,
});

export const createRawFileBodySchema = z.object({
  company_id: uuid,
  raw_file_medium: z.enum(RAW_FILE_MEDIUMS).nullish(),
  uploader_session_id: text().max(200).nullish(),
  files: z.array(createRawFileItemSchema).min(1).max(500),
});
export type CreateRawFileBody = z.infer<typeof createRawFileBodySchema>;

export const RAW_FILE_SORT_COLUMNS = [
  'created_at',
  'name',
  'size',
  'no_of_pages',
  'status',
  'uploaded_by_user_name',
] as const;

const oneOrMany = <T extends z.ZodType>(item: T) =>
  z.union([item, z.array(item)]).transform((v) => (Array.isArray(v) ? v : [v]) as z.output<T>[]);

/** A boolean sent as JSON or as a query-string word ('true' / 'false'). */
const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** A whole number (32 bits: pages are an integer column) sent as JSON or as query-string digits. */
const whole = (min: number, max?: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/, 'must be a whole number').transform(Number)])
    .pipe(int32(min, max));
/** A query-string filter left empty ('' or null) counts as not given. */
const unsetIfBlank = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());

/** A page-count filter (the shared filter rule) sent as JSON or as query-string digits. */
const pagesFilter = z
  .union([z.number(), z.string().regex(/^\d+$/, PAGES_MESSAGE).transform(Number)])
  .pipe(filterPages);

/** The first instant `value` covers: a day's midnight UTC, or the instant itself. */
export function rangeStart(value: string): Date {
  return new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
}
/** The first instant after `value`: the next day's midnight UTC, or the instant plus 1 ms. */
export function rangeEndExclusive(value: string): Date {
  return new Date(rangeStart(value).getTime() + (value.length === 10 ? 86_400_000 : 1));
}

export const RAW_FILE_STATUS_TYPES = ['all', 'no_file_type', 'multi_case'] as const;
export type RawFileStatusType = (typeof RAW_FILE_STATUS_TYPES)[number];

/**
 * POST /raw-files/getRawFiles and /raw-files/get-by-status (spec sections 3 and 7). Days are
 * YYYY-MM-DD in UTC. The document filters (statusType, needs_case_number, legalFileTypeId,
 * document_synced, crm_sync_status, separated_at) match a raw file having at least one of its
 * not-deleted processed files with that property, each filter on its own; reviewed_at (a day) matches
 * a raw file with a document reviewed that day. includeContentSearch makes searchQuery/search also
 * match raw files whose documents' text matches it (full-text, websearch syntax).
 */
export const rawFileListQuerySchema = z
  .object({
    companyIds: z.array(uuid).max(200).optional(),
    searchQuery: text().max(255).optional(),
    search: text().max(255).optional(),
    rawFileName: unsetIfBlank(text().max(255)),
    page: whole(1).default(1),
    pageSize: whole(1, 100).default(20),
    status: oneOrMany(text().min(1).max(64)).optional(),
    uploadedAt: unsetIfBlank(z.iso.date()),
    created_at: unsetIfBlank(z.iso.date()),
    raw_file_uploaded_at_from: unsetIfBlank(filterDayOrInstant),
    raw_file_uploaded_at_to: unsetIfBlank(filterDayOrInstant),
    uploadedBy: oneOrMany(uuid).optional(),
    userId: unsetIfBlank(uuid),
    minPages: unsetIfBlank(pagesFilter),
    maxPages: unsetIfBlank(pagesFilter),
    statusType: unsetIfBlank(z.enum(RAW_FILE_STATUS_TYPES)),
    needs_case_number: unsetIfBlank(flag),
    legalFileTypeId: unsetIfBlank(uuid),
    document_synced: unsetIfBlank(flag),
    crm_sync_status: unsetIfBlank(text().trim().min(1).max(64)),
    separated_at: unsetIfBlank(filterDay),
    reviewed_at: unsetIfBlank(z.iso.date()),
    includeContentSearch: unsetIfBlank(flag),
    sortBy: z.enum(RAW_FILE_SORT_COLUMNS).default('created_at'),
    sortOrder: text()
      .transform((v) => v.toLowerCase())
      .pipe(z.enum(['asc', 'desc']))
      .default('desc'),
  })
  .superRefine((q, ctx) => {
    const from = q.raw_file_uploaded_at_from;
    const to = q.raw_file_uploaded_at_to;
    if (from && to && rangeStart(from) >= rangeEndExclusive(to))
      ctx.addIssue({
        code: 'custom',
        path: ['raw_file_uploaded_at_to'],
        message: 'must not be before raw_file_uploaded_at_from',
      });
  });
export type RawFileListQuery = z.output<typeof rawFileListQuerySchema>;

export const isDuplicateFileBodySchema = z.object({
  companyIds: z.array(uuid).min(1).max(200),
  fileNames: z.array(name).min(1).max(1000),
  /** Same order as fileNames; when given, a duplicate needs the same name AND content. */
  sha256s: z.array(z.string().regex(/^[0-9a-fA-F]{64}$/)).optional(),
});

export const uploadLogBodySchema = z.object({
  company_id: uuid,
  status: text().min(1).max(64),
  files: z
    .array(
      z.object({
        name,
        size: z.number().int().min(0).optional(),
        raw_file_id: uuid.optional(),
        status: text().max(64).optional(),
        error: text().max(1000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

export const updateRawFileStatusSchema = z.object({
  id: text(),
  status: text().trim().min(1).max(64),
  url: text().max(2048).nullish(),
  session_id: text().max(200).nullish(),
});

export const addRawFileLogSchema = z.object({
  raw_file_id: text(),
  field: text().trim().min(1).max(100),
  original_value: text().max(2000).nullish(),
  updated_value: text().max(2000).nullish(),
  action_type: text().trim().min(1).max(100),
});
