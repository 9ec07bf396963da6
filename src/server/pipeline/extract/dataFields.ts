/**
 * A company's own data fields (data_field_prompts: data_field "Employer Name", variable
 * "employer_name"), read from "<label>: value" lines. A label matches loosely: the words of the
 * data field or of the snake_case / camelCase variable, in order, any case, split by spaces, line
 * breaks, "_" or "-", with "'s" allowed after a word, "number"/"no."/"#" interchangeable and a
 * trailing "name" optional either way ("Employer:" answers "Employer Name" and
 * "Employer Name:" answers "Employer"). Labels opening a line or a form
 * column win over labels inside a line. Values are kept as printed, trimmed and bounded.
 */
import { cleanText, escapeRegExp } from './ocr';
import { valueAfter } from './labels';

export interface DataFieldSpec {
  dataField: string;
  variable: string;
}

const NUMBER_WORDS = new Set(['number', 'no', 'num', 'nbr', 'numb']);
const NUMBER_RE = String.raw`(?:number|numb|num\.?|nbr\.?|no\.?|#)`;

/** Words of a label or variable: "employer_name" / "employerName" / "Employer Name" → employer, name. */
export function labelWords(s: string): string[] {
  return s
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9#]+/)
    .map((w) => w.toLowerCase())
    .filter((w) => w !== '');
}

function wordPattern(word: string): string {
  if (NUMBER_WORDS.has(word) || word === '#') return NUMBER_RE;
  return `${escapeRegExp(word)}(?:'s)?`;
}

/** The word sequences to try for one field, strongest first. */
function candidates(spec: DataFieldSpec): string[][] {
  const lists = [labelWords(spec.dataField), labelWords(spec.variable)];
  for (const words of [...lists]) {
    if (words.length > 1 && words.at(-1) === 'name') lists.push(words.slice(0, -1));
  }
  const seen = new Set<string>();
  return lists.filter((w) => {
    const key = w.join(' ');
    if (w.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function labelRegex(words: string[]): RegExp {
  const body = words.map(wordPattern).join(String.raw`[\s_\-]*`);
  const endsInNumber = NUMBER_WORDS.has(words.at(-1) ?? '');
  const colon = endsInNumber ? String.raw`[ \t]*:?` : String.raw`[ \t]*(?:\(s\))?[ \t]*:`;
  // "Requesting Physician" also answers "Requesting Physician Name:".
  const name = words.at(-1) === 'name' || endsInNumber ? '' : String.raw`(?:[\s_\-]*name)?`;
  return new RegExp(`(?<![A-Za-z0-9])${body}${name}${colon}`, 'gi');
}

/** Whether a label match opens its line or a column (only spaces, "|" or a column gap before). */
function opensField(text: string, index: number): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1;
  const before = text.slice(lineStart, index);
  return /^\s*$/.test(before) || / {3,}$|\t$|\|\s*$/.test(before);
}

function findValue(text: string, words: string[], mustOpen: boolean): string | null {
  for (const m of text.matchAll(labelRegex(words))) {
    const index = m.index ?? 0;
    if (mustOpen && !opensField(text, index)) continue;
    const value = valueAfter(text, index + m[0].length);
    if (value !== '') return value;
  }
  return null;
}

/**
 * Reads each chosen data field's value from a document's text, keyed by its variable; null
 * when no label for it is found with a value.
 */
export function extractDataFields(
  text: string,
  fields: ReadonlyArray<DataFieldSpec>,
): Record<string, string | null> {
  const clean = cleanText(text);
  const out: Record<string, string | null> = {};
  for (const field of fields) {
    const lists = candidates(field);
    let value: string | null = null;
    for (const mustOpen of [true, false]) {
      for (const words of lists) {
        value = findValue(clean, words, mustOpen);
        if (value !== null) break;
      }
      if (value !== null) break;
    }
    out[field.variable] = value;
  }
  return out;
}
