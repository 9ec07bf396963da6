/**
 * The case form as plain data: every LegalCaseInput field as the inputs hold it (text, and dates
 * as the YYYY-MM-DD a date input gives). Checks a form (case number required, days by the rule
 * every process shares, src/shared/documents), builds the input of a create (only what is filled
 * in) or of an edit (only what changed; an emptied field is cleared with null), and puts the
 * server's field issues on their fields.
 */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { z } from 'zod';
import { DAY_MESSAGE, isCalendarDay } from '../../../shared/documents';
import type { LegalCase, LegalCaseInput } from './operations';

export const CASE_FIELDS = [
  'case_number',
  'name',
  'client_name',
  'eams_number',
  'wcab_number',
  'primary_number',
  'alternate_number',
  'legal_case_status',
  'legal_case_type',
  'date_of_incident',
  'date_of_injury',
] as const;
export type CaseField = (typeof CASE_FIELDS)[number];

export const DATE_FIELDS = ['date_of_incident', 'date_of_injury'] as const;

export const CASE_FIELD_LABELS: Record<CaseField, string> = {
  case_number: 'Case number',
  name: 'Case name',
  client_name: 'Client',
  eams_number: 'EAMS number',
  wcab_number: 'WCAB number',
  primary_number: 'Primary number',
  alternate_number: 'Alternate number',
  legal_case_status: 'Status',
  legal_case_type: 'Type',
  date_of_incident: 'Date of incident',
  date_of_injury: 'Date of injury',
};

export const FORM_MESSAGES = {
  caseNumberRequired: 'Enter a case number.',
  /** The one day rule of every process (src/shared/documents/days.ts). */
  badDate: DAY_MESSAGE,
} as const;

export type CaseForm = Record<CaseField, string>;
export type CaseFormErrors = Partial<Record<CaseField, string>>;

export const EMPTY_CASE_FORM: CaseForm = Object.fromEntries(
  CASE_FIELDS.map((field) => [field, '']),
) as CaseForm;

export function formFromCase(legalCase: LegalCase): CaseForm {
  return Object.fromEntries(
    CASE_FIELDS.map((field) => [field, legalCase[field] ?? '']),
  ) as CaseForm;
}

/** The problems of a form, by field; empty when it can be sent. */
export function validateCaseForm(form: CaseForm): CaseFormErrors {
  const errors: CaseFormErrors = {};
  if (form.case_number.trim() === '') errors.case_number = FORM_MESSAGES.caseNumberRequired;
  for (const field of DATE_FIELDS) {
    const value = form[field].trim();
    if (value !== '' && !isCalendarDay(value)) errors[field] = FORM_MESSAGES.badDate;
  }
  return errors;
}

/** The input of a new case: every filled-in field, trimmed. */
export function createInput(form: CaseForm): LegalCaseInput {
  const input: LegalCaseInput = {};
  for (const field of CASE_FIELDS) {
    const value = form[field].trim();
    if (value !== '') input[field] = value;
  }
  return input;
}

/** The input of an edit: only the fields that changed; an emptied field is cleared (null). */
export function updateInput(original: LegalCase, form: CaseForm): LegalCaseInput {
  const input: LegalCaseInput = {};
  for (const field of CASE_FIELDS) {
    const value = form[field].trim();
    const before = original[field] ?? '';
    if (value === before) continue;
    if (field === 'case_number') input.case_number = value;
    else input[field] = value === '' ? null : value;
  }
  return input;
}

function isCaseField(value: string): value is CaseField {
  return (CASE_FIELDS as readonly string[]).includes(value);
}

/**
 * The server's INVALID_INPUT issues on their fields. A path names the field last or first after
 * "input" (input.case_number, case_number, input.date_of_injury.0); issues on no known field are
 * returned apart, to be shown above the form.
 */
export function errorsFromIssues(issues: ReadonlyArray<{ path: string; message: string }>): {
  fields: CaseFormErrors;
  other: string[];
} {
  const fields: CaseFormErrors = {};
  const other: string[] = [];
  for (const issue of issues) {
    const field = issue.path
      .split('.')
      .filter((part) => part !== 'input')
      .find(isCaseField);
    if (field) fields[field] ??= issue.message;
    else other.push(issue.message);
  }
  return { fields, other };
}

const Issues = z.array(z.object({ path: z.string(), message: z.string() }));

/** The field issues an INVALID_INPUT GraphQL error carries (extensions.issues), else none. */
export function readIssues(error: unknown): Array<{ path: string; message: string }> {
  if (!CombinedGraphQLErrors.is(error)) return [];
  return error.errors.flatMap((item) => {
    const parsed = Issues.safeParse(item.extensions?.['issues']);
    return parsed.success ? parsed.data : [];
  });
}
