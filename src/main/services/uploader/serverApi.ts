/**
 * The uploader's calls to the LexDesk server besides tus (see notes/upload-contract.md):
 * register a raw file (idempotent), read a raw file's status, mark one failed, sign in (agent).
 * Every answer is checked (zod for REST, the operation's selection against the schema for GraphQL,
 * operations.ts); failures come back as UploadError of the right kind.
 */
import { print } from 'graphql';
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { checkResult } from '../../../shared/graphql/check';
import type { TadaDocumentNode } from '../../../shared/graphql/graphql';
import { errorFromResponse, errorFromThrown, UploadError } from './errors';
import {
  AGENT_SIGN_IN_MUTATION,
  UPLOADER_FAILED_MUTATION,
  UPLOADER_RAW_FILE_QUERY,
} from './operations';

export interface ServerConnection {
  /** Base URL without a trailing slash. */
  serverUrl: string;
  token: string;
}

export interface ApiOptions {
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export const CREATE_RAW_FILE_PATH = '/processed-legal-file/createRawFile';
export const GRAPHQL_PATH = '/graphql';
export const TUS_PATH = '/uploads';

export type RawFileMedium = 'desktop' | 'watch' | 'agent' | 'web';

export interface RegisterFile {
  name: string;
  size: number;
  mime: string;
  sha256: string;
  idempotencyKey: string;
}

const RawFile = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  name: z.string(),
  size: z.number(),
  status: z.string(),
});
export type RegisteredRawFile = z.infer<typeof RawFile>;

const CreateAnswer = z.object({
  data: z.array(z.object({ index: z.number(), created: z.boolean(), raw_file: RawFile })).length(1),
});

async function post(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  options: ApiOptions,
): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    throw errorFromThrown(error, options.signal);
  }
}

async function json<T>(response: Response, schema: z.ZodType<T>, what: string): Promise<T> {
  let parsed;
  try {
    parsed = schema.safeParse(await response.json());
  } catch {
    throw new UploadError('transient', 'BAD_ANSWER', `${what}: the server's answer was not JSON.`);
  }
  if (!parsed.success) {
    throw new UploadError('transient', 'BAD_ANSWER', `${what}: the server's answer was malformed.`);
  }
  return parsed.data;
}

/** POST createRawFile for one file; the same idempotency key always gives the same raw file. */
export async function createRawFile(
  connection: ServerConnection,
  input: { companyId: string; medium: RawFileMedium; file: RegisterFile },
  options: ApiOptions,
): Promise<RegisteredRawFile> {
  const response = await post(
    `${connection.serverUrl}${CREATE_RAW_FILE_PATH}`,
    {
      company_id: input.companyId,
      raw_file_medium: input.medium,
      files: [
        {
          index: 0,
          name: input.file.name,
          size: input.file.size,
          type: input.file.mime,
          sha256: input.file.sha256,
          idempotency_key: input.file.idempotencyKey,
        },
      ],
    },
    { Authorization: `Bearer ${connection.token}` },
    options,
  );
  if (!response.ok) throw await errorFromResponse(response, ERRORS.CREATE_RAW_FILE_FAILED);
  const answer = await json(response, CreateAnswer, ERRORS.CREATE_RAW_FILE_FAILED);
  const [entry] = answer.data;
  if (!entry) throw new UploadError('transient', 'BAD_ANSWER', ERRORS.CREATE_RAW_FILE_FAILED);
  return entry.raw_file;
}

const GraphqlAnswer = z.object({
  data: z.record(z.string(), z.unknown()).nullable().optional(),
  errors: z
    .array(
      z.object({
        message: z.string(),
        extensions: z.object({ code: z.string().optional() }).loose().optional(),
      }),
    )
    .optional(),
});

/** GraphQL answers an ended session in the body (HTTP 200); sort it like a REST 401. */
const SESSION_CODES: ReadonlySet<string> = new Set(['SESSION_EXPIRED', 'NOT_AUTHENTICATED']);

/**
 * Sends one operation (operations.ts). Data that does not fit the operation's selection in the
 * schema is `badAnswer`.
 */
async function graphql<Data, Variables>(
  connection: { serverUrl: string; token?: string },
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
  options: ApiOptions,
  badAnswer: () => UploadError,
): Promise<Data> {
  const response = await post(
    `${connection.serverUrl}${GRAPHQL_PATH}`,
    { query: print(document), variables },
    connection.token ? { Authorization: `Bearer ${connection.token}` } : {},
    options,
  );
  if (!response.ok && response.status !== 400) {
    throw await errorFromResponse(response, 'The server refused the request.');
  }
  const answer = await json(response, GraphqlAnswer, 'GraphQL');
  const first = answer.errors?.[0];
  const code = first?.extensions?.code;
  if (code !== undefined && SESSION_CODES.has(code)) {
    throw new UploadError(
      'transient',
      'UNAUTHENTICATED',
      'Sign in again to continue uploading.',
      401,
    );
  }
  if (first || !answer.data) {
    throw new UploadError('permanent', 'GRAPHQL_ERROR', first?.message ?? 'No data.');
  }
  if (checkResult(document, answer.data, variables ?? {}).length > 0) throw badAnswer();
  return answer.data as Data;
}

/** GraphQL rawFile(id): its status (used when the final PATCH answer was lost). */
export async function readRawFileStatus(
  connection: ServerConnection,
  id: string,
  options: ApiOptions,
): Promise<string> {
  const badAnswer = () => new UploadError('transient', 'BAD_ANSWER', ERRORS.FETCH_RAW_FILE_FAILED);
  const data = await graphql(connection, UPLOADER_RAW_FILE_QUERY, { id }, options, badAnswer);
  if (!data.rawFile) throw badAnswer();
  return data.rawFile.status;
}

/** Client-side permanent failure (file gone, changed, cancelled): status Uploading_Failed. */
export async function markRawFileFailed(
  connection: ServerConnection,
  id: string,
  options: ApiOptions,
): Promise<void> {
  await graphql(
    connection,
    UPLOADER_FAILED_MUTATION,
    { id, status: 'Uploading_Failed' },
    options,
    () => new UploadError('transient', 'BAD_ANSWER', 'The server gave a malformed answer.'),
  );
}

/** GraphQL signIn for the headless agent; returns the session token. */
export async function signIn(
  serverUrl: string,
  credentials: { email: string; password: string },
  options: ApiOptions,
): Promise<string> {
  const badAnswer = () => new UploadError('permanent', 'BAD_ANSWER', ERRORS.FAILED_TO_AUTHENTICATE);
  const data = await graphql(
    { serverUrl },
    AGENT_SIGN_IN_MUTATION,
    credentials,
    options,
    badAnswer,
  );
  if (data.signIn.token === '') throw badAnswer();
  return data.signIn.token;
}
