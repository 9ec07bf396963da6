/**
 * Dates in documents: parsing single dates ("03/15/2023", "3/5/23", "March 5, 2023", "5 Mar
 * 2023", "2023-03-05", OCR'd "O3/l5/2O23"), checking they are real calendar days, and finding the
 * date of injury (a day or a cumulative-trauma period) and the date of incident by their labels.
 * All results are ISO yyyy-mm-dd.
 */
import { dayOf, isDayYear } from '../../../shared/documents';
import { editDistance, letterForm } from './fuzzy';
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
  // A day or year in words' dates may hold look-alikes too ("December l7, 2O18"); a day that is
  // all look-alikes needs a space before it so "Decl" is not "Dec 1".
  `|${MONTH_NAME}(?:[ ]?\\d${D}?|[ ]${D}{1,2})(?:st|nd|rd|th)?,?[ ]?${D}{4}` +
  `|\\d{1,2}(?:st|nd|rd|th)?[ ]${MONTH_NAME},?[ ]\\d{4}` +
  // "3-Sep-20", "03-SEP-2020": a day, a month's short name and a year, hyphenated.
  `|\\d{1,2}-${MONTH_NAME}-(?:\\d{4}|\\d{2})(?![0-9]))`;

/** Two-digit years up to this many years ahead of now are this century; the rest the last. */
const PIVOT_AHEAD = 1;

/** Expands a two-digit year: e.g. in 2025, "25" and "26" are 20xx and "27" is 1927. */
export function expandYear(yy: number, now: Date = new Date()): number {
  const thisYear = now.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const candidate = century + yy;
  return candidate > thisYear + PIVOT_AHEAD ? candidate - 100 : candidate;
}

/**
 * Whether year-month-day is a day by the rule every process shares (src/shared/documents/days.ts:
 * a real calendar day, leap years included, in the years DAY_YEARS, 1900 to 2099). This file only
 * reads the parts out of free text.
 */
export function isRealDate(year: number, month: number, day: number): boolean {
  return dayOf(year, month, day) !== null;
}

/** Four digits naming a year of the shared range (DAY_YEARS). */
function isDayYearText(digits: string): boolean {
  return /^\d{4}$/.test(digits) && isDayYear(Number(digits));
}

