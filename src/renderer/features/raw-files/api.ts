/**
 * The raw-file list over REST (POST /raw-files/getRawFiles, spec section 7): the filters GraphQL
 * does not take (status, upload day and range, uploader, page range, review state, document type,
 * CRM sync, sort; built in ./filters) and the counts by status bucket in the same answer. Answers
 * are checked with zod.
 */
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { readErrorCode } from '../../app/errors';

export {
  DEFAULT_FILTERS,
  listBody,
  RAW_FILES_PAGE_SIZE,
  type RawFileFilters,
  type SortBy,
} from './filters';

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
  processing: z.number(),
  processed: z.number(),
});

const ListAnswer = z.object({
  data: z.object({ rawFiles: z.array(RawFileRow), total: z.number(), counts: RawFileCounts }),
});
export type RawFileList = z.infer<typeof ListAnswer>['data'];

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
