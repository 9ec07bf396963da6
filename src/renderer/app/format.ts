/**
 * Dates in the company's chosen date_format (tokens YYYY, MMM, MM, M, DD, D), in local time.
 * Unknown text in the format is kept as written; an unreadable date is shown as given.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const pad = (value: number) => String(value).padStart(2, '0');

export function formatDate(value: string | Date, format: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return format.replace(/YYYY|MMM|MM|M|DD|D/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(date.getFullYear());
      case 'MMM':
        return MONTHS[date.getMonth()] ?? '';
      case 'MM':
        return pad(date.getMonth() + 1);
      case 'M':
        return String(date.getMonth() + 1);
      case 'DD':
        return pad(date.getDate());
      default:
        return String(date.getDate());
    }
  });
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
