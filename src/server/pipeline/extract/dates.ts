/**
 * Dates in documents: parsing single dates ("03/15/2023", "3/5/23", "March 5, 2023", "5 Mar
 * 2023", "2023-03-05", OCR'd "O3/l5/2O23"), checking they are real calendar days, and finding the
 * date of injury (a day or a cumulative-trauma period) and the date of incident by their labels.
 * All results are ISO yyyy-mm-dd.
 */
import { DIGITISH, cleanText, repairDigits } from './ocr';

const MONTHS: Readonly<Record<string, number>> = {
  jan: 1,
  feb: 2,
  mar: 3,
  apr: 4,
  may: 5,
  jun: 6,
  jul: 7,
  aug: 8,
  sep: 9,
  sept: 9,
  oct: 10,
  nov: 11,
  dec: 12,
};

const MONTH_NAME = String.raw`(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\.?`;
const D = `[${DIGITISH}]`;
const SEP = String.raw`[ ]?[\/.\-][ ]?`;

/** One date in any supported form; groups are not used, the text is parsed again by parseDate. */
export const DATE_PATTERN =
  `(?:\\d{4}-\\d{1,2}-\\d{1,2}` +
  `|${D}{1,2}${SEP}${D}{1,2}${SEP}(?:${D}{4}|${D}{2})` +
  `|${MONTH_NAME}[ ]?\\d{1,2}(?:st|nd|rd|th)?,?[ ]?\\d{4}` +
  `|\\d{1,2}(?:st|nd|rd|th)?[ ]${MONTH_NAME},?[ ]\\d{4})`;

/** Two-digit years up to this many years ahead of now are this century; the rest the last. */
const PIVOT_AHEAD = 1;

/** Expands a two-digit year: e.g. in 2025, "25" and "26" are 20xx and "27" is 1927. */
export function expandYear(yy: number, now: Date = new Date()): number {
  const thisYear = now.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const candidate = century + yy;
  return candidate > thisYear + PIVOT_AHEAD ? candidate - 100 : candidate;
}

/** Whether year-month-day is a real calendar day (leap years included), years 1900..2099. */
export function isRealDate(year: number, month: number, day: number): boolean {
  if (!Number.isInteger(year) || year < 1900 || year > 2099) return false;
  if (!Number.isInteger(month) || month < 1 || month > 12) return false;
  if (!Number.isInteger(day) || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return day <= (lengths[month - 1] ?? 0);
}

function iso(year: number, month: number, day: number): string | null {
  if (!isRealDate(year, month, day)) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function monthNumber(name: string): number | undefined {
  const key = name.toLowerCase().replace(/\.$/, '');
  return MONTHS[key.slice(0, key.startsWith('sept') ? 4 : 3)];
}

/**
 * Parses one date (US month-first for numeric forms) to ISO yyyy-mm-dd, or null when it is not a
 * real date. `now` only decides which century a two-digit year falls in.
 */
export function parseDate(input: string, now: Date = new Date()): string | null {
  const s = cleanText(input).trim().replace(/[.,]$/, '');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));

  m = new RegExp(`^(${D}{1,2})${SEP}(${D}{1,2})${SEP}(${D}{4}|${D}{2})$`).exec(s);
  if (m) {
    const parts = [m[1], m[2], m[3]].map((p) => repairDigits(p ?? ''));
    const [month, day, year] = parts;
    if (!month || !day || !year) return null;
    // Look-alikes are fine in a date, but not most of it.
    const repaired = month.repaired + day.repaired + year.repaired;
    if (repaired > 3) return null;
    const y = Number(year.digits);
    return iso(
      year.digits.length === 2 ? expandYear(y, now) : y,
      Number(month.digits),
      Number(day.digits),
    );
  }

  m = new RegExp(`^(${MONTH_NAME})[ ]?(\\d{1,2})(?:st|nd|rd|th)?,?[ ]?(\\d{4})$`, 'i').exec(s);
  if (m) {
    const month = monthNumber(m[1] ?? '');
    return month ? iso(Number(m[3]), month, Number(m[2])) : null;
  }

  m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?[ ](${MONTH_NAME}),?[ ](\\d{4})$`, 'i').exec(s);
  if (m) {
    const month = monthNumber(m[2] ?? '');
    return month ? iso(Number(m[3]), month, Number(m[1])) : null;
  }
  return null;
}

/** Every date in a piece of text, in order, as ISO strings (unparseable look-alikes skipped). */
export function findDates(text: string, now: Date = new Date()): string[] {
  const re = new RegExp(`(?<![A-Za-z0-9])${DATE_PATTERN}(?![0-9])`, 'gi');
  const out: string[] = [];
  for (const m of cleanText(text).matchAll(re)) {
    const d = parseDate(m[0], now);
    if (d) out.push(d);
  }
  return out;
}
