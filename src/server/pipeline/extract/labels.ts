/**
 * Reading "<label>: value" pairs out of forms and letters. The value is the rest of the label's
 * line, or the next line when the label stands alone (forms laid out label-above-value), cut where
 * a form's next column (two or more spaces, a tab), a numbered form box ("3. DOB:", "14. DATE OF
 * CURRENT INJURY") or the next field's label (in any case: forms print labels in capitals) begins.
 */
import { fuzzyInjuryLabels } from './fuzzy';
import { squashSpaces } from './ocr';

/** Labels that commonly follow a value on the same line; a value ends where one begins. */
const NEXT_FIELD_WORDS = new RegExp(
  String.raw`\s(?:DOB|D\.O\.B\.?|Date\s+of\s+(?:Current\s+)?(?:Birth|Injury|Incident|Exam|Service|Report|Visit)|` +
    String.raw`SSN|Claim\s*(?:No|Number|#)|Case\s*(?:No|Number|#)|DOI|D\/O\/I|ADJ\s?\d|WCAB|EAMS|` +
    String.raw`Phone|Tel|Fax|Address|Sex|Age|Occupation|Employer|Insurer|Carrier|Adjuster|` +
    String.raw`Attorney|Patient|Applicant|Account|Chart|MRN)\b`,
  'i',
);
/** A capitalised word followed by a colon (" Dept:", " Today's Date:"), or a form's
 * numbered box ("  3. DOB", " 14. DATE OF CURRENT INJURY", " 1a. CLAIM NO."), also right after
 * a word or the specks OCR reads a form's box rules as ("District _-~-:14. DATE"). */
