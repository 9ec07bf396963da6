/**
 * The edit form of a document type as plain data: titles and form numbers as one-per-line text,
 * keywords as rows of term and weight text. Turns a type into a form, checks a form with the same
 * limits the server applies, and builds only the changes the server needs. Also the one-line
 * summaries of a type's rules shown in the list.
 */
import type { FileType, FileTypeChanges, TypeRules } from './api';

export const WEIGHT_MIN = -10;
export const WEIGHT_MAX = 10;
const LIMITS = {
  name: 120,
  title: 200,
  titles: 50,
  formNumber: 100,
  keywordTerm: 100,
  keywords: 200,
};

export interface KeywordRow {
  /** A stable React key for the row (not sent). */
  rowId: string;
  term: string;
  weight: string;
}

export interface TypeForm {
  name: string;
  folderId: string;
  titles: string;
  formNumbers: string;
  keywords: KeywordRow[];
}

export type FormErrors = Partial<Record<'name' | 'titles' | 'formNumbers' | 'keywords', string>>;

let rowSequence = 0;
export function newKeywordRow(term = '', weight = '1'): KeywordRow {
  rowSequence += 1;
  return { rowId: `kw-${rowSequence}`, term, weight };
}

/** Non-empty trimmed lines, each kept once (first spelling wins, case-insensitively). */
export function linesToList(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const item = line.trim();
    if (!item || seen.has(item.toLowerCase())) continue;
    seen.add(item.toLowerCase());
    out.push(item);
  }
  return out;
}

export function formFromType(type: FileType): TypeForm {
  return {
    name: type.name,
    folderId: type.legal_document_folder_id,
    titles: type.rules.titles.join('\n'),
    formNumbers: type.rules.formNumbers.join('\n'),
    keywords: type.rules.keywords.map((k) => newKeywordRow(k.term, String(k.weight))),
  };
}

/** Whether the text is a weight the server accepts (a number from -10 to 10). */
export function isWeight(text: string): boolean {
  return parseWeight(text) !== null;
}

function parseWeight(text: string): number | null {
  const value = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(value)) return null;
  return value >= WEIGHT_MIN && value <= WEIGHT_MAX ? value : null;
}

/** The form checked: the rules and name it stands for, or the errors to show by field. */
export function readForm(
  form: TypeForm,
): { ok: true; name: string; rules: TypeRules } | { ok: false; errors: FormErrors } {
  const errors: FormErrors = {};
  const name = form.name.trim();
  if (!name) errors.name = 'Enter a name.';
  else if (name.length > LIMITS.name) errors.name = `At most ${LIMITS.name} characters.`;

  const titles = linesToList(form.titles);
  if (titles.length > LIMITS.titles) errors.titles = `At most ${LIMITS.titles} titles.`;
  else if (titles.some((t) => t.length > LIMITS.title))
    errors.titles = `A title has at most ${LIMITS.title} characters.`;

  const formNumbers = linesToList(form.formNumbers);
  if (formNumbers.length > LIMITS.titles)
    errors.formNumbers = `At most ${LIMITS.titles} form numbers.`;
  else if (formNumbers.some((t) => t.length > LIMITS.formNumber))
    errors.formNumbers = `A form number has at most ${LIMITS.formNumber} characters.`;

  const keywords: TypeRules['keywords'] = [];
  for (const row of form.keywords) {
    const term = row.term.trim();
    if (!term && row.weight.trim() === '') continue;
    const weight = parseWeight(row.weight);
    if (!term) errors.keywords = 'Every keyword needs a term.';
    else if (term.length > LIMITS.keywordTerm)
      errors.keywords = `A keyword has at most ${LIMITS.keywordTerm} characters.`;
    else if (weight === null)
      errors.keywords = `Weights are numbers from ${WEIGHT_MIN} to ${WEIGHT_MAX}.`;
    else keywords.push({ term, weight });
  }
  if (!errors.keywords && keywords.length > LIMITS.keywords)
    errors.keywords = `At most ${LIMITS.keywords} keywords.`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, name, rules: { titles, formNumbers, keywords } };
}

const sameRules = (a: TypeRules, b: TypeRules) => JSON.stringify(a) === JSON.stringify(b);

/** Only what differs from the stored type; an empty object when nothing changed. */
export function changesFor(
  type: FileType,
  form: TypeForm,
  read: { name: string; rules: TypeRules },
) {
  const changes: FileTypeChanges = {};
  if (read.name !== type.name) changes.name = read.name;
  if (form.folderId !== type.legal_document_folder_id)
    changes.legal_document_folder_id = form.folderId;
  if (!sameRules(read.rules, type.rules)) changes.rules = read.rules;
  return changes;
}

/** Server field issues ("data.rules.keywords.0.weight") mapped onto the form's fields. */
export function errorsFromIssues(issues: Array<{ path: string; message: string }>): FormErrors {
  const errors: FormErrors = {};
  for (const issue of issues) {
    const path = issue.path.replace(/^data\./, '');
    if (path.startsWith('name')) errors.name ??= issue.message;
    else if (path.startsWith('rules.titles')) errors.titles ??= issue.message;
    else if (path.startsWith('rules.formNumbers')) errors.formNumbers ??= issue.message;
    else if (path.startsWith('rules.keywords')) errors.keywords ??= issue.message;
  }
  return errors;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "3 titles · 1 form number · 5 keywords" (or "No rules: matched by its name"). */
export function rulesCounts(rules: TypeRules): string {
  const parts = [
    rules.titles.length > 0 ? plural(rules.titles.length, 'title') : null,
    rules.formNumbers.length > 0 ? plural(rules.formNumbers.length, 'form number') : null,
    rules.keywords.length > 0 ? plural(rules.keywords.length, 'keyword') : null,
  ].filter((part): part is string => part !== null);
  return parts.length > 0 ? parts.join(' · ') : 'No rules: matched by its name';
}

/** The strongest keywords first, as "term +4", at most `limit` of them. */
export function topKeywords(rules: TypeRules, limit = 4): string[] {
  return [...rules.keywords]
    .sort((a, b) => b.weight - a.weight)
    .slice(0, limit)
    .map((k) => `${k.term} ${k.weight > 0 ? '+' : ''}${k.weight}`);
}
