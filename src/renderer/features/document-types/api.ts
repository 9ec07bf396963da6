/**
 * The admin screen of document types over REST (spec section 7): GET
 * /admin/getLegalFileTypesForWorkflows?companyId lists folders and types, POST
 * /admin/update-file-type {id, data} changes one type. Answers are checked with zod; failures
 * become a RestError carrying the server's catalogue code and message (and field issues).
 */
import { z } from 'zod';
import { ERROR_SCREEN, ERRORS, formatError } from '../../../shared/errors';
import { describeError, readErrorCode } from '../../app/errors';

export const Folder = z.object({ id: z.string(), name: z.string(), hex_code: z.string() });
export type Folder = z.infer<typeof Folder>;

export const TypeRules = z.object({
  titles: z.array(z.string()),
  formNumbers: z.array(z.string()),
  keywords: z.array(z.object({ term: z.string(), weight: z.number() })),
});
export type TypeRules = z.infer<typeof TypeRules>;

const EMPTY_RULES: TypeRules = { titles: [], formNumbers: [], keywords: [] };

export const FileType = z.object({
  id: z.string(),
  key: z.string().nullable(),
  name: z.string(),
  legal_document_folder_id: z.string(),
  legal_document_folder: Folder,
  // A type whose stored rules are unreadable is still listed, with empty rules.
  rules: TypeRules.catch(EMPTY_RULES),
});
export type FileType = z.infer<typeof FileType>;

const ListAnswer = z.object({
  data: z.object({ folders: z.array(Folder), types: z.array(FileType) }),
});
export type FileTypeList = z.infer<typeof ListAnswer>['data'];

const UpdateAnswer = z.object({ data: FileType });

const ErrorAnswer = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  }),
});

export interface FileTypeChanges {
  name?: string;
  legal_document_folder_id?: string;
  rules?: TypeRules;
  folder?: { id: string; name?: string; hex_code?: string };
}

export class FileTypesError extends Error {
  readonly code: string | null;
  readonly issues: Array<{ path: string; message: string }>;
  constructor(
    message: string,
    code: string | null,
    issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.code = code;
    this.issues = issues;
  }
}

interface Connection {
  serverUrl: string;
  token: string;
  fetchFn?: typeof fetch;
}

async function call<T>(
  connection: Connection,
  path: string,
  init: RequestInit,
  answer: z.ZodType<{ data: T }>,
): Promise<T> {
  const fetchFn = connection.fetchFn ?? fetch;
  const response = await fetchFn(`${connection.serverUrl}${path}`, {
    ...init,
    headers: {
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      Authorization: `Bearer ${connection.token}`,
    },
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorAnswer.safeParse(body);
    const coded = parsed.success ? readErrorCode(parsed.data.error) : null;
    throw new FileTypesError(
      coded?.message ?? formatError('HTTP_ERROR_STATUS', { code: response.status }),
      coded?.code ?? null,
      parsed.success ? (parsed.data.error.issues ?? []) : [],
    );
  }
  const parsed = answer.safeParse(body);
  if (!parsed.success)
    throw new FileTypesError(ERRORS.INVALID_RESPONSE_STRUCTURE, 'INVALID_RESPONSE_STRUCTURE');
  return parsed.data.data;
}

export function fetchFileTypes(connection: Connection, companyId: string): Promise<FileTypeList> {
  const query = new URLSearchParams({ companyId });
  return call(
    connection,
    `/admin/getLegalFileTypesForWorkflows?${query.toString()}`,
    { method: 'GET' },
    ListAnswer,
  );
}

export function updateFileType(
  connection: Connection,
  id: string,
  data: FileTypeChanges,
): Promise<FileType> {
  return call(
    connection,
    '/admin/update-file-type',
    { method: 'POST', body: JSON.stringify({ id, data }) },
    UpdateAnswer,
  );
}

/** The text to show for a failed load or save of document types. */
export function describeFileTypesError(error: unknown): string {
  return describeError(
    error,
    error instanceof FileTypesError ? error.message : ERROR_SCREEN.description,
  );
}
