/**
 * Page readings for the conventions of filed and faxed paper: the fax machine's header line (with
 * its transmission page counter, which is not the document's own numbering), attachment headings
 * that belong to the document before them (exhibit covers, verifications, an opinion on decision,
 * a lien itemization, an IMR application, a proof of service), a fax cover sheet, the date near the top, and the
 * page's layout shape.
 */
import { skeleton } from '../classify/normalize';

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\\.?';
const DATE_RE = new RegExp(
  `\\b(\\d{1,2}[/.-]\\d{1,2}[/.-](?:\\d{4}|\\d{2}))\\b|\\b(${MONTH}\\s+\\d{1,2},?\\s+\\d{4})\\b|\\b(\\d{1,2}\\s+${MONTH}\\s+\\d{4})\\b`,
  'i',
);
/** A time stamp; OCR may read a space after the colon ("17: 79"). */
const TIME = /\b\d{1,2}:\s?\d{2}(?::\d{2})?\s*(?:[ap]\.?m\.?)?(?![\d])/i;
const FAX_WORD = /\b(?:fax|facsimile|telefax|telecopy)\b|\b[tr]x\b/i;
const PHONE = /\(?\b\d{3}\)?[\s.-]?\d{3}[.-]\d{4}\b/;
const FROM_TO = /\b(?:from|to)\s*:/i;
const COUNTER =
  /\b(?:p(?:age|g)?\.?\s*)?(\d{1,3})\s*(?:\/|of)\s*(\d{1,3})\b(?![/.-]\d)|\bp(?:age|g)?\.?\s*(\d{1,3})\b/i;

export interface FaxLine {
  /** The line without digits: the same on every page of one transmission. */
  key: string;
  /** The transmission's page counter, when printed. */
  k: number | null;
  n: number | null;
}

/**
 * A fax machine's header or footer line: a time stamp or a page counter together with a fax
 * marker, a phone number or From/To, on one of the page's first two or last two lines.
 */
export function faxLine(line: string): FaxLine | null {
  const noDates = line.replace(new RegExp(DATE_RE.source, 'gi'), ' ');
  const time = TIME.test(noDates);
  const counterMatch = COUNTER.exec(noDates.replace(PHONE, ' ').replace(TIME, ' '));
  const marks =
    (FAX_WORD.test(line) ? 2 : 0) + (PHONE.test(line) ? 1 : 0) + (FROM_TO.test(line) ? 1 : 0);
  const dated = DATE_RE.test(line);
  if (!(time || (counterMatch && dated)) || marks < 1) return null;
  if (!time && marks < 2) return null;
  const k = counterMatch ? Number(counterMatch[1] ?? counterMatch[3]) : null;
  const n = counterMatch?.[2] ? Number(counterMatch[2]) : null;
  return {
    key: skeleton(line.replace(/\d+/g, ' ')),
    k,
    n: n !== null && k !== null && n >= k ? n : null,
  };
}

/** The fax lines of a page (first two and last two lines), and the remaining lines. */
export function splitFax(lines: string[]): { fax: FaxLine | null; rest: string[] } {
  let fax: FaxLine | null = null;
  const drop = new Set<number>();
  const ends = [0, 1, lines.length - 1, lines.length - 2].filter(
    (i, at, all) => i >= 0 && i < lines.length && all.indexOf(i) === at,
  );
  for (const i of ends) {
    const found = faxLine(lines[i] ?? '');
    if (found) {
      fax ??= found;
      drop.add(i);
    }
  }
  return { fax, rest: drop.size === 0 ? lines : lines.filter((_, i) => !drop.has(i)) };
}

export type AttachmentHead =
  | 'exhibitCover'
  | 'exhibit'
  | 'verification'
  | 'opinion'
  | 'itemization'
  | 'imrApplication'
  | 'attachment'
  | 'proofOfService';

