/**
 * Words for offline review: the app-wide banner's text from the desktop's review status and
 * values as a person reads them. Field names read as src/shared/documents labels them.
 */
import { fieldLabel } from '../../../shared/documents';
import type { OutboxItem, ReviewStatus } from '../../../shared/ipc/review';
import { formatLoggedValue } from '../../app/format';

export const EMPTY_VALUE = '(empty)';

/** A value as a person reads it; ids are shown by name when `names` knows them. */
export function formatValue(value: unknown, names?: ReadonlyMap<string, string>): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (Array.isArray(value)) {
    return value.length === 0
      ? EMPTY_VALUE
      : value.map((entry) => formatValue(entry, names)).join(', ');
  }
  if (typeof value === 'string') return names?.get(value) ?? value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * One field's value in a conflict: a day of a date field in the company's date_format, a moment
 * with its local time, a type id by its name, anything else as formatValue writes it.
 */
export function formatFieldValue(
  field: string,
  value: unknown,
  dateFormat: string,
  names?: ReadonlyMap<string, string>,
): string {
  if (typeof value === 'string' && value !== '' && !names?.has(value)) {
    return formatLoggedValue(field, value, dateFormat);
  }
  return formatValue(value, names);
}

/** FieldConflict values are JSON-encoded. */
export function decodeValue(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return json;
  }
}

const plural = (count: number, one: string, many: string): string =>
  `${count} ${count === 1 ? one : many}`;

export const OFFLINE_TEXT =
  'Offline — changes are saved on this computer and sent when LexDesk can reach the server.';

export interface BannerView {
  tone: 'offline' | 'decision' | 'failed' | 'sending';
  message: string;
  /** Whether the outbox has something to show. */
  canOpen: boolean;
}

/** What the banner says, or null when all is well (online, nothing waiting). */
export function bannerView(status: ReviewStatus): BannerView | null {
  const failed = status.failed ?? 0;
  const decisions =
    status.conflicts > 0
      ? plural(status.conflicts, 'change needs your decision', 'changes need your decision')
      : '';
  if (!status.online) {
    const parts = [OFFLINE_TEXT];
    if (status.pending > 0) parts.push(`${status.pending} waiting.`);
    if (decisions) parts.push(`${decisions}.`);
    return {
      tone: 'offline',
      message: parts.join(' '),
      canOpen: status.pending + status.conflicts + failed > 0,
    };
  }
  if (status.conflicts > 0) return { tone: 'decision', message: decisions, canOpen: true };
  if (failed > 0) {
    return {
      tone: 'failed',
      message: plural(failed, 'change could not be sent', 'changes could not be sent'),
      canOpen: true,
    };
  }
  if (status.pending > 0) {
    if (status.signedIn === false) {
      return {
        tone: 'sending',
        message: `${plural(status.pending, 'change waits', 'changes wait')} until you sign in again.`,
        canOpen: true,
      };
    }
    return {
      tone: 'sending',
      message: `Sending ${plural(status.pending, 'change', 'changes')} to the server…`,
      canOpen: true,
    };
  }
  return null;
}

/** One line about an item's state for the outbox list. */
export function itemStateText(item: OutboxItem): string {
  switch (item.state) {
    case 'pending':
      return item.lastError
        ? `Waiting to be sent. Last try: ${item.lastError}`
        : 'Waiting to be sent';
    case 'sending':
      return 'Sending…';
    case 'conflict':
      return 'Someone changed the same fields on the server. Choose which value to keep.';
    case 'failed':
      return `The server refused this change: ${item.lastError ?? 'no reason given'}`;
  }
}

/** What an item does, for its heading: "Edit: Applicant, Defendant" or "Mark as reviewed". */
export function itemSummary(item: OutboxItem): string {
  if (item.kind === 'markReviewed') return 'Mark as reviewed';
  const fields = Object.keys(item.changes).map(fieldLabel);
  return fields.length > 0 ? `Edit: ${fields.join(', ')}` : 'Edit';
}

/** The reviewCacheMB setting's bounds (the contract's). */
export const CACHE_MB_MIN = 50;
export const CACHE_MB_MAX = 100_000;

function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb < 1) return `${Math.max(bytes > 0 ? 1 : 0, Math.round(bytes / 1024))} KB`;
  return `${mb < 10 ? mb.toFixed(1) : String(Math.round(mb))} MB`;
}

/** "12 documents (3.2 MB of 500 MB) kept for review without a connection. …" */
export function cacheUsageText(status: ReviewStatus): string {
  const limit = status.cacheLimitBytes;
  const used = `${sizeText(status.cacheBytes)}${limit ? ` of ${sizeText(limit)}` : ''}`;
  return `${plural(status.cachedDocuments, 'document', 'documents')} (${used}) kept for review without a connection. The least recently used go first when it is full.`;
}
