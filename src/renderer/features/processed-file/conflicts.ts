/**
 * Conflicts of a save: a field someone else changed since the editor loaded the document. The
 * server (and the outbox) give each value JSON-encoded; this turns them into readable text and
 * builds the per-field choice the outbox resolves with ('mine' or 'server').
 */
import type { ReviewConflictField } from '../../../shared/ipc/review';
import { fieldLabel } from '../../../shared/documents';

export type ConflictChoice = 'mine' | 'server';

export interface ConflictRow {
  field: string;
  label: string;
  mine: string;
  server: string;
  base: string;
}

/** A JSON-encoded value as text: lists joined with commas, nothing as an em dash. */
export function showValue(encoded: string | null, names: Record<string, string> = {}): string {
  if (encoded === null) return '—';
  let value: unknown;
  try {
    value = JSON.parse(encoded);
  } catch {
    value = encoded;
  }
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.map(String).join(', ');
  if (typeof value === 'string') return names[value] ?? value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function conflictRows(
  conflicts: readonly ReviewConflictField[],
  names: Record<string, string> = {},
): ConflictRow[] {
  return conflicts.map((conflict) => ({
    field: conflict.field,
    label: fieldLabel(conflict.field),
    mine: showValue(conflict.your_value, names),
    server: showValue(conflict.server_value, names),
    base: showValue(conflict.base_value, names),
  }));
}

/** Every conflicting field with the user's pick; fields not picked yet keep 'mine'. */
export function choicesFor(
  conflicts: readonly ReviewConflictField[],
  picked: Partial<Record<string, ConflictChoice>>,
): Record<string, ConflictChoice> {
  return Object.fromEntries(
    conflicts.map((conflict) => [conflict.field, picked[conflict.field] ?? 'mine']),
  );
}
