/**
 * How dates, names and injury periods are printed. Real paper prints the same facts many ways, and
 * each helper here returns the printed string only; the caller records the truth value beside it.
 */
import type { InjuryDate } from '../../src/server/pipeline/types';
import type { Rng } from './rng';
import type { PersonName } from './data';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** A calendar date kept as numbers so no time zone can shift it. */
export interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

export function iso(date: Ymd): string {
  return `${date.y}-${pad(date.m)}-${pad(date.d)}`;
}

export function parseIso(s: string): Ymd {
  const [y, m, d] = s.split('-').map(Number);
  return { y: y ?? 2020, m: m ?? 1, d: d ?? 1 };
}

export function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

/** Days since 1970-01-01 (UTC arithmetic, no local zone). */
export function toDays(date: Ymd): number {
  return Math.floor(Date.UTC(date.y, date.m - 1, date.d) / 86400000);
}

export function fromDays(days: number): Ymd {
  const dt = new Date(days * 86400000);
  return { y: dt.getUTCFullYear(), m: dt.getUTCMonth() + 1, d: dt.getUTCDate() };
}

export function addDays(date: Ymd, n: number): Ymd {
  return fromDays(toDays(date) + n);
}

export type DateStyle = 'mdy' | 'mdyShort' | 'long' | 'dmonY' | 'mdyNoPad' | 'upperMon';

export function fmtDate(date: Ymd, style: DateStyle): string {
  const mon = MONTHS[date.m - 1] ?? 'January';
  switch (style) {
    case 'mdy':
      return `${pad(date.m)}/${pad(date.d)}/${date.y}`;
    case 'mdyShort':
      return `${pad(date.m)}/${pad(date.d)}/${pad(date.y % 100)}`;
    case 'mdyNoPad':
      return `${date.m}/${date.d}/${date.y}`;
    case 'long':
      return `${mon} ${date.d}, ${date.y}`;
    case 'dmonY':
      return `${date.d}-${mon.slice(0, 3)}-${pad(date.y % 100)}`;
    case 'upperMon':
      return `${mon.slice(0, 3).toUpperCase()} ${pad(date.d)} ${date.y}`;
  }
}

export function pickDateStyle(rng: Rng): DateStyle {
  return rng.weighted<DateStyle>([
    ['mdy', 5],
    ['long', 3],
    ['mdyNoPad', 1],
    ['mdyShort', 1],
    ['dmonY', 1],
  ]);
}

/** "María G. Peña Jr." */
export function fullName(p: PersonName): string {
  const mid = p.middle ? ` ${p.middle}.` : '';
  const suf = p.suffix ? ` ${p.suffix}` : '';
  return `${p.first}${mid} ${p.last}${suf}`;
}

/** "PEÑA, MARÍA G." as forms and running headers print it. */
export function lastFirst(p: PersonName, upper = true): string {
  const mid = p.middle ? ` ${p.middle}.` : '';
  const suf = p.suffix ? ` ${p.suffix}` : '';
  const s = `${p.last}${suf}, ${p.first}${mid}`;
  return upper ? s.toUpperCase() : s;
}

/** Picks one of the ways a document names the worker. */
export function nameVariant(rng: Rng, p: PersonName): string {
  return rng.weighted<string>([
    [fullName(p), 4],
    [fullName(p).toUpperCase(), 3],
    [lastFirst(p), 2],
    [lastFirst(p, false), 1],
  ]);
}

/** A date of injury for a labeled line or form box ("DOI: CT 01/01/2019 - 03/15/2021"). */
export function injuryText(rng: Rng, doi: InjuryDate, style?: DateStyle): string {
  const st = style ?? pickDateStyle(rng);
  const a = fmtDate(parseIso(doi.start), st);
  if (!doi.cumulativeTrauma || !doi.end) return a;
  const b = fmtDate(parseIso(doi.end), st);
  return rng.pick([`CT ${a} - ${b}`, `${a} - ${b} (CT)`, `CT: ${a} to ${b}`, `CT ${a}-${b}`]);
}

/** The injury inside a sentence: "on March 3, 2023" or "during the period ... to ...". */
export function injuryPhrase(rng: Rng, doi: InjuryDate): string {
  const st = rng.pick<DateStyle>(['long', 'mdy']);
  const a = fmtDate(parseIso(doi.start), st);
  if (!doi.cumulativeTrauma || !doi.end) return `on ${a}`;
  const b = fmtDate(parseIso(doi.end), st);
  return rng.pick([
    `by way of cumulative trauma from ${a} through ${b}`,
    `during the period ${a} to ${b}`,
    `over a cumulative period from ${a} to ${b}`,
  ]);
}

/** Short label for the date-of-injury line. */
export function doiLabel(rng: Rng): string {
  return rng.pick(['Date of Injury:', 'DOI:', 'Date(s) of Injury:', 'D/I:', 'Injury Date:']);
}

export function money(rng: Rng, min: number, max: number): string {
  const cents = rng.int(min * 100, max * 100);
  return moneyOf(cents);
}

/** "1,234.50" from cents, without locale data (so every machine prints the same bytes). */
export function moneyOf(cents: number): string {
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${whole}.${pad(cents % 100)}`;
}
