/**
 * Calendar days on legal paper (dates of injury and incident, a case's dates), the one rule every
 * process uses: the server's edit and case inputs, the case import, the pipeline's date finder,
 * the renderer's forms and the desktop's outbox all ask `isCalendarDay` or `calendarDay()`.
 *
 * A day is written YYYY-MM-DD (zod's `z.iso.date()`: a real day, leap years included, so
 * 2025-02-29 is not one) and its year lies in DAY_YEARS, 1900 to 2099. Why that range: the
 * pipeline reads a two-digit year as 19xx or 20xx, and a year outside it on a workers'
 * compensation document is a misreading (OCR's 1023 for 2023) or a slip of the keyboard (0202,
 * 2202) far more often than a real date, so the forms refuse what the pipeline would never find.
 *
 * `formatDay` writes a day in the company's date_format without going through a Date, so a day
 * never moves across midnight with the time zone.
 */
import { z } from 'zod';

/** The first and the last year a day may have (both included). */
export const DAY_YEARS = { first: 1900, last: 2099 } as const;

export const DAY_MESSAGE = `Use a real date written YYYY-MM-DD, in the years ${DAY_YEARS.first} to ${DAY_YEARS.last}.`;

/** Whether a day may have this year (DAY_YEARS). */
export function isDayYear(year: number): boolean {
  return Number.isInteger(year) && year >= DAY_YEARS.first && year <= DAY_YEARS.last;
}

const inYearRange = (day: string): boolean => isDayYear(Number(day.slice(0, 4)));

/** A zod schema of one day: YYYY-MM-DD, a real calendar day, a year within DAY_YEARS. */
export const calendarDay = (message: string = DAY_MESSAGE) =>
  z.iso.date({ error: message }).refine(inYearRange, { error: message });

const daySchema = calendarDay();

/** Whether `value` is a day by the rule above ('2024-02-29' yes, '2025-02-29' no). */
export function isCalendarDay(value: string): boolean {
  return daySchema.safeParse(value).success;
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/**
 * The day year-month-day as YYYY-MM-DD when it is one by the rule above, else null: for code that
 * reads the parts from other writings (03/15/2023, March 15, 2023).
 */
export function dayOf(year: number, month: number, day: number): string | null {
  if (![year, month, day].every((part) => Number.isInteger(part) && part >= 0)) return null;
  if (year > 9999 || month > 99 || day > 99) return null;
  const iso = `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
  return isCalendarDay(iso) ? iso : null;
}

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * A date's parts in a company date_format (tokens YYYY, MMM, MM, M, DD, D; other text is kept as
 * written). `month` counts from 1.
 */
export function formatDayParts(
  parts: { year: number; month: number; day: number },
  format: string,
): string {
  return format.replace(/YYYY|MMM|MM|M|DD|D/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(parts.year);
      case 'MMM':
        return MONTH_NAMES[parts.month - 1] ?? '';
      case 'MM':
        return pad(parts.month, 2);
      case 'M':
        return String(parts.month);
      case 'DD':
        return pad(parts.day, 2);
      default:
        return String(parts.day);
    }
  });
}

/**
 * A YYYY-MM-DD day in the company's date_format; '' for none; any other text as given (it is not
 * a day, and showing it beats hiding it).
 */
export function formatDay(value: string | null | undefined, format: string): string {
  if (!value) return '';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return value;
  return formatDayParts(
    { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) },
    format,
  );
}
