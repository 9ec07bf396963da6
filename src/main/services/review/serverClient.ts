/**
 * Main's calls to the LexDesk server for offline review: the two mutations the outbox sends,
 * the viewer's id (whose cache and outbox these are), and GET /health (operations.ts holds the
 * GraphQL). Every answer is checked (zod for the envelope, the operation's own selection against
 * the schema for its data) and sorted into what the sync loop does next; the token is only ever
 * put in the Authorization header, never in a message or a log line.
 */
import { print } from 'graphql';
import { z } from 'zod';
import { checkResult } from '../../../shared/graphql/check';
import type { ResultOf, TadaDocumentNode } from '../../../shared/graphql/graphql';
import type { DocumentChange } from '../../../shared/documents';
import type { ReviewConflictField } from '../../../shared/ipc/review';
import type { Json } from './apply';
import {
  OUTBOX_MARK_REVIEWED_MUTATION,
  OUTBOX_UPDATE_MUTATION,
  OUTBOX_VIEWER_QUERY,
} from './operations';

export interface Connection {
  /** Base URL without a trailing slash. */
  serverUrl: string;
  token: string;
}

export interface CallOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
  /** Aborts the call (the app is closing): it then counts as unreachable. */
  signal?: AbortSignal;
}

function signalOf(options: CallOptions, defaultTimeoutMs: number): AbortSignal {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? defaultTimeoutMs);
  return options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
}

export type SendResult =
  | { kind: 'saved'; file: Json }
  | { kind: 'conflict'; conflicts: ReviewConflictField[]; file: Json }
  /** No answer (refused, reset, timed out): the server is unreachable. */
  | { kind: 'unreachable'; message: string }
  /** The session ended: keep the item until the user signs in again. */
  | { kind: 'session'; message: string }
  /** The server failed (5xx, a malformed answer, an internal error): try again later. */
  | { kind: 'retry'; message: string }
  /** The server refused the change (invalid value, document gone, no permission). */
  | { kind: 'refused'; message: string };

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

const SESSION_CODES: ReadonlySet<string> = new Set([
  'NOT_AUTHENTICATED',
  'SESSION_EXPIRED',
  'ACCOUNT_DEACTIVATED',
]);

/** Codes that mean the server failed, not that it refused this change. */
const SERVER_FAILURE_CODES: ReadonlySet<string> = new Set([
  'INTERNAL_SERVER_ERROR',
  'UPDATE_PROCESSED_FILE_FAILED',
  'FETCH_PROCESSED_FILE_FAILED',
]);

const describe = (error: unknown): string =>
  error instanceof Error
    ? error.cause instanceof Error
      ? error.cause.message
      : error.message
    : String(error);

type Raw<Data> =
  { kind: 'answer'; data: Data } | Exclude<SendResult, { kind: 'saved' | 'conflict' }>;

const MALFORMED = "The server's answer was malformed.";

/** Sends one operation; an answer whose data does not fit the operation's selection is a retry. */
async function graphql<Data, Variables>(
  connection: Connection,
  document: TadaDocumentNode<Data, Variables>,
  variables: Variables,
  options: CallOptions,
): Promise<Raw<Data>> {
  const query = print(document);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(`${connection.serverUrl}/graphql`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${connection.token}`,
      },
      body: JSON.stringify({ query, variables }),
      signal: signalOf(options, 15_000),
    });
  } catch (error) {
    return {
      kind: 'unreachable',
      message: `The server could not be reached (${describe(error)}).`,
    };
  }
  if (response.status >= 500 || response.status === 429) {
    await response.body?.cancel();
    return { kind: 'retry', message: `The server answered ${response.status}.` };
  }
  let parsed;
  try {
    parsed = GraphqlAnswer.safeParse(await response.json());
  } catch {
    return { kind: 'retry', message: "The server's answer was not JSON." };
  }
  if (!parsed.success) return { kind: 'retry', message: MALFORMED };
  const first = parsed.data.errors?.[0];
  const code = first?.extensions?.code;
  if (code !== undefined && SESSION_CODES.has(code)) {
    return { kind: 'session', message: first?.message ?? 'Sign in again.' };
  }
  const data = parsed.data.data;
  if (data && (!first || Object.values(data).some((value) => value !== null))) {
    const problems = checkResult(document, data, variables ?? {});
    if (problems.length > 0) return { kind: 'retry', message: MALFORMED };
    return { kind: 'answer', data: data as Data };
  }
  if (first && (code === undefined || !SERVER_FAILURE_CODES.has(code))) {
    return { kind: 'refused', message: first.message };
  }
  return { kind: 'retry', message: first?.message ?? 'The server gave no answer.' };
}

export async function sendUpdate(
  connection: Connection,
  input: { id: string; changes: DocumentChange; base: DocumentChange },
  options: CallOptions = {},
): Promise<SendResult> {
  const raw = await graphql(connection, OUTBOX_UPDATE_MUTATION, input, options);
  if (raw.kind !== 'answer') return raw;
  const { saved, conflicts, file } = raw.data.updateProcessedFile;
  if (saved) return { kind: 'saved', file: asJson(file) };
  if (conflicts.length === 0) {
    return { kind: 'retry', message: 'The server did not save the change and named no conflict.' };
  }
  return { kind: 'conflict', conflicts: conflicts.map(conflictOf), file: asJson(file) };
}

/** A checked answer's document, as the plain record the review cache merges. */
function asJson(file: object): Json {
  return { ...file };
}

function conflictOf(
  conflict: ResultOf<typeof OUTBOX_UPDATE_MUTATION>['updateProcessedFile']['conflicts'][number],
): ReviewConflictField {
  return { ...conflict };
}

export async function sendMarkReviewed(
  connection: Connection,
  id: string,
  options: CallOptions = {},
): Promise<SendResult> {
  const raw = await graphql(connection, OUTBOX_MARK_REVIEWED_MUTATION, { id }, options);
  if (raw.kind !== 'answer') return raw;
  return { kind: 'saved', file: asJson(raw.data.markProcessedFileReviewed) };
}

export type ViewerResult =
  { kind: 'user'; userId: string } | Exclude<SendResult, { kind: 'saved' | 'conflict' }>;

/** Whose session the token is. A null viewer means the session is over. */
export async function fetchViewerId(
  connection: Connection,
  options: CallOptions = {},
): Promise<ViewerResult> {
  const raw = await graphql(connection, OUTBOX_VIEWER_QUERY, {}, options);
  if (raw.kind === 'answer') {
    if (!raw.data.viewer) return { kind: 'session', message: 'Sign in again.' };
    return { kind: 'user', userId: raw.data.viewer.user.id };
  }
  // `viewer` answers null data for a missing session: that is a session end, not a refusal.
  if (raw.kind === 'refused') return { kind: 'session', message: raw.message };
  return raw;
}

/** GET /health: true when the server and its database answer. */
export async function checkHealth(serverUrl: string, options: CallOptions = {}): Promise<boolean> {
  try {
    const response = await (options.fetch ?? fetch)(`${serverUrl}/health`, {
      signal: signalOf(options, 5_000),
    });
    await response.body?.cancel();
    return response.ok;
  } catch {
    return false;
  }
}
