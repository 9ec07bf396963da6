/**
 * Legacy WCAB case numbers (before EAMS, 2008): a district office's three-letter code, then seven
 * digits, e.g. "LAO 0812345" or "VNO0512345". Only known office codes count, so ordinary words
 * followed by a number do not. OCR look-alikes are repaired in the code (0→O, 1→I, 5→S, 8→B) and,
 * at most two, in the digits. Output is normalised "CODE 1234567".
 */
import { DIGITISH, cleanText, dedupe, repairDigits, repairLetters } from './ocr';

/**
 * District office codes seen in legacy case numbers. Well attested: LAO (Los Angeles), VNO (Van
 * Nuys), SFO, OAK, SDO, SBR (San Bernardino), SJO, SRO (Santa Rosa), SAC, STK, FRE, BAK, RDG,
 * RIV, OXN, POM, LBO (Long Beach), SAL (Salinas), EUR, GOL (Goleta), AHM (Anaheim), SBA (Santa
 * Barbara), SMO (Santa Monica), MDR (Marina del Rey; MAR in some records), SAA (Santa Ana). ANA and VEN are kept for firms' own records,
 * which sometimes use them for Anaheim/Santa Ana and Ventura.
 */
export const WCAB_OFFICE_CODES: ReadonlySet<string> = new Set([
  'AHM',
  'ANA',
  'BAK',
  'EUR',
  'FRE',
  'GOL',
  'LAO',
  'LBO',
  'MAR',
  'MDR',
  'OAK',
  'OXN',
  'POM',
  'RDG',
  'RIV',
  'SAA',
  'SAC',
  'SAL',
  'SBA',
  'SBR',
  'SDO',
  'SFO',
  'SJO',
  'SMO',
  'SRO',
  'STK',
  'VEN',
  'VNO',
]);

const MAX_DIGIT_REPAIRS = 2;

/** Code (capitals, or digits OCR put in their place), optional separator, then a digit-ish run. */
const WCAB_RE = new RegExp(
  String.raw`(?<![A-Za-z0-9])([A-Z0158]{3})[ ]?[-#:]?[ ]?([${DIGITISH}]{7})(?![A-Za-z0-9|])`,
  'g',
);

function accept(code: string, run: string): string | null {
  const office = repairLetters(code);
  if (!WCAB_OFFICE_CODES.has(office)) return null;
  // A code made mostly of digits is a number, not an office.
  if (code.replace(/[A-Z]/g, '').length > 1) return null;
  const repair = repairDigits(run);
  if (!repair || repair.repaired > MAX_DIGIT_REPAIRS) return null;
  return `${office} ${repair.digits}`;
}

/** Finds every legacy WCAB case number in a text, normalised, deduplicated, in order. */
export function findWcabNumbers(text: string): string[] {
  const clean = cleanText(text);
  const found: string[] = [];
  for (const m of clean.matchAll(WCAB_RE)) {
    const value = accept(m[1] ?? '', m[2] ?? '');
    if (value) found.push(value);
  }
  return dedupe(found);
}

/**
 * Normalises one legacy WCAB number as typed ("lao0812345", "LAO-0812345", "LA0 O812345"):
 * "LAO 0812345", or null when the string is not exactly one such number.
 */
export function normaliseWcab(s: string): string | null {
  const trimmed = cleanText(s)
    .trim()
    .replace(/[.,;]+$/, '');
  // People type codes in lower case; OCR never does, so only here is the code upper-cased.
  const m = /^([A-Za-z0158]{3})[ ]?[-#:]?[ ]?([^\s]{7})$/.exec(trimmed);
  if (!m) return null;
  return accept((m[1] ?? '').toUpperCase(), m[2] ?? '');
}
