/**
 * Dates in the company's chosen date_format (tokens YYYY, MMM, MM, M, DD, D), in local time.
 * Unknown text in the format is kept as written; an unreadable date is shown as given. A date
 * without a time (YYYY-MM-DD) is written with formatDay of src/shared/documents instead.
 */
import { formatDayParts } from '../../shared/documents';

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment's local day in the company format (the tokens are written by src/shared/documents). */
export function formatDate(value: string | Date, format: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return formatDayParts(
    { year: date.getFullYear(), month: date.getMonth() + 1, day: date.getDate() },
    format,
  );
}

/** Date in the company format plus the local time, e.g. "03/14/2025 09:05". */
export function formatDateTime(value: string | Date, format: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return `${formatDate(date, format)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
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
