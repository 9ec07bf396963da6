/**
 * The case summary fields staff may write (spec section 3, LegalCaseInput) and their rules:
 * text trimmed (empty means none), case_number required on create and never cleared, dates
 * YYYY-MM-DD days by the rule every process shares (src/shared/documents/days.ts). Shared by createLegalCase, updateLegalCase, the REST PATCH
 * and the CSV import.
 */
import { z } from 'zod';
import { DAY_MESSAGE, dayOf, isCalendarDay } from '../../../shared/documents';
import { text } from '../../../shared/schemas/input';

export const CASE_TEXT_FIELDS = [
  'case_number',
  'name',
  'client_name',
  'eams_number',
  'wcab_number',
  'primary_number',
  'alternate_number',
  'legal_case_status',
  'legal_case_type',
] as const;
export const CASE_DATE_FIELDS = ['date_of_incident', 'date_of_injury'] as const;
export const CASE_FIELDS = [...CASE_TEXT_FIELDS, ...CASE_DATE_FIELDS] as const;

export type CaseField = (typeof CASE_FIELDS)[number];
/** Every writable field; null clears it (case_number is never null once validated). */
export type CaseValues = { case_number: string } & {
  [K in Exclude<CaseField, 'case_number'>]: string | null;
};
export type CaseChanges = Partial<CaseValues>;

export const MAX_CASE_NUMBER_LENGTH = 200;
/** The longest text a case summary field keeps (these input rules; CRM sync cuts to it). */
export const MAX_CASE_TEXT_LENGTH = 500;

/** `value` if it is a day by the shared rule (YYYY-MM-DD, real, years 1900-2099), else null. */
export function isoDate(value: string): string | null {
  return isCalendarDay(value) ? value : null;
}

/**
 * A date as spreadsheets export it: YYYY-MM-DD, or the US M/D/YYYY (the firms are Californian;
 * D/M/YYYY is not guessed). Null when it is neither or not a real day.
 */
export function spreadsheetDate(value: string): string | null {
  const iso = isoDate(value);
  if (iso) return iso;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  return us ? dayOf(Number(us[3]), Number(us[1]), Number(us[2])) : null;
}

/** Optional text: trimmed, '' and null mean "none" (null), undefined means "not given". */
const optionalText = (max: number) =>
  text({ error: 'Must be text.' })
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v === '' ? null : v));

const day = z
  .string({ error: DAY_MESSAGE })
  .trim()
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === '') return null;
    const parsed = isoDate(v);
    if (!parsed) ctx.addIssue({ code: 'custom', message: DAY_MESSAGE });
    return parsed;
  });

const caseNumber = text({ error: 'A case number is required.' })
  .trim()
  .min(1, 'A case number is required.')
  .max(MAX_CASE_NUMBER_LENGTH, `At most ${MAX_CASE_NUMBER_LENGTH} characters.`);

const optionalFields = {
  name: optionalText(MAX_CASE_TEXT_LENGTH),
  client_name: optionalText(MAX_CASE_TEXT_LENGTH),
  eams_number: optionalText(MAX_CASE_TEXT_LENGTH),
  wcab_number: optionalText(MAX_CASE_TEXT_LENGTH),
  primary_number: optionalText(MAX_CASE_TEXT_LENGTH),
  alternate_number: optionalText(MAX_CASE_TEXT_LENGTH),
  legal_case_status: optionalText(MAX_CASE_TEXT_LENGTH),
  legal_case_type: optionalText(MAX_CASE_TEXT_LENGTH),
  date_of_incident: day,
  date_of_injury: day,
};

/** createLegalCase's input: case_number required; fields not given are empty. */
export const createCaseSchema = z
  .object({ case_number: caseNumber, ...optionalFields })
  .transform((v): CaseValues => {
    const values = { case_number: v.case_number } as CaseValues;
    for (const field of CASE_FIELDS) if (field !== 'case_number') values[field] = v[field] ?? null;
    return values;
  });

/** updateLegalCase's input: only the fields given change; case_number cannot be cleared. */
export const updateCaseSchema = z
  .object({
    case_number: text({ error: 'The case number cannot be empty.' })
      .trim()
      .min(1, 'The case number cannot be empty.')
      .max(MAX_CASE_NUMBER_LENGTH, `At most ${MAX_CASE_NUMBER_LENGTH} characters.`)
      .optional(),
    ...optionalFields,
  })
  .transform((v): CaseChanges => {
    const changes: CaseChanges = {};
    for (const field of CASE_FIELDS) {
      const value = v[field];
      if (value !== undefined) (changes as Record<string, string | null>)[field] = value;
    }
    return changes;
  });

/** Case values for text limits in the CSV import (the same limits as the forms). */
export function textLimit(field: CaseField): number {
  return field === 'case_number' ? MAX_CASE_NUMBER_LENGTH : MAX_CASE_TEXT_LENGTH;
}
