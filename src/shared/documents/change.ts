/**
 * One change to a processed document, as a zod schema: what updateProcessedFile's `changes` may
 * hold (GraphQL ProcessedFileChanges), what the desktop's review outbox keeps and sends, and what
 * the renderer's form produces. Absent fields are left as they are; every field named here is
 * checked, and no other field is allowed.
 *
 * Parsing tidies as well as checks (trimmed text, '' as "none", number lists without blanks or
 * repeats), and parsing an already tidy change gives it back unchanged, so the renderer, the
 * desktop and the server can each parse the same change.
 *
 * `base` (the values the editor started from, for the server's three-way check) has the same
 * shape; its days need only be real days, because a value stored before today's year range
 * (DAY_YEARS) must still be sayable as "what I saw".
 */
import { z } from 'zod';
import { INT32_MAX, text, uuid } from '../schemas/input';
import { calendarDay, DAY_MESSAGE } from './days';

export const NAME_MAX = 250;
export const PERSON_MAX = 500;
export const CRM_CASE_ID_MAX = 200;
export const NUMBER_MAX = 100;
export const NUMBERS_PER_FIELD = 50;

/** A number list: entries trimmed, none empty, repeats dropped (first kept); null clears it. */
const numberList = z
  .array(text().trim().min(1, 'Empty values are not allowed').max(NUMBER_MAX))
  .max(NUMBERS_PER_FIELD)
  .nullable()
  .transform((values) => [...new Set(values ?? [])]);

/** Free text; an empty string clears it (null). */
const freeText = (max: number) =>
  text()
    .trim()
    .max(max)
    .nullable()
    .transform((value) => (value ? value : null));

const id = uuid('Not a valid id').nullable();

const page = z
  .number({ error: 'A page number is required' })
  .int('Page numbers are whole numbers')
  .min(1, 'Pages start at 1')
  .max(INT32_MAX, `Page numbers are at most ${INT32_MAX}`);

const shape = (day: z.ZodType<string, string>) => {
  const date = text({ error: DAY_MESSAGE }).trim().pipe(day).nullable().optional();
  return z.strictObject({
    name: text({ error: 'A name is required' })
      .trim()
      .min(1, 'A name is required')
      .max(NAME_MAX)
      .optional(),
    legal_file_type_id: id.optional(),
    case_number: numberList.optional(),
    adj_number: numberList.optional(),
    eams_number: numberList.optional(),
    claim_number: numberList.optional(),
    wcab_number: numberList.optional(),
    date_of_injury: date,
    date_of_injury_end: date,
    date_of_incident: date,
    applicant: freeText(PERSON_MAX).optional(),
    defendant: freeText(PERSON_MAX).optional(),
    legal_case_id: id.optional(),
    crm_case_id: freeText(CRM_CASE_ID_MAX).optional(),
    start_page_no: page.optional(),
    end_page_no: page.optional(),
  });
};

/** New values of a document's fields. */
export const documentChange = shape(calendarDay());
/** The values an editor started from (same fields; any real day). */
export const documentBase = shape(z.iso.date({ error: DAY_MESSAGE }));

/** A change as parsed: tidy values only. */
export type DocumentChange = z.output<typeof documentChange>;
/** A change as a caller may write it (untrimmed text, null lists). */
export type DocumentChangeInput = z.input<typeof documentChange>;

/** One field's value in a change. */
export type FieldValue = string | string[] | number | null;
