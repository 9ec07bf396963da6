/**
 * Dates in the company's chosen date_format (tokens YYYY, MMM, MM, M, DD, D), in local time, and
 * a moment's time of day in the user's own locale (9:05 AM, 09:05). Unknown text in the format is
 * kept as written; an unreadable date is shown as given. A date without a time (YYYY-MM-DD) is
 * written with formatDay of src/shared/documents instead. Every date and timestamp on screen
 * outside the filters goes through here.
 */
import { DATE_FIELDS, formatDay, formatDayParts } from '../../shared/documents';

const DAY_FIELDS: ReadonlySet<string> = new Set(DATE_FIELDS);

/** A moment's local day in the company format (the tokens are written by src/shared/documents). */
export function formatDate(value: string | Date, format: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatDayParts(
    { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() },
    format,
  );
}

/** The time of day in the user's locale (`locale` only for tests): "9:05 AM", "09:05". */
export function formatTime(value: string | Date, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return date.toLocaleTimeString(locale, { timeStyle: 'short' });
}

/** Date in the company format plus the time in the user's locale, e.g. "03/14/2025 9:05 AM". */
export function formatDateTime(value: string | Date, format: string, locale?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date, format)} ${formatTime(date, locale)}`;
}

/** A moment as the server writes it (ISO 8601 with a time and a zone). */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A value a log holds, as shown: a calendar day of a date field in the company format, a moment
 * (reviewed at, deleted at) in the company format with the local time, anything else as written.
 */
export function formatLoggedValue(field: string, value: string, format: string): string {
  if (DAY_FIELDS.has(field)) return formatDay(value, format);
  if (TIMESTAMP.test(value)) return formatDateTime(value, format);
  return value;
}

export function fullName(person: { first_name: string; last_name: string }): string {
  return `${person.first_name} ${person.last_name}`.trim();
}

export function initials(person: { first_name: string; last_name: string }): string {
  return `${person.first_name.charAt(0)}${person.last_name.charAt(0)}`.toUpperCase() || '?';
}

/** Turns a server-relative asset path (e.g. /files/…) into a URL on the server. */
export function serverAssetUrl(serverUrl: string, path: string | null): string | null {
  if (!path) return null;
  try {
    return new URL(path, serverUrl.endsWith('/') ? serverUrl : `${serverUrl}/`).toString();
  } catch {
    return null;
  }
}

/** A file's size as people read it: 512 B, 1.5 KB, 2.0 MB (task request files, chat attachments). */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
