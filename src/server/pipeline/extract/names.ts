/**
 * Helpers for party names: tidying a name as printed, reading the run of name-like words that
 * ends a caption line, telling a person's name from a document title, and taking the first party
 * (the employer) out of a list of defendants with its role words removed.
 */
import { squashSpaces } from './ocr';

/** Pleading paper's line numbers (1..28) when a text layer puts them inline. */
export const PLEADING_NUMBERS = /(?<=^|\s)\d{1,2}(?=\s|$)/g;
/**
 * Two or more spaces or a tab: the gap between a caption's columns. Text layers keep a column gap
 * as several spaces; a name never holds two spaces in a row once a PDF or OCR has set it.
 */
export const CAPTION_GAP = / {2,}|\t/;

const NAME_TOKEN = /^(?:[A-Z][A-Za-z'.-]*|de|del|della|da|di|du|la|le|van|von|der|den|y|bin)$/;
const NOT_NAME_TOKENS = new Set([
  'case',
  'no',
  'no.',
  'nos',
  'nos.',
  'number',
  're',
  're:',
  'in',
  'vs',
  'vs.',
  'v.',
  'of',
  'the',
  'and',
  'applicant',
  'applicants',
  'wcab',
  'eams',
  'matter',
  'board',
  'california',
]);
/** Words of document titles and headings, which a person's name never holds. */
const DOCUMENT_WORDS =
  /\b(?:request|report|records?|authorization|evaluation|subpoena|notice|letter|appointment|medical|deposition|settlement|lien|billing|invoice|petition|order|claims?|treatment|hearing|response|objection|declaration|status|update|compensation|insurance|company|inc|llc|corp|department|services|review|summary|exam|qme|ame|exhibits?|list|index|table|contents|page|proof|service|minutes|decision|findings|award|stipulations?|application|adjudication|appeals|workers|state|county|city|district|office|court|superior|schedule|fees?|updated?|changes?|address|closures?|holidays?|policy|announcement|reminder|meeting|practice|new)\b/i;
const NOT_VALUES = /^(?:n\/?a|none|unknown|tbd|same|see above|-+)$/i;

const ROLE_SUFFIX =
  /,?\s*\(?(?:a\s+)?(?:employer|permissibly\s+self[- ]insured|legally\s+uninsured|self[- ]insured|adjusting\s+agency|insurance\s+carrier|defendants?|et\s+al\.?)\)?\s*$/i;
const ADMIN_SUFFIX = /,?\s+(?:insured\s+by|adjusted\s+by|administered\s+by|c\/o)\s.*$/i;
/** A case or claim number (and what follows it) printed after a party's name. */
export const CASE_NUMBER_TAIL =
  /\s*(?:\bCase\s+No|\bADJ\s?\d|\b[A-Z]{3}\s?\d{7}\b|\bWCAB\b|\bEAMS\b|\bClaim\s+No|\bDOI\b|\(\s*[A-Z][a-z]+\s+District).*$/i;

/**
 * A name as printed, whitespace-normalised, without surrounding commas/semicolons/dashes; null
 * unless it starts with a capital or a digit ("see above", "n/a" are not names).
 */
export function tidy(name: string): string | null {
  const s = squashSpaces(name)
    .replace(/\s+([,;])/g, '$1')
    // OCR reads a form's box rules and dirt as "_", "~", "|", "." or a quote around a value.
    .replace(/^[\s,;:_~|.'"-]+/, '')
    .replace(/[\s,;:_~|-]+$/, '')
    .replace(/\s+['"]$/, '');
  if (!/^[A-Z0-9]/.test(s) || !/[A-Za-z]/.test(s) || s.length > 100) return null;
  if (NOT_VALUES.test(s.replace(/\.$/, ''))) return null;
  return s;
}

function isNameToken(token: string): boolean {
  const bare = token.replace(/[,;]+$/, '');
  return bare !== '' && NAME_TOKEN.test(bare) && !NOT_NAME_TOKENS.has(bare.toLowerCase());
}

/** The trailing run of name-like words in a caption line ("Case No. ANTHONY DENNIS," → the name). */
export function nameAtEnd(segment: string): string | null {
  const tokens = segment
    .replace(PLEADING_NUMBERS, ' ')
    .replace(/\s+([,;])/g, '$1')
    .trim()
    .split(/\s+/);
  const kept: string[] = [];
  for (let i = tokens.length - 1; i >= 0 && kept.length < 8; i -= 1) {
    const token = tokens[i] ?? '';
    if (!isNameToken(token)) break;
    kept.unshift(token);
  }
  return kept.length > 0 ? tidy(kept.join(' ')) : null;
}

/**
 * Whether no word starts in lower case but a name particle ("de", "van"): a name (perhaps with
 * its address after it) rather than a sentence ("Complete the \"Employee\" section").
 */
export function readsAsName(s: string): boolean {
  return squashSpaces(s)
    .split(' ')
    .every((token) => !/^[a-z]/.test(token) || NAME_TOKEN.test(token.replace(/[,;]+$/, '')));
}

/** Whether the whole string reads as a person's name: 2..6 name-like words, no title words. */
export function isPersonName(s: string): boolean {
  const tokens = squashSpaces(s).split(' ');
  return (
    tokens.length >= 2 && tokens.length <= 6 && tokens.every(isNameToken) && !DOCUMENT_WORDS.test(s)
  );
}

/**
 * The first party of a list of defendants ("ACME INC.; ZENITH INSURANCE COMPANY", one per line,
 * or flattened with a case number after it), without role words like ", Employer".
 */
export function firstParty(block: string): string | null {
  const lines = block
    .split('\n')
    .map(
      (l) =>
        l
          .replace(PLEADING_NUMBERS, ' ')
          .split(CAPTION_GAP)
          .find((s) => s.trim()) ?? '',
    )
    .map((l) => l.trim())
    .filter((l) => l !== '');
  // A line ending in a comma or semicolon ends a party; other line breaks wrap a long name.
  const joined = lines.map((l) => l.replace(/[,;]$/, ';')).join(' ');
  // "&" joins words of one name ("Sierra Framing & Drywall") unless an insurer follows it.
  let first =
    joined.split(
      /;|,\s+and\s+|\s+&\s+(?=[^;]*\b(?:insurance|indemnity|casualty|mutual|fund|administrators)\b)/i,
    )[0] ?? '';
  first = first.replace(CASE_NUMBER_TAIL, '').replace(ADMIN_SUFFIX, '');
  for (let i = 0; i < 3; i += 1) first = first.replace(ROLE_SUFFIX, '');
  return tidy(first);
}
