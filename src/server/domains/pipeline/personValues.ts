/**
 * A document's values after the pipeline decided them again (a reprocess of its raw file, or a
 * re-split's re-extraction of its pages): every field a person set (edited_fields) keeps the
 * person's value; the CRM case id stays while the case does; the exception reasons follow the
 * values the document ends with (a person's case or numbers settle needs_case_number, a person's
 * case multi_case, a type no_file_type); and the name follows the type, applicant and dates
 * (naming.ts) unless a person named the document.
 */
import type { legalProcessedFile } from '../../db/schemaPipeline';
import { exceptionReasonsAfter, LIST_FIELDS } from '../documents/changes';
import type { ProcessedFileColumns } from '../documents/columns';
import type { TitleOf } from './titles';

export type DecidedValues = Partial<typeof legalProcessedFile.$inferInsert>;

export type MergedValues = DecidedValues & { name: string; exception_reasons: string[] };

/** The stored document the pipeline's values are laid under (undefined for a new document). */
export type PersonSource = Pick<
  ProcessedFileColumns,
  'edited_fields' | 'name' | 'legal_case_id' | 'crm_case_id'
>;

export function withPersonValues(
  decided: DecidedValues,
  decidedReasons: readonly string[],
  old: PersonSource | undefined,
  titleOf: TitleOf,
): MergedValues {
  const kept: Record<string, unknown> = { ...decided };
  const previous = (old ?? {}) as unknown as Record<string, unknown>;
  const edited = new Set(old?.edited_fields ?? []);
  for (const field of edited) if (field in kept) kept[field] = previous[field];
  const values = kept as DecidedValues;
  if (
    old &&
    'crm_case_id' in values &&
    !edited.has('crm_case_id') &&
    (values.legal_case_id ?? null) === old.legal_case_id
  )
    values.crm_case_id = old.crm_case_id;
  const exception_reasons = exceptionReasonsAfter(decidedReasons, {
    legal_file_type_id: values.legal_file_type_id ?? null,
    legal_case_id: values.legal_case_id ?? null,
    numbers: LIST_FIELDS.map((field) => values[field] ?? []),
  });
  const name = old && edited.has('name') ? old.name : titleOf(values);
  return { ...values, name, exception_reasons };
}
