/**
 * Page-level readings the splitter needs, each from one page's text: "Page k of N" and bare page
 * numbers (OCR-tolerant), ADJ case numbers, a WCAB caption block, a separator or cover sheet, a
 * letter's salutation, the header and footer lines, and the page's word set for similarity.
 */
import { compact, lineSkeleton, tokens } from '../classify/normalize';

export interface PageNumber {
  k: number;
  /** Total pages, when printed ("Page 2 of 5"). */
  n: number | null;
}

/** Digits as OCR misreads them. */
function digits(s: string): number {
  return Number.parseInt(s.replace(/[lI|]/g, '1').replace(/[oO]/g, '0').replace(/[sS]/g, '5'), 10);
}

const D = '[0-9lI|oO]';
const PAGE_OF = new RegExp(`\\bp\\s?a\\s?g\\s?e\\s*(${D}{1,3})\\s*(?:of|/)\\s*(${D}{1,3})\\b`, 'i');
const BARE_OF = new RegExp(`^\\s*(?:pg\\.?\\s*)?(${D}{1,3})\\s*(?:of|/)\\s*(${D}{1,3})\\s*$`, 'i');
const PAGE_K = new RegExp(`^\\s*(?:-\\s*)?(?:page|pg\\.?)\\s*(${D}{1,3})(?:\\s*-)?\\s*$`, 'i');
const BARE_K = /^\s*[-–]?\s*(\d{1,3})\s*[-–]?\s*$/;

/** The page number printed in the page's first three or last three lines, if any. */
export function pageNumber(lines: string[]): PageNumber | null {
  const candidates = [...lines.slice(-3).reverse(), ...lines.slice(0, 3)];
  for (const line of candidates) {
    const m = PAGE_OF.exec(line) ?? BARE_OF.exec(line);
    if (m?.[1] && m[2]) {
      const k = digits(m[1]);
      const n = digits(m[2]);
      if (k >= 1 && n >= k && n < 1000) return { k, n };
    }
  }
  for (const line of candidates) {
    const m = PAGE_K.exec(line) ?? BARE_K.exec(line);
    if (m?.[1]) {
      const k = digits(m[1]);
      if (k >= 1 && k < 1000) return { k, n: null };
    }
  }
  return null;
}

