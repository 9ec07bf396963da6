/**
 * The one home of what a list filter may hold, for the renderer's filter forms (the document
 * center and the raw-file list, which say what is wrong next to the field and send nothing while
 * a filter is wrong) and for the server's list inputs (GraphQL ProcessedFileFilters and POST
 * /raw-files/getRawFiles, which refuse the same values). Days follow the day rule of
 * src/shared/documents (a real day, years 1900 to 2099); a person types them in the company's
 * date_format (YYYY-MM-DD is understood too). A range's end may not be before its start. Page
 * counts are whole numbers from 0 to MAX_PAGES_FILTER.
 */
import { z } from 'zod';
import { DAY_YEARS, calendarDay, dayOf, isCalendarDay } from '../documents/days';

/** The largest page count a filter accepts (far beyond any real upload). */
export const MAX_PAGES_FILTER = 100_000;

export const PAGES_MESSAGE = `Enter a whole number of pages from 0 to ${MAX_PAGES_FILTER.toLocaleString('en-US')}.`;
export const RANGE_MESSAGE = 'The end date is before the start date.';
export const PAGES_RANGE_MESSAGE = 'The maximum is below the minimum.';

/** What a person is told about a day they typed in a filter, in their company's format. */
export function filterDayMessage(format: string): string {
  return `Enter a real date as ${format}, in the years ${DAY_YEARS.first} to ${DAY_YEARS.last}.`;
}

/** A day sent to a server list filter (YYYY-MM-DD by the day rule). */
export const filterDay = calendarDay(filterDayMessage('YYYY-MM-DD'));

/** The first and the last instant a filter may name: a day of DAY_YEARS in any time zone. */
const FIRST_INSTANT = Date.UTC(DAY_YEARS.first, 0, 1) - 86_400_000;
const LAST_INSTANT = Date.UTC(DAY_YEARS.last + 1, 0, 1) + 86_400_000;

/** An instant sent to a server list filter (the renderer sends a local day's first/last instant). */
export const filterInstant = z.iso
  .datetime({ offset: true, error: 'must be an ISO date-time with a time zone' })
  .refine(
    (value) => {
      const time = Date.parse(value);
      return time >= FIRST_INSTANT && time < LAST_INSTANT;
    },
    { error: `must lie in the years ${DAY_YEARS.first} to ${DAY_YEARS.last}` },
  );

export const filterDayOrInstant = z.union([filterDay, filterInstant], {
  error: `must be a date (YYYY-MM-DD) or an ISO date-time with a time zone, in the years ${DAY_YEARS.first} to ${DAY_YEARS.last}`,
});

/** A page count sent to a server list filter: a whole number 0..MAX_PAGES_FILTER. */
export const filterPages = z
  .number({ error: PAGES_MESSAGE })
  .int({ error: PAGES_MESSAGE })
  .min(0, { error: PAGES_MESSAGE })
  .max(MAX_PAGES_FILTER, { error: PAGES_MESSAGE });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * A day typed in the company's date_format (tokens YYYY, MMM, MM, M, DD, D) or as YYYY-MM-DD,
 * as YYYY-MM-DD when it is one by the day rule, else null. Spaces around it are ignored; month
 * names are read in any case; day and month may drop their leading zero.
 */
export function parseFilterDay(typed: string, format: string): string | null {
  const value = typed.trim().replace(/\s+/g, ' ');
  if (isCalendarDay(value)) return value;
  const order: Array<'year' | 'month' | 'monthName' | 'day'> = [];
  const source = format
    .split(/(YYYY|MMM|MM|M|DD|D)/)
    .map((part) => {
      switch (part) {
        case 'YYYY':
          order.push('year');
          return '(\\d{4})';
        case 'MMM':
          order.push('monthName');
          return '([A-Za-z]{3})';
        case 'MM':
        case 'M':
          order.push('month');
          return '(\\d{1,2})';
        case 'DD':
        case 'D':
          order.push('day');
          return '(\\d{1,2})';
        default:
          return escape(part.replace(/\s+/g, ' '));
      }
    })
    .join('');
  const match = new RegExp(`^${source}$`).exec(value);
  if (!match) return null;
  const parts = { year: NaN, month: NaN, day: NaN };
  order.forEach((part, index) => {
    const text = match[index + 1] ?? '';
    if (part === 'monthName') parts.month = MONTHS.indexOf(text.toLowerCase()) + 1;
    else parts[part] = Number(text);
  });
  return parts.month >= 1 ? dayOf(parts.year, parts.month, parts.day) : null;
}

/** Why a typed filter day is wrong ('' for none), in the company's format; undefined when fine. */
export function filterDayProblem(typed: string, format: string): string | undefined {
  if (typed.trim() === '') return undefined;
  return parseFilterDay(typed, format) ? undefined : filterDayMessage(format);
}

/** Whether two given days (YYYY-MM-DD) make a backwards range. */
export function isBackwardsDays(from: string | null, to: string | null): boolean {
  return from !== null && to !== null && from > to;
}

/** Why a typed page count is wrong ('' for none); undefined when fine. */
export function filterPagesProblem(typed: string): string | undefined {
  const value = typed.trim();
  if (value === '') return undefined;
  if (!/^\d+$/.test(value)) return PAGES_MESSAGE;
  return filterPages.safeParse(Number(value)).success ? undefined : PAGES_MESSAGE;
}

/** A typed page count as a number when it is one by the rule above, else undefined. */
export function parseFilterPages(typed: string): number | undefined {
  const value = typed.trim();
  return value !== '' && filterPagesProblem(value) === undefined ? Number(value) : undefined;
}

/** The problems of a typed day range, by end; a backwards range is the end's problem. */
export function dayRangeProblems(
  from: string,
  to: string,
  format: string,
): { from?: string; to?: string } {
  const fromProblem = filterDayProblem(from, format);
  const toProblem = filterDayProblem(to, format);
  if (fromProblem || toProblem) return { from: fromProblem, to: toProblem };
  const start = from.trim() ? parseFilterDay(from, format) : null;
  const end = to.trim() ? parseFilterDay(to, format) : null;
  return isBackwardsDays(start, end) ? { to: RANGE_MESSAGE } : {};
}

/** Whether a form's problems (field to message, fields without one left out) hold any. */
export function hasProblems(problems: object): boolean {
  return Object.keys(problems).length > 0;
}
