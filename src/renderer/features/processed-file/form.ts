/**
 * The editable fields of a document, as a form: read from the loaded document, checked before
 * saving (dates, page range, name), and turned into the `changes` the review outbox sends plus
 * their `base` (the same fields' values as loaded, so the server can tell a field someone else
 * changed meanwhile). Only fields that differ from the loaded document are sent. Pure: no React.
 */
import {
  DAY_MESSAGE,
  isCalendarDay,
  isLabelledField,
  fieldLabel,
  NAME_MAX,
  EDITABLE_FIELDS,
  type DateField,
  type DocumentChange,
  type NumberField,
  type PageField,
} from '../../../shared/documents';
import { ERRORS } from '../../../shared/errors';
import { describeError, readErrorCode } from '../../app/errors';
import type { ProcessedFileDetails } from './operations';

/** The form keeps text as typed: '' is "no value"; pages are text until checked. */
export interface DocumentForm {
  name: string;
  applicant: string;
  defendant: string;
  legal_file_type_id: string | null;
  legal_case_id: string | null;
  case_number: string[];
  adj_number: string[];
  eams_number: string[];
  claim_number: string[];
  wcab_number: string[];
  date_of_injury: string;
  /** Whether the injury is cumulative trauma (a period with an end date). */
  cumulative: boolean;
  date_of_injury_end: string;
  date_of_incident: string;
  start_page_no: string;
  end_page_no: string;
}

export type FormField = Exclude<keyof DocumentForm, 'cumulative'>;
/** The fields this form edits: every editable field but crm_case_id, which follows the case. */
export const FORM_FIELDS: readonly FormField[] = EDITABLE_FIELDS.filter(
  (field): field is FormField => field !== 'crm_case_id',
);

/** The form's fields as a save sends them (a document change of every FORM_FIELDS field). */
type FormValues = Required<Omit<DocumentChange, 'crm_case_id'>>;

export type EditableDocument = Pick<
  ProcessedFileDetails,
  | 'name'
  | 'applicant'
  | 'defendant'
  | 'legal_file_type_id'
  | 'legal_case_id'
  | NumberField
  | DateField
  | PageField
>;

export function formFromDocument(doc: EditableDocument): DocumentForm {
  return {
    name: doc.name,
    applicant: doc.applicant ?? '',
    defendant: doc.defendant ?? '',
    legal_file_type_id: doc.legal_file_type_id,
    legal_case_id: doc.legal_case_id,
    case_number: [...doc.case_number],
    adj_number: [...doc.adj_number],
    eams_number: [...doc.eams_number],
    claim_number: [...doc.claim_number],
    wcab_number: [...doc.wcab_number],
    date_of_injury: doc.date_of_injury ?? '',
    cumulative: doc.date_of_injury_end !== null && doc.date_of_injury_end !== '',
    date_of_injury_end: doc.date_of_injury_end ?? '',
    date_of_incident: doc.date_of_incident ?? '',
    start_page_no: String(doc.start_page_no),
    end_page_no: String(doc.end_page_no),
  };
}

