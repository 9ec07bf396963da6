/**
 * The pure rules of editing a processed file (review issue): what an edit may contain, which
 * fields it really changes, the three-way conflict check against the values the editor started
 * from, the exception reasons after the edit, and how values are written into the logs.
 */
import {
  documentBase,
  documentChange,
  EDITABLE_FIELDS,
  NUMBER_FIELDS,
  type EditableField,
  type FieldValue,
} from '../../../shared/documents';
import { ValidationError, type FieldIssue } from '../../errors';
import type { ProcessedFileColumns } from './columns';

// The fields, their types and their value rules live in src/shared/documents (one home for the
// server, the desktop and the renderer); these names are passed on for the domain's other files.
export { EDITABLE_FIELDS, type EditableField, type FieldValue } from '../../../shared/documents';
/** The number fields (lists). */
export const LIST_FIELDS = NUMBER_FIELDS;
export type FieldValues = Partial<Record<EditableField, FieldValue>>;

/** Parses `changes` or `base` of updateProcessedFile; absent fields are left out. */
export function parseFieldValues(raw: unknown, prefix: 'changes' | 'base'): FieldValues {
  // GraphQL hands input objects over with a null prototype; zod wants plain objects.
  const input = raw && typeof raw === 'object' ? { ...raw } : raw;
  const schema = prefix === 'changes' ? documentChange : documentBase;
  const result = schema.safeParse(input);
  if (!result.success)
    throw new ValidationError(
      result.error.issues.map((issue) => ({
        path: [prefix, ...issue.path.map(String)].join('.'),
        message: issue.message,
      })),
    );
  return Object.fromEntries(
    Object.entries(result.data).filter(([, value]) => value !== undefined),
  ) as FieldValues;
}

/** A stored value as the edit rules compare it (dates as YYYY-MM-DD). */
export function currentValue(file: ProcessedFileColumns, field: EditableField): FieldValue {
  const value = (file as unknown as Record<string, unknown>)[field];
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (Array.isArray(value)) return value.map(String);
  if (typeof value === 'number') return value;
  return String(value);
}

export function sameValue(a: FieldValue | undefined, b: FieldValue | undefined): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return false;
    return a.length === b.length && a.every((value, i) => value === b[i]);
  }
  return (a ?? null) === (b ?? null);
}

export interface FieldConflict {
  field: EditableField;
  base_value: string | null;
  server_value: string | null;
  your_value: string | null;
}

export interface EditPlan {
  /** Fields whose stored value changes, with the new value. */
  changed: FieldValues;
  conflicts: FieldConflict[];
}

/**
 * Three-way comparison. Without a base every given value that differs from the stored one is
 * changed. With a base: a field the editor left as it was (new = base) is not applied, so the
 * server's newer value stays; a field the editor changed whose stored value moved since (stored
 * differs from base and from the new value) is a conflict; both editors making the same change
 * is not. Conflict values are JSON-encoded.
 */
export function planEdit(
  file: ProcessedFileColumns,
  changes: FieldValues,
  base: FieldValues | null,
): EditPlan {
  const changed: FieldValues = {};
  const conflicts: FieldConflict[] = [];
  for (const field of EDITABLE_FIELDS) {
    if (!(field in changes)) continue;
    const next = changes[field] ?? null;
    const stored = currentValue(file, field);
    const started = base && field in base ? (base[field] ?? null) : undefined;
    if (started !== undefined && sameValue(next, started)) continue;
    if (sameValue(next, stored)) continue;
    if (started !== undefined && !sameValue(stored, started)) {
      conflicts.push({
        field,
        base_value: JSON.stringify(started),
        server_value: JSON.stringify(stored),
        your_value: JSON.stringify(next),
      });
      continue;
    }
    changed[field] = next;
  }
  return { changed, conflicts };
}

/**
 * Cross-field rules over the values the document will have: a cumulative-trauma end needs a
 * start on or before it; a CRM case id needs a case.
 */
export function crossFieldIssues(file: ProcessedFileColumns, changed: FieldValues): FieldIssue[] {
  const after = (field: EditableField) =>
    field in changed ? (changed[field] ?? null) : currentValue(file, field);
  const issues: FieldIssue[] = [];
  const start = after('date_of_injury');
  const end = after('date_of_injury_end');
  if (('date_of_injury' in changed || 'date_of_injury_end' in changed) && end !== null) {
    if (start === null)
      issues.push({
        path: 'changes.date_of_injury_end',
        message: 'An end of the injury period needs a date of injury',
      });
    else if (String(end) < String(start))
      issues.push({
        path: 'changes.date_of_injury_end',
        message: 'The end of the injury period is before the date of injury',
      });
  }
  if ('crm_case_id' in changed && changed.crm_case_id !== null && after('legal_case_id') === null)
    issues.push({ path: 'changes.crm_case_id', message: 'A CRM case id needs a case' });
  return issues;
}

/** A case chosen elsewhere no longer carries the old case's CRM id. */
export function withCrmCaseFollowingCase(
  file: ProcessedFileColumns,
  changed: FieldValues,
): FieldValues {
  if (!('legal_case_id' in changed) || 'crm_case_id' in changed || file.crm_case_id === null)
    return changed;
  return { ...changed, crm_case_id: null };
}

export const EXCEPTION_REASONS = ['no_file_type', 'multi_case', 'needs_case_number'] as const;

/**
 * The exception reasons after an edit (see the pipeline's naming.ts exceptionReasons):
 * no_file_type exactly while there is no type; multi_case stays until a case is picked;
 * needs_case_number stays until any case, ADJ, EAMS, WCAB or claim number exists or a case is
 * picked. A person's edit never raises multi_case or needs_case_number again.
 */
export function exceptionReasonsAfter(
  previous: readonly string[],
  after: {
    legal_file_type_id: string | null;
    legal_case_id: string | null;
    numbers: ReadonlyArray<readonly string[]>;
  },
): string[] {
  const hasCase = after.legal_case_id !== null;
  const hasNumber = after.numbers.some((list) => list.length > 0);
  const keep = new Set<string>();
  if (after.legal_file_type_id === null) keep.add('no_file_type');
  if (previous.includes('multi_case') && !hasCase) keep.add('multi_case');
  if (previous.includes('needs_case_number') && !hasCase && !hasNumber)
    keep.add('needs_case_number');
  const known: readonly string[] = EXCEPTION_REASONS;
  return [
    ...EXCEPTION_REASONS.filter((reason) => keep.has(reason)),
    ...previous.filter((reason) => !known.includes(reason)),
  ];
}

/** A document waits for review while it has reasons and nobody marked it reviewed. */
export function isExceptionWith(reasons: readonly string[], reviewedAt: Date | null): boolean {
  return reasons.length > 0 && reviewedAt === null;
}

/** How a value reads in a log row: lists comma-separated, empty as null. */
export function logText(value: FieldValue | undefined): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length > 0 ? value.join(', ') : null;
  return String(value);
}