function iso(year: number, month: number, day: number): string | null {
  return dayOf(year, month, day);
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

  m = new RegExp(`^(${MONTH_NAME})[ ]?(${D}{1,2})(?:st|nd|rd|th)?,?[ ]?(${D}{4})$`, 'i').exec(s);
  if (m) {
    const month = monthNumber(m[1] ?? '');
    const day = repairDigits(m[2] ?? '');
    const year = repairDigits(m[3] ?? '');
    if (!month || !day || !year || day.repaired + year.repaired > 2) return null;
    return iso(Number(year.digits), month, Number(day.digits));
  }

  m = new RegExp(`^(\\d{1,2})(?:st|nd|rd|th)?[ ](${MONTH_NAME}),?[ ](\\d{4})$`, 'i').exec(s);
  if (m) {
    const month = monthNumber(m[2] ?? '');
    return month ? iso(Number(m[3]), month, Number(m[1])) : null;
  }

  m = new RegExp(`^(\\d{1,2})-(${MONTH_NAME})-(\\d{4}|\\d{2})$`, 'i').exec(s);
  if (m) {
    const month = monthNumber(m[2] ?? '');
    const y = Number(m[3]);
    return month
      ? iso((m[3] ?? '').length === 2 ? expandYear(y, now) : y, month, Number(m[1]))
      : null;
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

const X = `[${DIGITISH}]`;
/** A separator as OCR may print it: doubled ("03//15"), or with a space either side. */
const LOOSE_SEP = String.raw`[ ]?(?:\/{1,2}|-{1,2}|\.)[ ]?`;
/** A day and a year that OCR split with one space ("1 5", "20 23"). */
const LOOSE_DAY = `(?:${X}[ ]?${X}|${X})`;
const LOOSE_YEAR = `(?:${X}{4}|${X}[ ]${X}{3}|${X}{2}[ ]${X}{2}|${X}{3}[ ]${X}|${X}[ ]?${X})`;
const DAMAGED_NUMERIC = new RegExp(
  `(?<![A-Za-z0-9])(${X}{1,2})(${LOOSE_SEP})(${LOOSE_DAY})(${LOOSE_SEP}|)(${LOOSE_YEAR})(?![0-9A-Za-z])`,
  'g',
);
const FULL_MONTHS = [
  'JANUARY',
  'FEBRUARY',
  'MARCH',
  'APRIL',
  'MAY',
  'JUNE',
  'JULY',
  'AUGUST',
  'SEPTEMBER',
  'OCTOBER',
  'NOVEMBER',
  'DECEMBER',
];
/**
 * A word right before a day and a four-digit year. The day may be glued on ("Decernber17") only
 * after a letter, so a word never takes the day's first digit ("Decernber1" + "7").
 */
const MAYBE_MONTH = new RegExp(
  `(?<![A-Za-z0-9])([A-Za-z0-9|!]{3,10})` +
    `(?=\\.?(?:[ ]${X}{1,2}|(?<=[A-Za-z.])\\d${X}?)(?:st|nd|rd|th)?,?[ ]?${X}{4}(?![0-9]))`,
  'g',
);

/**
 * The month a damaged month name stands for ("Decernber", "0ctober", "Ju1y"), when exactly one
 * month fits: the same first letter, then one edit away for the long names, letter for letter
 * (look-alikes read as letters) for May, June and July, which are one edit from each other.
 */
function repairMonthName(word: string): string | null {
  if (new RegExp(`^${MONTH_NAME}$`, 'i').test(word)) return null;
  // Mostly digits is a number, not a month.
  if ((word.match(/[0-9]/g) ?? []).length > 1) return null;
  const form = letterForm(word);
  const forms = [form, form.replace(/I/g, 'L')];
  let best: string | null = null;
  let bestDistance = 2;
  let tie = false;
  for (const month of FULL_MONTHS) {
    // The first letter must be right: "Smarch" is not March.
    if (form[0] !== month[0]) continue;
    const d = Math.min(...forms.map((f) => editDistance(f, month, 1)));
    if (d > (month.length <= 4 ? 0 : 1)) continue;
    if (d < bestDistance) {
      best = month;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  if (!best || tie) return null;
  return best.charAt(0) + best.slice(1).toLowerCase();
}

/**
 * Rewrites dates that OCR damaged beyond what DATE_PATTERN reads, so the finders can read them:
 * a space inside the day or year ("03/1 5/2023", "03/15/20 23"), a doubled separator
 * ("03//15/2023"), a dropped separator before a four-digit year ("03/152023") and a misread
 * month name ("Decernber 17, 2018", "0ctober 5, 2020"), a gap or a ";" inside a date in words
 * ("June   19, 2021", "April 26; 2016"). A numeric span is only rewritten when the result is a
 * real date; everything else is left as it is. Line breaks are kept.
 */
export function repairDateText(text: string, now: Date = new Date()): string {
  const numeric = text.replace(
    DAMAGED_NUMERIC,
    (whole, month: string, sep1: string, day: string, sep2: string, year: string) => {
      const y = year.replace(/ /g, '');
      const d = day.replace(/ /g, '');
      const wholeYear = isDayYearText(repairDigits(y)?.digits ?? '');
      // Without a second separator only a two-digit day and a four-digit year in range count.
      if (sep2 === '' && (d.length !== 2 || !wholeYear)) return whole;
      // A year split by a space must be a whole four-digit year in range.
      if (/ /.test(year) && !wholeYear) return whole;
      const sep = sep1.trim()[0] ?? '/';
      const candidate = `${month}${sep}${d}${sep}${y}`;
      return parseDate(candidate, now) ? candidate : whole;
    },
  );
  return (
    numeric
      .replace(MAYBE_MONTH, (word: string) => repairMonthName(word) ?? word)
      // A column gap OCR kept inside a date ("June   19, 2021"), a ";" read for its comma
      // ("April 26; 2016").
      .replace(WORDS_DATE_GAP, '$1 $2')
      .replace(WORDS_DATE_SEMICOLON, '$1,$2')
  );
}

const WORDS_DATE_GAP = new RegExp(
  String.raw`(?<![A-Za-z])(${MONTH_NAME})[ \t]{2,}(\d{1,2}\b)`,
  'g',
);
const WORDS_DATE_SEMICOLON = new RegExp(
  String.raw`(?<![A-Za-z])(${MONTH_NAME}[ ]\d{1,2});([ ]\d{4}\b)`,
  'g',
);
