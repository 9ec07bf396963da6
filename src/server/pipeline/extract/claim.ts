/**
 * Claim numbers and other case numbers, found by their labels. A claim number is whatever the
 * carrier printed after "Claim No." / "Claim Number" / "Claim #" / "Carrier Claim No" / "Insurer
 * claim no." (OCR-damaged spellings like "C1aim N0." and labels broken over a line included); a
 * case number is what follows "Case No." / "Case Number" when it is not an ADJ or legacy WCAB
 * number (those are kept by adj.ts and wcab.ts), e.g. a superior court "BC123456". Several values
 * may follow one label ("Claim Nos.: 123, 456"); values are kept as printed, trimmed.
 */
import { findAdjNumbers } from './adj';
import { valueInBox } from './labels';
import { cleanText, dedupe } from './ocr';
import { findWcabNumbers } from './wcab';

const NUMBER_WORD = String.raw`(?:Number|Numb|Nbr\.?|Num\.?|N[o0]s?\.?(?![A-Za-z])|#)`;

/** "Claim", tolerating OCR's 1/I/| for l, l/1 for i, rn/nn for m, and a stray space. */
const CLAIM_WORD = String.raw`C[ ]?[l1I|][ ]?a[ ]?[i1l|][ ]?(?:m|rn|nn)`;

// A label may abut a left column's last word when a text layer drops the gap
// ("Insurance CompanyClaim No.: 123"): a capital C right after a small letter starts a word.
const CLAIM_LABEL = new RegExp(
  String.raw`(?:(?<![A-Za-z])|(?<=[a-z])(?=C[ ]?[l1I|]a))${CLAIM_WORD}(?:\s*${NUMBER_WORD}(?:\(s\))?|(?=\s*:))`,
  'gi',
);

const CASE_LABEL = new RegExp(String.raw`(?<![A-Za-z])Cas[e3]\s*${NUMBER_WORD}(?:\(s\))?`, 'gi');

/**
 * The separator after a label (OCR may read its colon as ";" or ","), and at most one line break
 * before the value.
 */
