/**
 * The review queue's plain logic: its kinds (statusType) and how they read, the link that opens
 * a document "from the queue", which document comes next, whether a failure means "the server
 * cannot be reached" (then the desktop's cached queue is shown), and reading cached documents
 * back as queue rows.
 */
import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError } from '@apollo/client/errors';
import { parseFragmentValue } from '../../../shared/graphql/check';
import { REVIEW_QUEUE_ROW, type ReviewQueueRow } from './operations';

export const STATUS_TYPES = ['all', 'no_file_type', 'multi_case', 'needs_case_number'] as const;
export type StatusType = (typeof STATUS_TYPES)[number];

export const STATUS_TYPE_LABELS: Record<StatusType, string> = {
  all: 'All',
  no_file_type: 'No file type',
  multi_case: 'Multiple cases',
  needs_case_number: 'Needs case number',
};

/** Exception reasons as tags read. */
export const REASON_LABELS: Record<string, string> = {
  no_file_type: 'No file type',
  multi_case: 'Multiple cases',
  needs_case_number: 'Needs case number',
};

export function isStatusType(value: unknown): value is StatusType {
  return typeof value === 'string' && (STATUS_TYPES as readonly string[]).includes(value);
}

/** The queue named in an address's search part (`?queue=`), or null. */
export function queueFromSearch(search: string | URLSearchParams): StatusType | null {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const value = params.get('queue');
  return isStatusType(value) ? value : null;
}

/** The details screen of `id`, opened from queue `statusType` (so it can offer "next"). */
export function reviewDocumentPath(id: string, statusType: StatusType): string {
  return `/documents/${encodeURIComponent(id)}?queue=${statusType}`;
}

/**
 * The document to review after `currentId`. `fresh` is the queue as it is now; `previous` is the
 * order it had when the reviewer started on the current document (it may have left the queue
 * since, e.g. marked reviewed). The next one is the first document after the current one that is
 * still queued; past the end it wraps to the oldest still queued. Null when nothing else is left.
 */
export function pickNext(
  previous: readonly string[],
  fresh: readonly string[],
  currentId: string,
): string | null {
  const others = fresh.filter((id) => id !== currentId);
  if (others.length === 0) return null;
  const index = fresh.indexOf(currentId);
  if (index >= 0) return fresh[index + 1] ?? others[0] ?? null;
  const stillQueued = new Set(fresh);
  const from = previous.indexOf(currentId);
  if (from >= 0) {
    const after = previous.slice(from + 1).find((id) => stillQueued.has(id));
    if (after) return after;
  }
  return others[0] ?? null;
}

/**
 * True when the failure is "no answer from the server" (network down, server stopped), as opposed
 * to an answer that refuses (GraphQL errors, an HTTP error status).
 */
export function isOfflineError(error: unknown): boolean {
  if (!error) return false;
  if (CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error)) return false;
  if (ServerError.is(error))
    return error.statusCode === 502 || error.statusCode === 503 || error.statusCode === 504;
  if (error instanceof TypeError) return true;
  return (
    error instanceof Error &&
    /failed to fetch|network|load failed|ECONNREFUSED/i.test(error.message)
  );
}

/** What a cached document lacks of a queue row reads as empty (id, name and company_id it must have). */
const EMPTY_ROW_FIELDS: Omit<ReviewQueueRow, 'id' | 'name' | 'company_id'> = {
  url: '',
  version: 1,
  legal_file_type_id: null,
  legal_file_type: null,
  legal_raw_file_id: '',
  raw_file_name: '',
  raw_file_uploaded_at: '',
  created_at: '',
  updated_at: '',
  separated_at: '',
  case_number: [],
  adj_number: [],
  claim_number: [],
  eams_number: [],
  wcab_number: [],
  applicant: null,
  defendant: null,
  date_of_injury: null,
  date_of_injury_end: null,
  date_of_incident: null,
  legal_case_id: null,
  crm_case_id: null,
  start_page_no: 1,
  end_page_no: 1,
  split_confidence: null,
  type_confidence: null,
  is_exception: true,
  exception_reasons: [],
  action_status: '',
  edited_fields: [],
  recommended_cases: [],
};

/** A cached document as a queue row (missing list fields read as empty); null if unusable. */
export function rowFromCache(document: unknown): ReviewQueueRow | null {
  if (typeof document !== 'object' || document === null) return null;
  return parseFragmentValue(REVIEW_QUEUE_ROW, { ...EMPTY_ROW_FIELDS, ...document });
}

/** Whether a cached row belongs to queue `statusType` (the cache may hold the whole queue). */
export function inQueue(row: ReviewQueueRow, statusType: StatusType): boolean {
  return statusType === 'all' || row.exception_reasons.includes(statusType);
}

/** Oldest first, as the server lists the queue. */
export function oldestFirst(rows: readonly ReviewQueueRow[]): ReviewQueueRow[] {
  return [...rows].sort(
    (a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id),
  );
}
