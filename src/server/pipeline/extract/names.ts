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

// Letters are any script's (\p{L}): "VILLASEÑOR", "Núñez", "Schröder" are names as printed.
const NAME_TOKEN = /^(?:\p{Lu}[\p{L}'.-]*|de|del|della|da|di|du|la|le|van|von|der|den|y|bin)$/u;
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
/** A case or claim number (and what follows it) printed after a party's name. */
export const CASE_NUMBER_TAIL =
  /\s*(?:\bCase\s+No|\bADJ\s?\d|\b[A-Z]{3}\s?\d{7}\b|\bWCAB\b|\bEAMS\b|\bClaim\s+No|\bDOI\b|\(\s*[A-Z][a-z]+\s+District).*$/i;

/**
 * A name as printed, whitespace-normalised, without surrounding commas/semicolons/dashes; null
 * unless it starts with a capital or a digit ("see above", "n/a" are not names).
 */
export function tidy(name: string): string | null {
  const s = squashSpaces(name)
    // OCR specks standing alone after the name ("ALDER RISK SERVICES, .", "SMITH ©").
    .replace(/(?:\s+[^\sA-Za-z0-9]{1,2})+$/, '')
    .replace(/\s+([,;])/g, '$1')
    // OCR reads a form's box rules and dirt as "_", "~", "|", "." or a quote around a value.
    .replace(/^[\s,;:_~|.'"-]+/, '')
    .replace(/[\s,;:_~|-]+$/, '')
    .replace(/\s+['"]$/, '');
  if (!/^[\p{Lu}0-9]/u.test(s) || !/\p{L}/u.test(s) || s.length > 100) return null;
  if (NOT_VALUES.test(s.replace(/\.$/, ''))) return null;
  return s;
}

function isNameToken(token: string): boolean {
  const bare = token.replace(/[,;]+$/, '');
  // A middle initial "V." ending the name ("NGUYEN, THANH V.,"), not "v." between the parties.
  if (bare === 'V.' && bare !== token) return true;
  return bare !== '' && NAME_TOKEN.test(bare) && !NOT_NAME_TOKENS.has(bare.toLowerCase());
}

/**
 * Whether tokens[i], a "V.", is a middle initial rather than "v." between two parties: after a
 * lone given name ("ANGELA V. DEL TORO") or ending a name of three or more words ("DEL TORO,
 * ANGELA V."), as a versus never ends a line.
 */
function initialV(tokens: readonly string[], i: number): boolean {
  if (tokens[i] !== 'V.' || i === 0) return false;
  const givenAlone = i === 1 || !isNameToken(tokens[i - 2] ?? '');
  return (givenAlone && i < tokens.length - 1) || (i >= 2 && i === tokens.length - 1);
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
    if (!isNameToken(token) && !(kept.length > 0 && initialV(tokens, i))) break;
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
    tokens.length >= 2 &&
    tokens.length <= 6 &&
    // A middle initial "V." ending the name ("DEL TORO, ANGELA V."), as nothing follows it.
    tokens.every((t, i) => isNameToken(t) || initialV(tokens, i)) &&
    !DOCUMENT_WORDS.test(s)
  );
}

/** Words that make a name a firm's or a public body's rather than a person's. */
const FIRM_WORDS =
  /\b(?:inc|incorporated|llc|l\.l\.c|llp|lp|corp|corporation|co|company|ltd|limited|fund|authority|services|group|solutions|administrators|associates|agency|insurance|indemnity|casualty|mutual|assurance|underwriters|claims|risk|management|tpa|cms)\b/i;

/** Whether a name reads as a firm's (an insurer, an administrator, an employer). */
export function isFirmName(name: string): boolean {
  return FIRM_WORDS.test(name) && name.split(/\s+/).length <= 8;
}

/** The last word of a firm's or public body's name: after it a line break ends the party. */
const ENTITY_END =
  /(?:\b(?:inc|incorporated|llc|l\.l\.c|llp|lp|l\.p|corp|corporation|co|company|ltd|limited|district|fund|authority|services|group|administrators|associates|agency|county|city|department|university|hospital|insurance|indemnity|casualty|mutual|cms|tpa)\.?|self[- ]insured|uninsured)[,;]?$/i;
/** Whether a name ends as a firm's or public body's name does ("… CO.", "… DISTRICT"). */
export function endsLikeEntity(name: string): boolean {
  return ENTITY_END.test(name.trim());
}

/** A firm's legal-form ending: an "and" / "&" after it starts the next party. */
const FIRM_END =
  /\b(?:inc|incorporated|llc|l\.l\.c|llp|lp|l\.p|corp|corporation|co|company|ltd|limited|district|fund|authority|cms)\.?$|self[- ]insured$|uninsured$/i;
/** A line that carries on the name above it ("OF CALIFORNIA", "& COMPANY", "Inc."). */
const CONTINUES = /^(?:[a-z]|(?:of|and|&|the|inc|llc|corp|co|company|ltd|l\.?p)(?![A-Za-z]))/;
/**
 * Words a firm's name goes on with after a line break, never a name's first word: "SUMMIT TPA" /
 * "SERVICES, INC.", "KEYSTONE CLAIMS" / "MANAGEMENT GROUP".
 */
const NAME_GOES_ON =
  /^(?:services|group|associates|administrators|management|solutions|holdings|partners|adjusting)(?![A-Za-z])/i;
/**
 * A carrier's name broken before its "Insurance" ("WESTBROOK MUTUAL" / "INSURANCE COMPANY"): the
 * words that end a line as a name's last but also stand before "Insurance" in carriers' names.
 */
const BEFORE_INSURANCE = /\b(?:mutual|casualty|indemnity|fire|guaranty|general|specialty)$/i;
const INSURANCE_GOES_ON = /^(?:insurance|assurance)(?![A-Za-z])/i;
/** The same words in capitals. */
const CONTINUES_UPPER =
  /^(?:OF|AND|&|THE|INC|LLC|CORP|CO|COMPANY|LTD|L\.?P|Inc|Corp|Co|Company|Ltd|Of|And|The)(?![A-Za-z])/;
/** Role words printed between parties, which separate them ("ACME INC., Employer; ..."). */
const ROLE_BETWEEN =
  /,?\s*\(?\b(?:employer|insurer|insurance\s+carrier|carrier|(?:third[- ]party\s+)?(?:claims\s+)?administrator|adjusting\s+agency|defendants?)\b\)?\s*[,;]\s*/gi;
/** "ACME INC., adjusted by SEDGWICK": the administrator is a defendant of its own. */
const ADMIN_JOIN = /,?\s+(?:insured\s+by|adjusted\s+by|administered\s+by|c\/o)\s+/gi;
/** Insurer words: an "and" / "&" before a name holding one joins two parties. */
const INSURER_WORDS =
  /\b(?:insurance|indemnity|casualty|mutual|fund|administrators|assurance|underwriters)\b/i;

/**
 * A line of insurance opening the right side of an "&": one carrier's name ("Pacific Fire &
 * Casualty Company", "Harbor Surety and Indemnity Co."), not a second party.
 */
const INSURANCE_LINE = /^(?:casualty|indemnity|liability|surety|marine|accident|guaranty)\b/i;

const TITLE_START =
  /^(?:notice|request|declaration|petition|application|answer|order|proof|motion|stipulations?|minutes|findings|compromise|objection|subpoena)\b/i;

function cleanParty(piece: string): string | null {
  let p = piece.replace(CASE_NUMBER_TAIL, '');
  for (let i = 0; i < 3; i += 1) p = p.replace(ROLE_SUFFIX, '');
  const name = tidy(p);
  if (!name || /^(?:employer|insurer|carrier|defendants?|et\s+al\.?)$/i.test(name)) return null;
  // A caption's title run into the parties by OCR ("SECURITY; AND REQUEST FOR PRODUCTION").
  if (/^(?:and|of|to|for|on|re)\s/i.test(name) || TITLE_START.test(name)) return null;
  return name;
}

/**
 * Specks standing alone at a line's end ("PACIFIC ; :"): a ";" there only parts two parties after a
 * firm's ending, otherwise the name goes on on the next line.
 */
const TRAILING_SPECKS = /(?:\s+[^\sA-Za-z0-9&/-]{1,2})+\s*$/;

/** A firm's last word with a colon after it, then the next name: OCR's ":" for ";". */
const COLON_AFTER_FIRM =
  /\b((?:inc|incorporated|llc|llp|corp|corporation|co|company|ltd|limited|fund|authority|services|group|administrators|associates|agency|insurance|indemnity|casualty|mutual|cms|tpa)\.?):(?:\s+(?=[A-Z])|\s*$)/gi;
/** Specks OCR read at a party line's start ("* PACIFIC CREST ...", "- BEAR CASUALTY ..."). */
const LEADING_SPECKS = /^\s*(?:[^\sA-Za-z0-9&"'(]{1,2}\s+)+/;
/** A lone small letter among capitals, with specks after it ("KEYSTONE a: :"): a speck too. */
const SMALL_LETTER_SPECK =
  /(?<=\b[A-Z]{2,}\.?,?)\s+[a-z][^\sA-Za-z0-9]*(?=\s+[^a-z\s]*$|\s*$|\s+[A-Z]{2,})/g;

/**
 * OCR damage inside a list of parties: a speck standing alone between words ("ALDER RISK :
 * SERVICES") goes (a spaced "/", "&" or "-" is a word of its own and stays), and so do specks
 * opening the line and a lone small letter among capitals; a ";" read as ":" after a firm's ending
 * ("ASSURANCE COMPANY: SUMMIT TPA", or at the line's end) separates the parties again.
 */
function mendSpecks(line: string): string {
  return line
    .replace(LEADING_SPECKS, '')
    .replace(SMALL_LETTER_SPECK, '')
    .replace(TRAILING_SPECKS, (tail: string, at: number) =>
      /[;,]/.test(tail) && ENTITY_END.test(line.slice(0, at)) ? ';' : '',
    )
    .replace(/\s+([;,])(?=\s|$)/g, '$1')
    .replace(/(?<=\S)\s+[^\sA-Za-z0-9&;,/-]{1,2}(?=\s|$)/g, '')
    .replace(COLON_AFTER_FIRM, '$1; ');
}

/** Joins a block's lines into one string where ";" separates parties. */
function joinLines(block: string): string {
  const lines = block
    .split('\n')
    .map(
      (l) =>
        l
          .replace(PLEADING_NUMBERS, ' ')
          .split(CAPTION_GAP)
          .find((s) => s.trim()) ?? '',
    )
    .map((l) => mendSpecks(l).trim())
    .filter((l) => l !== '');
  // A board notice lists its parties one per line in capitals, without punctuation: each line
  // is a party unless it plainly goes on with the line before.
  const listed = lines.length >= 2 && lines.every((l) => !/[,;]$/.test(l) && !/\p{Ll}/u.test(l));
  let joined = '';
  for (const line of lines) {
    if (joined === '') joined = line;
    else if (/[,;]$/.test(joined)) joined = `${joined.slice(0, -1)}; ${line}`;
    else if (
      CONTINUES.test(line) ||
      CONTINUES_UPPER.test(line) ||
      NAME_GOES_ON.test(line) ||
      (BEFORE_INSURANCE.test(joined) && INSURANCE_GOES_ON.test(line)) ||
      (!listed && !ENTITY_END.test(joined))
    )
      joined = `${joined} ${line}`;
    else joined = `${joined}; ${line}`;
  }
  return joined;
}

/** Splits at " and " / " & " where it joins two parties rather than words of one name. */
function splitAnd(piece: string): string[] {
  const parts: string[] = [];
  let rest = piece;
  for (;;) {
    const m = /\s+(?:and|&)\s+/i.exec(rest);
    if (!m) break;
    const left = rest.slice(0, m.index);
    const right = rest.slice(m.index + m[0].length);
    const firmEnds = FIRM_END.test(left.replace(/,$/, ''));
    if (!firmEnds && INSURANCE_LINE.test(right)) break;
    const joinsParties =
      firmEnds ||
      (m[0].trim().toLowerCase() === 'and' && INSURER_WORDS.test(right) && /,$/.test(left)) ||
      (INSURER_WORDS.test(right) && !INSURER_WORDS.test(left));
    if (!joinsParties) break;
    parts.push(left);
    rest = right;
  }
  parts.push(rest);
  return parts;
}

/** Small words an acronym skips ("Insurance Company of the West" is ICW). */
const ACRONYM_SKIPS = new Set(['OF', 'THE', 'AND', '&', 'FOR']);

/**
 * Whether `brand` carries an acronym of `name`'s words ("ICW GROUP" of "INSURANCE COMPANY OF THE
 * WEST", "SCIF" of "State Compensation Insurance Fund"): a brand and the legal name it stands
 * for, printed "ICW Group / Insurance Company of the West", are one party.
 */
function acronymOf(brand: string, name: string): boolean {
  const initials = name
    .toUpperCase()
    .split(/[^A-Z&]+/)
    .filter((word) => word !== '' && !ACRONYM_SKIPS.has(word))
    .map((word) => word[0])
    .join('');
  return (
    initials.length >= 2 &&
    brand.split(/[^A-Za-z]+/).some((word) => /^[A-Z]{2,6}$/.test(word) && word === initials)
  );
}

/** Splits at spaced slashes, except between a brand and the name its acronym stands for. */
function slashParties(piece: string): string[] {
  const parts: string[] = [];
  for (const part of piece.split(/\s+\/\s+/)) {
    const previous = parts[parts.length - 1];
    if (previous !== undefined && (acronymOf(previous, part) || acronymOf(part, previous)))
      parts[parts.length - 1] = `${previous} / ${part}`;
    else parts.push(part);
  }
  return parts;
}

/**
 * Every party of a list of defendants ("ACME INC.; ZENITH INSURANCE COMPANY", one per line, joined
 * by "and", with role words between them, or "ACME INC., adjusted by SEDGWICK"), as printed,
 * without role words, in order, each once.
 */
export function allParties(block: string): string[] {
  // "Insurer/Administrator: ZENITH INSURANCE / SEDGWICK CMS": a spaced slash between parties.
  const joined = joinLines(block)
    .replace(ROLE_BETWEEN, '; ')
    .replace(ADMIN_JOIN, '; ')
    .split(';')
    .flatMap(slashParties)
    .join(';');
  const found: string[] = [];
  const seen = new Set<string>();
  for (const piece of joined.split(';')) {
    for (const part of splitAnd(piece.trim())) {
      const name = cleanParty(part);
      const key = name?.toUpperCase().replace(/[^A-Z0-9]/g, '');
      if (!name || !key || seen.has(key)) continue;
      seen.add(key);
      found.push(name);
    }
  }
  return found;
}

/**
 * The first party of a list of defendants ("ACME INC.; ZENITH INSURANCE COMPANY", one per line,
 * or flattened with a case number after it), without role words like ", Employer".
 */
export function firstParty(block: string): string | null {
  return allParties(block)[0] ?? null;
}
