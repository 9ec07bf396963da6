/**
 * EAMS (ADJ) case numbers: "ADJ" followed by 7 or 8 digits, e.g. "ADJ12345678". Text from OCR
 * damages both the prefix ("AD.J", "ADI", "AD1", "ADj", "AD)", "AOJ") and the digits (O for 0, l
 * for 1, S for 5..., a space or speck splitting the number: "ADJ1 1998272", "ADJ1:2820320"), so
 * the finder accepts look-alikes but trusts them less the more damaged the prefix is: a clean
 * "ADJ" allows a few repaired digits, a damaged "J" allows one, and a damaged "D" ("AOJ", "A0J")
 * allows none and must be upper case. Everything is normalised to "ADJ" + digits.
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
    String.raw`(A\.?[ ]?D\.?[ ]?J|Adj|adj|AD[Il1|j]|AD\)|A[O0]J)` +
    String.raw`\.?[ ]?[-#:]?[ ]?` +
    // The digits, perhaps split once by a space or a speck OCR put into the number.
    `([${DIGITISH}]+(?:[ :.,'][${DIGITISH}]+)?)`,
  'g',
);

type PrefixKind = keyof typeof MAX_REPAIRS;

function prefixKind(prefix: string): PrefixKind {
  const letters = prefix.replace(/[. ]/g, '');
  if (/^(?:ADJ|Adj|adj)$/.test(letters)) return 'clean';
  if (/^AD[Il1|j)]$/.test(letters)) return 'damagedJ';
  return 'damagedD';
}

/**
 * Decides whether a digit-ish run after a prefix is an ADJ number's digits. `next` is the
 * character right after the run ('' at the end of the text).
 */
function acceptRun(run: string, next: string, kind: PrefixKind): string | null {
  const space = run.search(/[ :.,']/);
  if (space >= 0) {
    // The first part alone is the number when it is long enough; the rest is the next word.
    const alone = acceptRun(run.slice(0, space), ' ', kind);
    if (alone) return alone;
    const rest = run.slice(space + 1);
    // Joined only when the parts make one number and the part after the space is real digits.
    if (!/^\d+$/.test(rest)) return null;
    return acceptRun(run.slice(0, space) + rest, next, kind);
  }
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
    // "AD)" is a damaged "ADJ" only outside parentheses ("(AD) 1234567" is something else).
    if (prefix === 'AD)' && clean.charAt((m.index ?? 0) - 1) === '(') continue;
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