const HEADS: Array<[AttachmentHead, RegExp]> = [
  ['verification', /^\s*ver[il1]f[il1]cat[il1]on\s*$/],
  ['opinion', /\bopinion on decision\b/],
  [
    'itemization',
    /\bitemi[sz](ation|ed (statement|bill|list|charges))\b|\bstatement of (services|charges)\b/,
  ],
  ['imrApplication', /\bapplication for independent medical review\b/],
  ['attachment', /^\s*(attachment|enclosure|addendum)\b/],
  ['proofOfService', /\bproof of (electronic |personal )?service\b|\bdeclaration of service\b/],
];
const EXHIBIT = /^\s*exhibit\s*["“'‘]?\s*([a-z]{1,2}|\d{1,3})?["”'’]?\s*($|[-–—:.,(])/;

/** OCR-folded letters back to the plain ones the patterns use ("verlflcatlon" stays unread). */
function plain(line: string): string {
  return (
    line
      .toLowerCase()
      .replace(/[|!]/g, 'l')
      .replace(/\s+/g, ' ')
      // Specks and stray quotes OCR reads beside a heading ("VERIFICATION\"", "_ EXHIBIT B").
      .replace(/^[^a-z0-9"“'‘]+|[^a-z0-9.)"”'’]+$/g, '')
      .replace(/^["“'‘]+(?=[a-z])|(?<=[a-z])["”'’]+$/g, '')
  );
}

/** The attachment heading among the page's first lines, if any. */
export function attachmentHead(lines: string[], wordCount: number): AttachmentHead | null {
  const top = lines.slice(0, 8).map(plain);
  if (top.slice(0, 6).some((l) => EXHIBIT.test(l))) {
    return wordCount < 45 ? 'exhibitCover' : 'exhibit';
  }
  for (const [head, re] of HEADS) if (top.some((l) => re.test(l))) return head;
  return null;
}

const COVER_HEAD = /^\s*(fax|facsimile|telecopy)\s*(transmittal|transmission|cover|message)\b/;
const COVER_COUNT =
  /\b(pages?|no\.? of pages|number of pages)\s*\(?\s*(including|incl\.?|with)\s*(this\s*)?(cover|page)/;

/**
 * A fax cover sheet: a "Fax transmittal" / "Facsimile cover sheet" heading near the top, or the
 * count of pages sent "including cover". The sheet is a one-page note of its own, and the page
 * behind it starts what was sent.
 */
export function faxCover(lines: string[]): boolean {
  const top = lines.slice(0, 14).map(plain);
  return top.slice(0, 5).some((l) => COVER_HEAD.test(l)) || top.some((l) => COVER_COUNT.test(l));
}

/** The first date printed in the page's top lines, normalised, or null. */
export function topDate(lines: string[]): string | null {
  for (const line of lines.slice(0, 12)) {
    // A date of birth or of injury names the person or claim, not this document.
    const m = DATE_RE.exec(line.replace(/\b(dob|d\.o\.b\.?|birth|date of injury|doi)\b.*$/i, ''));
    if (m) return skeleton(m[0]).replace(/ /g, '');
  }
  return null;
}

/** A case identification line ("Case No.", "Re:", "Applicant:") near the top. */
export function caseLine(lines: string[]): boolean {
  return lines
    .slice(0, 14)
    .some((l) =>
      /\b(case\s*(no|number|#)|claim\s*(no|number|#)|applicant\s*:|re\s*:|\bv(s)?\.\s)/i.test(l),
    );
}

const CASE_REF = /\badj\s?\d{6,8}\b|\bcase\s*(no|number|#)|\bclaim\s*(no|number|#)/i;
const VERSUS = /\S\s+v(s)?\.?\s+\S/i;
/** A heading, a dash, then the parties: "ANSWER — OCAMPO v. BAYSHORE LINEN, et al.". */
const TITLED_PARTIES = /^[^a-z]{6,}\s[—–-]{1,2}\s[^a-z]*\S\s+v(s)?\.\s+\S/;

/**
 * A running header repeating the caption in one line ("REYES v. ACME FOODS, ADJ1234567", or the
 * pleading's title and the parties: "ANSWER — OCAMPO v. BAYSHORE LINEN, et al.") on one of the
 * page's first two lines: pleadings print it on their continuation pages.
 */
export function captionHeader(lines: string[]): boolean {
  return lines
    .slice(0, 2)
    .some(
      (l) =>
        (l.length < 110 && VERSUS.test(l) && CASE_REF.test(l) && !/^\s*re\s*:/i.test(l)) ||
        (l.length < 160 && TITLED_PARTIES.test(l.trim())),
    );
}

/** Layout shape: mean line length and line count, for a layout-change cue. */
export interface Shape {
  meanLength: number;
  lineCount: number;
  indented: number;
}

export function shape(lines: string[]): Shape {
  if (lines.length === 0) return { meanLength: 0, lineCount: 0, indented: 0 };
  let total = 0;
  let indented = 0;
  for (const l of lines) {
    total += l.trim().length;
    if (/^\s{4,}/.test(l)) indented++;
  }
  return {
    meanLength: total / lines.length,
    lineCount: lines.length,
    indented: indented / lines.length,
  };
}

/** 0 (same shape) .. 1 (very different). */
export function shapeChange(a: Shape, b: Shape): number {
  const len = Math.abs(a.meanLength - b.meanLength) / Math.max(1, a.meanLength, b.meanLength);
  const count = Math.abs(a.lineCount - b.lineCount) / Math.max(1, a.lineCount, b.lineCount);
  return Math.min(1, (len + count + Math.abs(a.indented - b.indented)) / 2);
}

/** A format hint between a label and its colon: "Date of Injury (mm/dd/yyyy):". */
const HINT = String.raw`(?:\s*\([^)]{0,24}\))?`;
/**
 * The labels of a document's own subject block: the person and claim it is about, as a bill, a
 * diagnostic report, a benefit notice or a form prints them under its heading ("PATIENT: ...
 * DOB: ...", "1. INSURED: ... 1a. CLAIM NO.: ...", "Employer: ... Date of Injury: ..."). Form
 * boxes may be numbered ("2. PATIENT'S NAME:"). "Re:" and "Case No." are left out: running
 * headers and captions print them on every page; so is a label met in prose (no colon or value).
 */
const SUBJECT_LABELS: RegExp[] = [
  /\bpatient(?:'?s)?(?:\s+name)?\s*[:#]/,
  /\binsured(?:'?s)?(?:\s+(?:name|id))?\s*[:#]/,
  new RegExp(String.raw`\b(?:dob|d\.o\.b\.?|date of birth|birth ?date)${HINT}\s*[:#]?\s*\d`),
  new RegExp(String.raw`\bclaim\s*(?:no\.?|number|#)${HINT}(?:\s*[:#.]|\s+[a-z0-9-]*\d)`),
  new RegExp(
    String.raw`\b(?:doi|d\.o\.i\.?|date(?:\(s\))?\W{0,2}of\W{0,2}(?:current )?injur(?:y|ies))${HINT}(?:\s*[:#]|\s+\d)`,
  ),
  /\bemployer(?:'?s)?(?:\s+name)?\s*:/,
  new RegExp(
    String.raw`\b(?:employee|injured worker|claimant|applicant)(?:'?s)?(?:\s+name)?${HINT}\s*:`,
  ),
  /\b(?:date of (?:service|exam(?:ination)?|visit)|exam date|dos)\s*:/,
  /\breferring(?:\s+(?:physician|provider|doctor))?\s*:/,
];
/** One pass over the text: each label kind is a named group of one alternation. */
const SUBJECT_RE = new RegExp(
  SUBJECT_LABELS.map((re, i) => `(?<k${i}>${re.source})`).join('|'),
  'g',
);

/**
 * How many kinds of subject label (patient, insured, birth date, claim number, injury date,
 * employer, worker, date of service or exam, referring physician) the page's first lines print:
 * a page that opens its own subject block starts a bill, report or notice of its own, even right
 * behind another of the same kind and author.
 */
export function subjectBlock(lines: string[]): number {
  // The block stands under a heading, a title or a letterhead: labels on the page's first line
  // are a running header ("Patient: DIAZ, ANA  DOB: 1/2/1970  Claim #: 123"), not a new subject.
  // Blank lines do not count (OCR often reads one between two printed lines).
  const top = lines
    .slice(0, 40)
    .filter((l) => l.trim() !== '')
    .slice(1, 16)
    .join('\n')
    .toLowerCase()
    .replace(/[|!]/g, 'l')
    .replace(/[ \t]+/g, ' ');
  const kinds = new Set<string>();
  for (const m of top.matchAll(SUBJECT_RE)) {
    for (const [kind, hit] of Object.entries(m.groups ?? {}))
      if (hit !== undefined) kinds.add(kind);
  }
  return kinds.size;
}

const BILL_END =
  /\btotal (charges?|billed|due|amount)\b|\b(balance|amount) due\b|\bbilling provider\b|\bsignature of (physician|supplier|provider)\b/i;

/**
 * The page ends a bill: a total charge, a balance or amount due, a billing provider or a
 * physician's signature box among its last lines (page numbers aside). A bill closes there as a
 * letter closes with its signature.
 */
export function billEnd(lines: string[]): boolean {
  const body = lines
    .slice(-12)
    .filter((l) => l.trim() !== '' && !/^\W*(page\s*)?\d+(\s*(of|\/)\s*\d+)?\W*$/i.test(l.trim()));
  const end = body.slice(-6).join('\n');
  return BILL_END.test(end.replace(/[|!]/g, 'l').replace(/[ \t]+/g, ' '));
}