const NEXT_FIELD_SHAPE =
  /\s(?:[A-Z][a-z]+'s\s)?[A-Z][A-Za-z]+:|(?:\s|(?<=[a-z:;,_~|'"-]))\d{1,2}[a-z]?\.\s+[A-Z]{2}/;
/**
 * A box number OCR glued to the end of the previous box's value, digits read as letters
 * ("Securityis." for "Security 14."); only stripped on a numbered form row.
 */
const GLUED_BOX_NUMBER = /(?<=[A-Za-z])(?:\d{1,2}|[0-9Il|i!][0-9OoSsBZzIl|i!])[a-z]?\.\s*$/;
/** A form box's number left at the end of a value ("SINGH, JUN 3."), after a space or a speck. */
const BOX_NUMBER_AT_END = /(?:\s|(?<=[:;_~|'"]))\d{1,2}[a-z]?\.?\s*$/;
const BOX_NUMBER_AT_END_BEFORE_LABEL = /(?:\s|(?<=[:;_~|'"]))\d{1,2}[a-z]?[.,]?\s*$/;
/** A form row that opens with a box number ("4. EMPLOYER:", OCR's "4, EMPLOYER:"). */
const NUMBERED_ROW = /^\s*[^\sA-Za-z0-9]?\d{1,2}[a-z]?[.,]\s/;

const COLUMN_GAP = / {2,}|\t/;
/** A line that is itself a label (ends in a colon, or "Word:" opens it). */
const LABEL_LINE = /^\s*[A-Za-z][A-Za-z ()'#./]{0,40}:/;

export const MAX_VALUE_LENGTH = 200;

/**
 * Words that carry a firm's name on and never open a form's next column by themselves: OCR may
 * open a wide gap inside a name ("Brightwater   Claims Solutions"), which is no column.
 */
const FIRM_GOES_ON =
  /^(?:Claims|Insurance|Indemnity|Casualty|Assurance|Underwriters|Services|Solutions|Management|Administrators|Group|Company|Co\.|Inc\.?|LLC|Corp\.?|Corporation|Fund)\b[^:]*$/;
const FIRM_ENDS = /\b(?:inc|llc|llp|corp|corporation|co|company|ltd|fund)\.?,?$/i;

/** The value's first column, with a firm's name taken across a gap OCR opened inside it. */
function firstColumn(value: string): string {
  const parts = value.split(COLUMN_GAP).filter((s) => s.trim() !== '');
  const first = parts[0] ?? '';
  const next = parts[1]?.trim() ?? '';
  if (next && FIRM_GOES_ON.test(next) && !FIRM_ENDS.test(first.trim()) && !/:\s*$/.test(first))
    return `${first} ${next}`;
  return first;
}

/**
 * Cuts a value where the next field's label or a form's next column begins. `numberedRow`: the
 * value's label opened with a box number, so the next label has one too (perhaps glued on).
 */
export function cutAtNextField(value: string, numberedRow = false): string {
  let v = firstColumn(value);
  let cut = false;
  // The date-of-injury label as damaged OCR prints it ("pate oF current 1nsuRY:").
  const damaged = fuzzyInjuryLabels(v)[0];
  if (damaged && damaged.index > 0) {
    v = v.slice(0, damaged.index);
    cut = true;
  }
  for (const re of [NEXT_FIELD_WORDS, NEXT_FIELD_SHAPE]) {
    const next = re.exec(v);
    if (next) {
      v = v.slice(0, next.index);
      cut = true;
    }
  }
  // A form box's number left before the next label ("SINGH, JUN 3. DOB:").
  // Before a label OCR may read the box number's period as a comma ("LLC 14, DATE OF ...").
  const boxNumber = cut ? BOX_NUMBER_AT_END_BEFORE_LABEL : BOX_NUMBER_AT_END;
  const unnumbered = v.replace(boxNumber, '');
  if (unnumbered !== v) v = unnumbered;
  else if (cut && numberedRow) v = v.replace(GLUED_BOX_NUMBER, '');
  return squashSpaces(v).slice(0, MAX_VALUE_LENGTH).trim();
}

const segments = (line: string) =>
  line
    .split(COLUMN_GAP)
    .map((part) => part.trim())
    .filter((part) => part !== '');

/** What may follow a box's label inside its box: a colon, a format hint "(MM/DD/YYYY)". */
const LABEL_REST = /^[\s:#.-]*(?:\([^)\n]{0,40}\))?[\s:#.-]*$/;

/**
 * The value printed under a label in a form's row of boxes: labels side by side on one line
 * (two or more spaces apart), their values on the next line in the same order. The label at
 * [start, end) must fill its box; the value is the next line's box in the same place, read only
 * when that line has as many boxes as the label line (an empty box would shift them). Null when
 * the label's line holds no other box or the layout does not line up.
 */
export function valueInBox(text: string, start: number, end: number): string | null {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', end);
  if (lineEnd < 0) return null;
  const labels = segments(text.slice(lineStart, lineEnd));
  if (labels.length < 2) return null;
  const prefix = text.slice(lineStart, start);
  const restOfBox = text.slice(end, lineEnd).split(COLUMN_GAP)[0] ?? '';
  if (!LABEL_REST.test(restOfBox)) return null;
  const sameBox = prefix.trim() !== '' && !/(?: {2,}|\t)$/.test(prefix);
  const index = segments(prefix).length - (sameBox ? 1 : 0);
  const below = text.slice(lineEnd + 1, lineEnd + 400).split('\n');
  const next = (below[0] ?? '').trim() === '' ? (below[1] ?? '') : (below[0] ?? '');
  const values = segments(next);
  const value = values[index];
  if (values.length !== labels.length || !value || /:\s*$/.test(value)) return null;
  return value;
}

/**
 * The raw value after a label match ending at `end`: the value under it in a row of boxes
 * (when `start` is given), else the rest of that line, or the following line when the rest is
 * blank and that line is not a label itself. Empty string when none.
 */
export function valueAfter(text: string, end: number, start?: number): string {
  const box = start === undefined ? null : valueInBox(text, start, end);
  if (box !== null) return cutAtNextField(box);
  const after = text.slice(end, end + 600).replace(/^[ \t]*[:#-]?/, '');
  const lines = after.split('\n');
  const first = lines[0] ?? '';
  const labelLine = text.slice(text.lastIndexOf('\n', end - 1) + 1, end);
  if (first.trim() !== '') return cutAtNextField(first, NUMBERED_ROW.test(labelLine));
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
    const raw = valueAfter(text, (m.index ?? 0) + m[0].length, m.index ?? 0);
    if (raw === '') continue;
    const value = accept(raw);
    if (value) return value;
  }
  return null;
}
