/**
 * The raw-file list over REST (POST /raw-files/getRawFiles, spec section 7): the filters GraphQL
 * does not take (status, upload day, uploader, page range, sort) and the counts by status bucket in
 * the same answer. Requests and answers are checked with zod.
 */
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { readErrorCode } from '../../app/errors';

export const RAW_FILES_PAGE_SIZE = 20;

export const RawFileRow = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number(),
  no_of_pages: z.number(),
  status: z.string(),
  created_at: z.string(),
  uploaded_by_user_name: z.string().nullable(),
  raw_file_medium: z.string().nullable(),
});
export type RawFileRow = z.infer<typeof RawFileRow>;

export const RawFileCounts = z.object({
  total: z.number(),
  uploading: z.number(),
  failed: z.number(),
  unaccessible: z.number(),
  processed: z.number(),
});

const ListAnswer = z.object({
  data: z.object({ rawFiles: z.array(RawFileRow), total: z.number(), counts: RawFileCounts }),
});
export type RawFileList = z.infer<typeof ListAnswer>['data'];

export type SortBy = 'created_at' | 'name' | 'size' | 'no_of_pages' | 'status';

export interface RawFileFilters {
  search: string;
  /** Statuses to show; empty = all. */
  status: string[];
  /** A day, YYYY-MM-DD, or ''. */
  uploadedAt: string;
  minPages: string;
  maxPages: string;
  onlyMine: boolean;
  sortBy: SortBy;
  sortOrder: 'asc' | 'desc';
}

export const DEFAULT_FILTERS: RawFileFilters = {
  search: '',
  status: [],
  uploadedAt: '',
  minPages: '',
  maxPages: '',
  onlyMine: false,
  sortBy: 'created_at',
  sortOrder: 'desc',
};

function pageCount(text: string): number | undefined {
  const value = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(value) && value >= 0 ? value : undefined;
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
  return {
    companyIds: [companyId],
    page,
    pageSize: RAW_FILES_PAGE_SIZE,
    sortBy: filters.sortBy,
    sortOrder: filters.sortOrder,
    ...(filters.search.trim() ? { searchQuery: filters.search.trim() } : {}),
    ...(filters.status.length > 0 ? { status: filters.status } : {}),
    ...(/^\d{4}-\d{2}-\d{2}$/.test(filters.uploadedAt) ? { uploadedAt: filters.uploadedAt } : {}),
    ...(minPages !== undefined ? { minPages } : {}),
    ...(maxPages !== undefined ? { maxPages } : {}),
    ...(filters.onlyMine ? { userId } : {}),
  };
}

export class RestError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null) {
    super(message);
    this.code = code;
  }
}

export async function fetchRawFiles(request: {
  serverUrl: string;
  token: string;
  body: Record<string, unknown>;
  fetchFn?: typeof fetch;
}): Promise<RawFileList> {
  const fetchFn = request.fetchFn ?? fetch;
  const response = await fetchFn(`${request.serverUrl}/raw-files/getRawFiles`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${request.token}` },
    body: JSON.stringify(request.body),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
    const parsed = error.safeParse(body);
    const coded = parsed.success ? readErrorCode(parsed.data.error) : null;
    throw new RestError(coded?.message ?? ERRORS.FETCH_RAW_FILES_FAILED, coded?.code ?? null);
  }
  const parsed = ListAnswer.safeParse(body);
  if (!parsed.success)
    throw new RestError(ERRORS.INVALID_RESPONSE_STRUCTURE, 'INVALID_RESPONSE_STRUCTURE');
  return parsed.data.data;
}
