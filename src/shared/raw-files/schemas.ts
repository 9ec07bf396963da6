/**
 * Request bodies of the raw-file API (upload contract, spec section 7), as zod schemas shared by the
 * server (validation) and the desktop uploader (building requests). See /work/notes/upload-contract.md.
 */
import { z } from 'zod';

const uuid = z.uuid();
const name = z.string().trim().min(1).max(255);

export const RAW_FILE_MEDIUMS = ['desktop', 'watch', 'agent', 'web'] as const;

export const createRawFileItemSchema = z.object({
  index: z.number().int().min(0),
  name,
  size: z.number().int().positive(),
  /** The media type the client detected. */
  type: z
    .string()
    .max(255)
    .nullish()
    .transform((v) => v ?? ''),
  no_of_pages: z.number().int().min(0).nullish(),
  sha256: z.string().regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex digits'),
  idempotency_key: uuid,
});

export const createRawFileBodySchema = z.object({
  company_id: uuid,
  raw_file_medium: z.enum(RAW_FILE_MEDIUMS).nullish(),
  uploader_session_id: z.string().max(200).nullish(),
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

/** POST /raw-files/getRawFiles (spec section 7). uploadedAt is a day (YYYY-MM-DD, UTC). */
export const rawFileListQuerySchema = z.object({
  companyIds: z.array(uuid).max(200).optional(),
  searchQuery: z.string().max(255).optional(),
  search: z.string().max(255).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
  status: oneOrMany(z.string().min(1).max(64)).optional(),
  uploadedAt: z.iso.date().optional(),
  uploadedBy: oneOrMany(uuid).optional(),
  userId: uuid.optional(),
  minPages: z.number().int().min(0).optional(),
  maxPages: z.number().int().min(0).optional(),
  sortBy: z.enum(RAW_FILE_SORT_COLUMNS).default('created_at'),
  sortOrder: z
    .string()
    .transform((v) => v.toLowerCase())
    .pipe(z.enum(['asc', 'desc']))
    .default('desc'),
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
  status: z.string().min(1).max(64),
  files: z
    .array(
      z.object({
        name,
        size: z.number().int().min(0).optional(),
        raw_file_id: uuid.optional(),
        status: z.string().max(64).optional(),
        error: z.string().max(1000).optional(),
      }),
    )
    .min(1)
    .max(1000),
});

export const updateRawFileStatusSchema = z.object({
  id: z.string(),
  status: z.string().trim().min(1).max(64),
  url: z.string().max(2048).nullish(),
  session_id: z.string().max(200).nullish(),
});

export const addRawFileLogSchema = z.object({
  raw_file_id: z.string(),
  field: z.string().trim().min(1).max(100),
  original_value: z.string().max(2000).nullish(),
  updated_value: z.string().max(2000).nullish(),
  action_type: z.string().trim().min(1).max(100),
});
