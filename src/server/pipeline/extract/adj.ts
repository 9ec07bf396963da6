/**
 * EAMS (ADJ) case numbers: "ADJ" followed by 7 or 8 digits, e.g. "ADJ12345678". Text from OCR
 * damages both the prefix ("AD.J", "ADI", "AD1", "AOJ") and the digits (O for 0, l for 1, S for
 * 5...), so the finder accepts look-alikes but trusts them less the more damaged the prefix is:
 * a clean "ADJ" allows a few repaired digits, a damaged "J" allows one, and a damaged "D" ("AOJ",
 * "A0J") allows none and must be upper case. Everything is normalised to "ADJ" + digits.
 */
import { DIGITISH, cleanText, dedupe, repairDigits } from './ocr';

/** How many look-alike characters a run may hold, by how damaged its prefix is. */
const MAX_REPAIRS = { clean: 3, damagedJ: 1, damagedD: 0 } as const;

/**
 * Prefix, optional separator, then a maximal digit-ish run. The prefix must not follow a letter or
 * digit; the letters of a clean prefix may be split by one dot or space ("A.D.J.", "AD J").
 */
const ADJ_RE = new RegExp(
  String.raw`(?<![A-Za-z0-9])` +
    String.raw`(A\.?[ ]?D\.?[ ]?J|Adj|adj|AD[Il1|]|A[O0]J)` +
    String.raw`\.?[ ]?[-#:]?[ ]?` +
    `([${DIGITISH}]+)`,
  'g',
);

type PrefixKind = keyof typeof MAX_REPAIRS;

function prefixKind(prefix: string): PrefixKind {
  const letters = prefix.replace(/[. ]/g, '');
  if (/^adj$/i.test(letters)) return 'clean';
  if (/^AD[Il1|]$/.test(letters)) return 'damagedJ';
  return 'damagedD';
}

/**
 * Decides whether a digit-ish run after a prefix is an ADJ number's digits. `next` is the
 * character right after the run ('' at the end of the text).
 */
function acceptRun(run: string, next: string, kind: PrefixKind): string | null {
  let body = run;
  // A run glued to a following word ("ADJ1234567Sincerely") loses its trailing letters to it.
  if (/[A-Za-z]/.test(next)) body = body.replace(/[^0-9]+$/, '');
  if (body.length < 7 || body.length > 8) return null;
  const repair = repairDigits(body);
  if (!repair || repair.repaired > MAX_REPAIRS[kind]) return null;
  // Look-alikes are believable inside a number, not as most of it.
  if (repair.repaired * 2 >= body.length) return null;
  return `ADJ${repair.digits}`;
}

/** Finds every ADJ number in a document's text, normalised, deduplicated, in order of first appearance. */
export function findAdjNumbers(text: string): string[] {
  const clean = cleanText(text);
  const found: string[] = [];
  for (const m of clean.matchAll(ADJ_RE)) {
    const prefix = m[1] ?? '';
    const run = m[2] ?? '';
    const end = (m.index ?? 0) + m[0].length;
    const next = clean.charAt(end);
    const adj = acceptRun(run, next, prefixKind(prefix));
    if (adj) found.push(adj);
  }
  return dedupe(found);
}

/**
 * Normalises one ADJ number as a person or a CRM typed it ("adj 1234567", "ADJ-12345678",
 * "ADJO812345"): "ADJ" + digits, or null when the string is not one ADJ number.
 */
export function normaliseAdj(s: string): string | null {
  const trimmed = cleanText(s).trim();
  const found = findAdjNumbers(trimmed);
  if (found.length !== 1) return null;
  // The whole string must be the number, give or take separators and trailing punctuation.
  const rest = trimmed
    .replace(ADJ_RE, '')
    .replace(/[\s.,;:)(#-]/g, '')
    .trim();
  return rest === '' ? (found[0] ?? null) : null;
}