/** ADJ numbers (EAMS case numbers) on the page, normalised to "ADJ" + digits. */
export function adjNumbers(text: string): Set<string> {
  const out = new Set<string>();
  const re = /\bA\s?[DO]\s?[J1lI]\s?[-#:]?\s?([0-9OolI|]{6,9})\b/gi;
  for (const m of text.matchAll(re)) {
    const d = (m[1] ?? '').replace(/[OoQ]/g, '0').replace(/[lI|]/g, '1');
    if (/^\d{7,8}$/.test(d)) out.add(`ADJ${d}`);
  }
  return out;
}

const CAPTION = [
  'workers compensation appeals board',
  'state of california',
  'applicant',
  'defendants',
  'case no',
];

/** How many caption markers appear in the top lines (0..5). */
export function captionScore(lines: string[]): number {
  const top = ` ${lines.slice(0, 18).map(lineSkeleton).join(' ')} `;
  const c = compact(top);
  let n = 0;
  for (const marker of CAPTION) if (c.includes(compact(marker))) n++;
  return n;
}

const SEPARATOR = [
  'document separator sheet',
  'separator sheet',
  'document cover sheet',
  'cover sheet',
];

/** A separator or cover sheet: its name near the top and little else on the page. */
export function isSeparator(lines: string[], wordCount: number): boolean {
  const top = compact(lines.slice(0, 8).join(' '));
  const named = SEPARATOR.some((s) => top.includes(compact(s)));
  return named && wordCount < 120 && !/fax|facsimile/i.test(lines.slice(0, 8).join(' '));
}

/**
 * A letter opening: a salutation or "Re:" line near the top. Not a "Re:" running header over text
 * that goes on mid-sentence (a continuation page, see startsMidSentence) when no salutation
 * follows.
 */
export function letterOpening(lines: string[]): boolean {
  const top = lines.slice(0, 20);
  if (top.some((l) => /^\s*dear\b/i.test(l))) return true;
  if (runningReHeader(lines)) return false;
  return top.some((l) => /^\s*(re\s*:|subject\s*:)/i.test(l));
}

/** A salutation ("Dear Ms. Hall:") in the upper part of the page. */
export function salutation(lines: string[]): boolean {
  return lines.slice(0, 30).some((l) => /^\s*d\s?e\s?a\s?r\s+\S/i.test(l));
}

/** A letterhead or attorney block: a street address or phone number in the first six lines. */
export function letterhead(lines: string[]): boolean {
  return lines
    .slice(0, 6)
    .some(
      (l) =>
        /\b[A-Z]{2}\s+\d{5}(-\d{4})?\b/.test(l) ||
        /\(\d{3}\)\s?\d{3}-\d{4}/.test(l) ||
        /^\s*\d{2,6}\s+\w+.*\b(street|st|avenue|ave|boulevard|blvd|road|rd|drive|dr|way|highway|suite)\b/i.test(
          l,
        ),
    );
}

/** A complimentary close alone on a line ("Very truly yours,"), OCR specks around it ignored. */
const BARE_CLOSE =
  /^[\W_]*(sincerely( yours)?|(very )?truly yours|yours (very )?(truly|sincerely)|respectfully( submitted| yours)?|(best |kind )?regards)[\W_]*$/i;
/** A page number or counter alone on a line. */
const NUMBER_ONLY = /^\W*(page\s*)?\d+(\s*(of|\/)\s*\d+)?\W*$/i;

/**
 * A closing or signature in the last lines: the page ends a letter, pleading or report. Not when
 * the page's last line is a bare complimentary close: its signature block is on the next page,
 * so the letter goes on there; nor when a "Dated:" line with no signature mark before it ends the
 * page: the signature stands on the next page. (A "Dated:" line may stand before or after the
 * signature.) A form's signature label ("Requesting Physician Signature:") counts without its
 * blank: OCR drops the underscores of a signature line. OCR specks before "Dated:" or "/s/"
 * ("., Dated: April 22, 2022") are ignored. A diagnostic report signs off with its reader
 * ("Interpreted by: ...", "Dictated by: ...", "Reading physician: ...").
 */
export function closing(lines: string[]): boolean {
  const body = lines.filter((l) => l.trim() !== '' && !NUMBER_ONLY.test(l.trim()));
  const last = (body[body.length - 1] ?? '').trim();
  if (BARE_CLOSE.test(last)) return false;
  // A "Dated:" line ending the page with no signature mark before it: the signature is next.
  const marks = lines.slice(-8).filter((l) => CLOSING_MARK.test(l));
  return (
    marks.length > 0 && !(marks.length === 1 && DATED.test(last) && DATED.test(marks[0] ?? ''))
  );
}

const DATED = /^[\W_]*dated\s*:/i;
const CLOSING_MARK =
  /(sincerely|very truly yours|respectfully submitted|electronically signed|executed (on|at)|^[^\w/]*\/s\/|_{6,}|^[\W_]*dated\s*:|^[\W_]*(interpreted|dictated|read) by\b|^[\W_]*reading (physician|radiologist)\s*:|\bsignature\b[^.:]{0,50}:\s*(date\s*:.*)?$)/i;

/** A header or footer line without its page number or other short numbers, for comparing pages. */
export function furniture(line: string | undefined): string {
  if (!line) return '';
  return compact(line.replace(/page\s*\S+\s*(of\s*\S+)?/gi, '').replace(/\b\d{1,3}\b/g, ''));
}

export function wordSet(text: string): Set<string> {
  return new Set(tokens(text).filter((t) => t.length > 2));
}

/** The same word set from a prepared text's spaced skeleton (already computed, line by line). */
export function wordSetOfSpaced(spaced: string): Set<string> {
  return new Set(spaced.split(' ').filter((t) => t.length > 2));
}

/** Cosine similarity of two word sets. */
export function cosine(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / Math.sqrt(a.size * b.size);
}

/** Six lowercase words in a row: running prose. */
const PROSE = /[a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,},? [a-z]{2,}/;

/**
 * The page's text begins in the middle of a sentence: its first line starts in lowercase, or the
 * first line of its body does, below a running header that opens with "Re:" (a report's or a
 * letter's continuation page: "Re: Calderon, Ngozi / QME report of January 5, 2027 / partially
 * disabled."). Without its page number (a lone counter OCR dropped) that is the page's clearest
 * sign of going on.
 */
export function startsMidSentence(lines: string[]): boolean {
  const first = lines.find((l) => l.trim() !== '')?.trim() ?? '';
  return /^[a-z]/.test(first) || runningReHeader(lines);
}

/**
 * A "Re:" line opening the page, then at most one more short line, then lowercase text; or a
 * "Re:" name over a claim number line ("Re: PARK, RAUL G." / "Claim No. 27-03003-34"): a report's
 * or letter's continuation page (a letter's own "Re:" stands below its date and addressee).
 */
function runningReHeader(lines: string[]): boolean {
  const body = lines.map((l) => l.trim()).filter(Boolean);
  if (!/^re\s*:/i.test(body[0] ?? '')) return false;
  if (/^claim\s*(?:no\b|number\b|#)/i.test(body[1] ?? '')) return true;
  for (const line of body.slice(1, 3)) {
    if (/^[a-z]/.test(line)) return true;
    if (line.length > 60) return false;
  }
  return false;
}

/**
 * The page's text stops in the middle of a sentence: its last line of prose (page numbers and
 * form footers aside) ends without a full stop.
 */
export function endsMidSentence(lines: string[]): boolean {
  const body = lines.filter((l) => !/^\W*(page\s*)?\d+(\s*of\s*\d+)?\W*$/i.test(l.trim()));
  const last = body[body.length - 1]?.trim() ?? '';
  return PROSE.test(last) && !/[.:;!?)"']$/.test(last);
}