const AFTER_LABEL = /^[ \t]*[:;,#.-]{0,2}[ \t]*(?:\n[ \t]*)?/;

const VALUE_TOKEN = /^[A-Za-z0-9][A-Za-z0-9\-.]*/;
const LIST_SEPARATOR = /^\s*(?:,|;|&|\/|and\b)\s*/i;
const DATE_LIKE = /^\d{1,2}[-.]\d{1,2}[-.]\d{2,4}$|^\d{4}-\d{2}-\d{2}$/;

/** Words that can follow a label where a value is missing; never values themselves. */
const NOT_VALUES = /^(?:n\/?a|none|unknown|tbd|pending|unassigned)$/i;

function looksLikeValue(token: string, maxLength: number): boolean {
  return (
    token.length >= 3 &&
    token.length <= maxLength &&
    /\d/.test(token) &&
    !DATE_LIKE.test(token) &&
    !NOT_VALUES.test(token)
  );
}

/**
 * A claim number printed in groups with single spaces ("05 448120 WC", "0531 WC 22 0081771"):
 * capitals, digits and hyphens, up to the end of the value (a column gap, a list separator or the
 * line's end). At least one short group (two spaced long numbers are two claims), at least five
 * digits, and no group that is a field's label.
 */
const SPACED_VALUE = /^[A-Z0-9][A-Z0-9-]*(?: [A-Z0-9][A-Z0-9-]*){1,4}(?= {2}|\s*[,;&]|\s*$)/;
const LABEL_GROUP = /^(?:DOI|DOB|SSN|ADJ|WCAB|EAMS|DOS|DOR|AND)$/;

function spacedValue(rest: string, maxLength: number): string | null {
  const m = SPACED_VALUE.exec(rest);
  if (!m) return null;
  const groups = m[0].split(' ');
  const digits = m[0].replace(/\D/g, '').length;
  if (
    digits < 5 ||
    m[0].length > maxLength ||
    !groups.some((g) => g.length <= 4) ||
    groups.some((g) => LABEL_GROUP.test(g) || (/^[A-Z]+$/.test(g) && g.length > 3)) ||
    groups.some((g) => findAdjNumbers(g).length > 0)
  )
    return null;
  return m[0];
}

/**
 * A claim number with one period inside it and no other separator ("240.7VZ9477") is a scan's
 * speck read as a period: claim numbers are grouped by hyphens or spaces, and a period is only
 * kept where it groups the number regularly (two or more of them) or sets off a short suffix
 * ("12345.001").
 */
function withoutSpeckDot(token: string): string {
  const m = /^([A-Za-z0-9]+)\.([A-Za-z0-9]+)$/.exec(token);
  if (!m || /^\d{1,3}$/.test(m[2] ?? '')) return token;
  return `${m[1] ?? ''}${m[2] ?? ''}`;
}

/**
 * Reads the values listed right after a label: tokens joined by list separators. ADJ and WCAB
 * numbers are skipped (but do not end the list).
 */
function readValues(after: string, maxLength: number): string[] {
  const line = after.replace(AFTER_LABEL, '').split('\n')[0] ?? '';
  // A form's next column (three or more spaces) is not part of the value.
  let rest = (line.split(/ {3,}|\t/)[0] ?? '').slice(0, 160);
  const values: string[] = [];
  for (let i = 0; i < 8 && rest.length > 0; i += 1) {
    const skipped = skipAdjOrWcab(rest);
    if (skipped !== null) {
      rest = skipped;
    } else if (spacedValue(rest, maxLength) !== null) {
      const spaced = spacedValue(rest, maxLength) ?? '';
      values.push(spaced);
      rest = rest.slice(spaced.length);
    } else {
      const m = VALUE_TOKEN.exec(rest);
      if (!m) break;
      const token = withoutSpeckDot(m[0].replace(/[.-]+$/, ''));
      if (!looksLikeValue(token, maxLength)) break;
      values.push(token);
      rest = rest.slice(m[0].length);
    }
    const sep = LIST_SEPARATOR.exec(rest);
    if (!sep) break;
    rest = rest.slice(sep[0].length);
  }
  return values;
}

/** When `s` starts with an ADJ or legacy WCAB number, what follows it; otherwise null. */
function skipAdjOrWcab(s: string): string | null {
  const adj = /^(?:ADJ|AD\.J|A\.D\.J\.?|AD[Il1|]|A[O0]J|Adj|adj)[ \-#:]?[^\s,;&/]+/.exec(s);
  if (adj && findAdjNumbers(adj[0]).length === 1) return s.slice(adj[0].length);
  const wcab = /^[A-Z0158]{3}[ -]?[^\s,;&/]{7}/.exec(s);
  if (wcab && findWcabNumbers(wcab[0]).length === 1) return s.slice(wcab[0].length);
  return null;
}

function findLabelled(text: string, label: RegExp, maxLength: number): string[] {
  const clean = cleanText(text);
  const found: string[] = [];
  for (const m of clean.matchAll(label)) {
    const at = m.index ?? 0;
    // Run into the previous word, a label must start with a capital ("CompanyClaim No.").
    if (/[a-z]/.test(clean[at - 1] ?? '') && m[0][0] !== 'C') continue;
    const start = at + m[0].length;
    // A form's row of boxes: the value is printed under its label, beside other boxes' values.
    const box = valueInBox(clean, at, start);
    found.push(...readValues(box ?? clean.slice(start, start + 240), maxLength));
  }
  return dedupe(found);
}

/** Claim numbers found by a claim label, as printed, in order, deduplicated; never ADJ numbers. */
export function findClaimNumbers(text: string): string[] {
  return findLabelled(text, CLAIM_LABEL, 25);
}

/**
 * Case numbers found by a "Case No." label that are neither ADJ nor legacy WCAB numbers (court
 * case numbers such as "BC123456", "19STCV12345", "30-2019-01234567-CU-PA-CJC").
 */
export function findCaseNumbers(text: string): string[] {
  return findLabelled(text, CASE_LABEL, 32);
}
