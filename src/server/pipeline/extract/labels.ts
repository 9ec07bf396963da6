/**
 * Reading "<label>: value" pairs out of forms and letters. The value is the rest of the label's
 * line, or the next line when the label stands alone (forms laid out label-above-value), cut where
 * a form's next column (two or more spaces, a tab), a numbered form box ("3. DOB:", "14. DATE OF
 * CURRENT INJURY") or the next field's label (in any case: forms print labels in capitals) begins.
 */
import { squashSpaces } from './ocr';

/** Labels that commonly follow a value on the same line; a value ends where one begins. */
const NEXT_FIELD_WORDS = new RegExp(
  String.raw`\s(?:DOB|D\.O\.B\.?|Date\s+of\s+(?:Birth|Injury|Incident|Exam|Service|Report|Visit)|` +
    String.raw`SSN|Claim\s*(?:No|Number|#)|Case\s*(?:No|Number|#)|DOI|D\/O\/I|ADJ\s?\d|WCAB|EAMS|` +
    String.raw`Phone|Tel|Fax|Address|Sex|Age|Occupation|Employer|Insurer|Carrier|Adjuster|` +
    String.raw`Attorney|Patient|Applicant|Account|Chart|MRN)\b`,
  'i',
);
/** A capitalised word followed by a colon (" Dept:", " Today's Date:"), or a form's
 * numbered box ("  3. DOB", " 14. DATE OF CURRENT INJURY", " 1a. CLAIM NO."). */
const NEXT_FIELD_SHAPE =
  /\s(?:[A-Z][a-z]+'s\s)?[A-Z][A-Za-z]+:|(?:\s|(?<=[a-z]))\d{1,2}[a-z]?\.\s+[A-Z]{2}/;

const COLUMN_GAP = / {2,}|\t/;
/** A line that is itself a label (ends in a colon, or "Word:" opens it). */
const LABEL_LINE = /^\s*[A-Za-z][A-Za-z ()'#./]{0,40}:/;

export const MAX_VALUE_LENGTH = 200;

/** Cuts a value where the next field's label or a form's next column begins. */
export function cutAtNextField(value: string): string {
  let v = value.split(COLUMN_GAP).find((s) => s.trim() !== '') ?? '';
  for (const re of [NEXT_FIELD_WORDS, NEXT_FIELD_SHAPE]) {
    const next = re.exec(v);
    if (next) v = v.slice(0, next.index);
  }
  // A form box's number left before the next label ("SINGH, JUN 3. DOB:").
  v = v.replace(/\s\d{1,2}[a-z]?\.?\s*$/, '');
  return squashSpaces(v).slice(0, MAX_VALUE_LENGTH).trim();
}

/**
 * The raw value after a label match ending at `end`: the rest of that line, or the following
 * line when the rest is blank and that line is not a label itself. Empty string when none.
 */
export function valueAfter(text: string, end: number): string {
  const after = text.slice(end, end + 600).replace(/^[ \t]*[:#-]?/, '');
  const lines = after.split('\n');
  const first = lines[0] ?? '';
  if (first.trim() !== '') return cutAtNextField(first);
  const second = lines[1] ?? '';
  if (second.trim() === '' || LABEL_LINE.test(second)) return '';
  return cutAtNextField(second);
}

/**
 * The first value (through `accept`, which tidies it or rejects it with null) after any match of
 * the global regex `label`, in order of appearance.
 */
export function firstLabelledValue(
  text: string,
  label: RegExp,
  accept: (value: string) => string | null,
): string | null {
  for (const m of text.matchAll(label)) {
    const raw = valueAfter(text, (m.index ?? 0) + m[0].length);
    if (raw === '') continue;
    const value = accept(raw);
    if (value) return value;
  }
  return null;
}
