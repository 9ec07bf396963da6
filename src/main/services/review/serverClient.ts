/**
 * Main's calls to the LexDesk server for offline review: the two mutations the outbox sends,
 * the viewer's id (whose cache and outbox these are), and GET /health. Every answer is checked
 * with zod and sorted into what the sync loop does next; the token is only ever put in the
 * Authorization header, never in a message or a log line.
 */
import { z } from 'zod';
import type { DocumentChange } from '../../../shared/documents';
import { ReviewConflictField } from '../../../shared/ipc/review';
import type { Json } from './apply';

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

/**
 * The ProcessedFile fields main asks for in answers; they are merged over the copy the renderer
 * cached (which may hold more). No content, search vector, snippet or rank.
 */
export const DOCUMENT_FIELDS = `id name url legal_file_type_id
  legal_file_type { id name company_id legal_document_folder { id name hex_code } }
  legal_raw_file_id raw_file_name raw_file_uploaded_at company_id created_at updated_at
  case_number adj_number eams_number claim_number wcab_number date_of_injury date_of_injury_end
  date_of_incident applicant defendant crm_case_id legal_case_id is_exception exception_reasons
  is_deleted deleted_at start_page_no end_page_no split_confidence type_confidence action_status
  secondary_action_status third_party_review_status qa_status sync_status are_workflows_run
  document_synced separated_at reviewed_at reviewed_by edited_fields version`;

const UPDATE_MUTATION = `mutation ReviewOutboxUpdate($id: ID!, $changes: ProcessedFileChanges!, $base: ProcessedFileChanges) {
  updateProcessedFile(id: $id, changes: $changes, base: $base) {
    saved
    conflicts { field base_value server_value your_value }
    file { ${DOCUMENT_FIELDS} }
  }
}`;

const MARK_REVIEWED_MUTATION = `mutation ReviewOutboxMarkReviewed($id: ID!) {
  markProcessedFileReviewed(id: $id) { ${DOCUMENT_FIELDS} }
}`;

const VIEWER_QUERY = 'query ReviewOutboxViewer { viewer { user { id } } }';

const FileAnswer = z.object({ id: z.string(), company_id: z.string() }).loose();

const UpdateAnswer = z.object({
  saved: z.boolean(),
  conflicts: z.array(ReviewConflictField),
  file: FileAnswer,
});

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

type Raw =
  | { kind: 'answer'; data: Record<string, unknown> }
  | Exclude<SendResult, { kind: 'saved' | 'conflict' }>;

async function graphql(
  connection: Connection,
  query: string,
  variables: Record<string, unknown>,
  options: CallOptions,
): Promise<Raw> {
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
  if (!parsed.success) return { kind: 'retry', message: "The server's answer was malformed." };
  const first = parsed.data.errors?.[0];
  const code = first?.extensions?.code;
  if (code !== undefined && SESSION_CODES.has(code)) {
    return { kind: 'session', message: first?.message ?? 'Sign in again.' };
  }
  const data = parsed.data.data;
  if (data && (!first || Object.values(data).some((value) => value !== null))) {
    return { kind: 'answer', data };
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
  const raw = await graphql(connection, UPDATE_MUTATION, input, options);
  if (raw.kind !== 'answer') return raw;
  const answer = UpdateAnswer.safeParse(raw.data.updateProcessedFile);
  if (!answer.success) return { kind: 'retry', message: "The server's answer was malformed." };
  const { saved, conflicts, file } = answer.data;
  if (saved) return { kind: 'saved', file };
  if (conflicts.length === 0) {
    return { kind: 'retry', message: 'The server did not save the change and named no conflict.' };
  }
  return { kind: 'conflict', conflicts, file };
}

export async function sendMarkReviewed(
  connection: Connection,
  id: string,
  options: CallOptions = {},
): Promise<SendResult> {
  const raw = await graphql(connection, MARK_REVIEWED_MUTATION, { id }, options);
  if (raw.kind !== 'answer') return raw;
  const file = FileAnswer.safeParse(raw.data.markProcessedFileReviewed);
  if (!file.success) return { kind: 'retry', message: "The server's answer was malformed." };
  return { kind: 'saved', file: file.data };
}

export type ViewerResult =
  { kind: 'user'; userId: string } | Exclude<SendResult, { kind: 'saved' | 'conflict' }>;

const ViewerAnswer = z.object({
  viewer: z.object({ user: z.object({ id: z.string() }) }).nullable(),
});

/** Whose session the token is. A null viewer means the session is over. */
export async function fetchViewerId(
  connection: Connection,
  options: CallOptions = {},
): Promise<ViewerResult> {
  const raw = await graphql(connection, VIEWER_QUERY, {}, options);
  if (raw.kind === 'answer') {
    const parsed = ViewerAnswer.safeParse(raw.data);
    if (!parsed.success) return { kind: 'retry', message: "The server's answer was malformed." };
    if (!parsed.data.viewer) return { kind: 'session', message: 'Sign in again.' };
    return { kind: 'user', userId: parsed.data.viewer.user.id };
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
