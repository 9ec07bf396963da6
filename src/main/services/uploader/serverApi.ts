/**
 * The uploader's calls to the LexDesk server besides tus (see notes/upload-contract.md):
 * register a raw file (idempotent), read a raw file's status, mark one failed, sign in (agent).
 * Every answer is checked with zod; failures come back as UploadError of the right kind.
 */
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { errorFromResponse, errorFromThrown, UploadError } from './errors';

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

async function graphql(
  connection: { serverUrl: string; token?: string },
  query: string,
  variables: Record<string, unknown>,
  options: ApiOptions,
): Promise<Record<string, unknown>> {
  const response = await post(
    `${connection.serverUrl}${GRAPHQL_PATH}`,
    { query, variables },
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
  return answer.data;
}

const StatusOnly = z.object({ id: z.union([z.string(), z.number()]), status: z.string() });

/** GraphQL rawFile(id): its status (used when the final PATCH answer was lost). */
export async function readRawFileStatus(
  connection: ServerConnection,
  id: string,
  options: ApiOptions,
): Promise<string> {
  const data = await graphql(
    connection,
    'query UploaderRawFile($id: ID!) { rawFile(id: $id) { id status } }',
    { id },
    options,
  );
  const parsed = StatusOnly.safeParse(data.rawFile);
  if (!parsed.success)
    throw new UploadError('transient', 'BAD_ANSWER', ERRORS.FETCH_RAW_FILE_FAILED);
  return parsed.data.status;
}

/** Client-side permanent failure (file gone, changed, cancelled): status Uploading_Failed. */
export async function markRawFileFailed(
  connection: ServerConnection,
  id: string,
  options: ApiOptions,
): Promise<void> {
  await graphql(
    connection,
    'mutation UploaderFailed($id: ID!, $status: String!) { updateRawFileStatus(id: $id, status: $status) { id status } }',
    { id, status: 'Uploading_Failed' },
    options,
  );
}

const SignedIn = z.object({ token: z.string().min(1) });

/** GraphQL signIn for the headless agent; returns the session token. */
export async function signIn(
  serverUrl: string,
  credentials: { email: string; password: string },
  options: ApiOptions,
): Promise<string> {
  const data = await graphql(
    { serverUrl },
    'mutation AgentSignIn($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }',
    credentials,
    options,
  );
  const parsed = SignedIn.safeParse(data.signIn);
  if (!parsed.success)
    throw new UploadError('permanent', 'BAD_ANSWER', ERRORS.FAILED_TO_AUTHENTICATE);
  return parsed.data.token;
}