/** Trimmed, without empty entries or repeats (first spelling wins), order kept. */
export function cleanNumbers(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toUpperCase();
    if (!value || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

function pageNumber(value: string): number | null {
  const trimmed = value.trim();
  if (!/^\d{1,6}$/.test(trimmed)) return null;
  const number = Number(trimmed);
  return number >= 1 ? number : null;
}

/** The form's values in the shape the server stores (the values a save would write). */
export function valuesOfForm(form: DocumentForm): FormValues {
  return {
    name: form.name.trim(),
    legal_file_type_id: form.legal_file_type_id,
    legal_case_id: form.legal_case_id,
    case_number: cleanNumbers(form.case_number),
    adj_number: cleanNumbers(form.adj_number),
    eams_number: cleanNumbers(form.eams_number),
    claim_number: cleanNumbers(form.claim_number),
    wcab_number: cleanNumbers(form.wcab_number),
    date_of_injury: textOrNull(form.date_of_injury),
    date_of_injury_end: form.cumulative ? textOrNull(form.date_of_injury_end) : null,
    date_of_incident: textOrNull(form.date_of_incident),
    applicant: textOrNull(form.applicant),
    defendant: textOrNull(form.defendant),
    start_page_no: pageNumber(form.start_page_no) ?? Number.NaN,
    end_page_no: pageNumber(form.end_page_no) ?? Number.NaN,
  };
}

/** The document's stored values of the editable fields. */
export function valuesOfDocument(doc: EditableDocument): FormValues {
  return {
    name: doc.name,
    legal_file_type_id: doc.legal_file_type_id,
    legal_case_id: doc.legal_case_id,
    case_number: doc.case_number,
    adj_number: doc.adj_number,
    eams_number: doc.eams_number,
    claim_number: doc.claim_number,
    wcab_number: doc.wcab_number,
    date_of_injury: doc.date_of_injury,
    date_of_injury_end: doc.date_of_injury_end,
    date_of_incident: doc.date_of_incident,
    applicant: doc.applicant,
    defendant: doc.defendant,
    start_page_no: doc.start_page_no,
    end_page_no: doc.end_page_no,
  };
}

function same(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((value, index) => value === b[index]);
  // A stored null and an empty text are the same "no value".
  return (a ?? null) === (b ?? null);
}

export interface ChangeSet {
  changes: DocumentChange;
  base: DocumentChange;
}

/**
 * What the form changed compared with the document as loaded: `changes` holds the new values,
 * `base` the loaded values of the same fields. Fields the form leaves as they were are not sent.
 */
export function diffDocument(loaded: EditableDocument, form: DocumentForm): ChangeSet {
  const before = valuesOfDocument(loaded);
  const after = valuesOfForm(form);
  const changes: Record<string, unknown> = {};
  const base: Record<string, unknown> = {};
  for (const field of FORM_FIELDS) {
    const next = after[field];
    const previous = before[field];
    if (typeof next === 'number' && Number.isNaN(next)) {
      // An unreadable page number is not a change to send (validation reports it).
      continue;
    }
    if (!same(next, previous)) {
      changes[field] = next;
      base[field] = previous;
    }
  }
  return { changes: changes as DocumentChange, base: base as DocumentChange };
}

export const hasChanges = (set: ChangeSet): boolean => Object.keys(set.changes).length > 0;

export type FieldErrors = Partial<Record<FormField, string>>;

/** Today as YYYY-MM-DD in local time. */
export function localDay(now: Date = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface ValidationContext {
  /** Pages of the raw file the document comes from (the highest last page). */
  rawFilePages: number | null;
  /** The document's pages as loaded: a new range must keep at least one of them. */
  currentPages: { start: number; end: number } | null;
  today: string;
}

/** Problems the user can fix before saving, by field. Empty when the form can be saved. */
export function validateForm(form: DocumentForm, context: ValidationContext): FieldErrors {
  const errors: FieldErrors = {};
  if (form.name.trim() === '') errors.name = 'A document needs a name.';
  else if (form.name.trim().length > NAME_MAX) errors.name = `Use at most ${NAME_MAX} characters.`;

  const dates: Array<[DateField, string]> = [
    ['date_of_injury', form.date_of_injury],
    ['date_of_incident', form.date_of_incident],
  ];
  if (form.cumulative) dates.push(['date_of_injury_end', form.date_of_injury_end]);
  for (const [field, raw] of dates) {
    const value = raw.trim();
    if (value === '') continue;
    if (!isCalendarDay(value)) errors[field] = DAY_MESSAGE;
    else if (value > context.today) errors[field] = 'This date is in the future.';
  }
  if (form.cumulative && !errors.date_of_injury_end && !errors.date_of_injury) {
    const start = form.date_of_injury.trim();
    const end = form.date_of_injury_end.trim();
    if (end !== '' && start === '')
      errors.date_of_injury = 'A cumulative-trauma period needs its start date.';
    else if (start !== '' && end === '')
      errors.date_of_injury_end = 'Enter the end of the period, or turn cumulative trauma off.';
    else if (start !== '' && end < start)
      errors.date_of_injury_end = 'The period ends before it starts.';
  }

  const start = pageNumber(form.start_page_no);
  const end = pageNumber(form.end_page_no);
  if (start === null) errors.start_page_no = 'Enter a page number from 1.';
  if (end === null) errors.end_page_no = 'Enter a page number from 1.';
  if (start !== null && end !== null && end < start)
    errors.end_page_no = 'The last page comes before the first.';
  if (context.rawFilePages !== null) {
    const limit = context.rawFilePages;
    if (start !== null && start > limit)
      errors.start_page_no = `The raw file has ${limit} page${limit === 1 ? '' : 's'}.`;
    if (end !== null && end > limit && !errors.end_page_no)
      errors.end_page_no = `The raw file has ${limit} page${limit === 1 ? '' : 's'}.`;
  }
  const pages = context.currentPages;
  if (pages && start !== null && end !== null && !errors.start_page_no && !errors.end_page_no) {
    if (start > pages.end || end < pages.start)
      errors.start_page_no = `Keep at least one of the current pages (${pages.start}–${pages.end}); a re-split moves the edges.`;
  }
  return errors;
}

export interface ServerIssue {
  path: string;
  message: string;
}

/**
 * The server's INVALID_INPUT issues, placed on the form fields they name ("changes.adj_number.0",
 * "date_of_injury", ...). Issues that name no field of the form are returned apart.
 */
export function errorsFromIssues(issues: readonly ServerIssue[]): {
  fields: FieldErrors;
  other: string[];
} {
  const fields: FieldErrors = {};
  const other: string[] = [];
  const known = new Set<string>(FORM_FIELDS);
  for (const issue of issues) {
    const field = issue.path.split('.').find((segment) => known.has(segment)) as
      FormField | undefined;
    if (field) fields[field] ??= issue.message;
    else {
      const named = issue.path.split('.').find(isLabelledField);
      other.push(named ? `${fieldLabel(named)}: ${issue.message}` : issue.message);
    }
  }
  return { fields, other };
}

/** Reads the field issues an INVALID_INPUT error carries (GraphQL extensions or a bridge error). */
export function readIssues(error: unknown): ServerIssue[] {
  const candidates: unknown[] = [];
  if (error && typeof error === 'object') {
    const record = error as Record<string, unknown>;
    candidates.push(record['issues']);
    const errors = record['errors'];
    if (Array.isArray(errors))
      for (const item of errors as unknown[])
        if (item && typeof item === 'object')
          candidates.push(
            (
              (item as Record<string, unknown>)['extensions'] as Record<string, unknown> | undefined
            )?.['issues'],
          );
  }
  for (const candidate of candidates) {
    if (!Array.isArray(candidate)) continue;
    const issues = candidate.filter(
      (item): item is ServerIssue =>
        !!item &&
        typeof item === 'object' &&
        typeof (item as ServerIssue).path === 'string' &&
        typeof (item as ServerIssue).message === 'string',
    );
    if (issues.length > 0) return issues;
  }
  return [];
}

/** The form with the document's values applied on top (after a queued or conflicting save). */
export function applyValues<T extends EditableDocument>(doc: T, values: DocumentChange): T {
  return { ...doc, ...values };
}

/**
 * The text for a failed save: catalogue codes read as the catalogue says; the desktop's own
 * refusals (a bridge error with a code and a message, e.g. offline review unavailable or a
 * signed-out outbox) as the desktop words them; anything else as "Failed to update processed file".
 */
export function describeSaveError(error: unknown): string {
  if (readErrorCode(error)) return describeError(error, ERRORS.UPDATE_PROCESSED_FILE_FAILED);
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && typeof message === 'string' && message.length > 0)
      return message;
  }
  return describeError(error, ERRORS.UPDATE_PROCESSED_FILE_FAILED);
}
