/**
 * Pure rules of the offline review cache: what the user sees (the server's copy with every
 * unsent change applied in order), how a server answer refreshes the cached copy, and how a
 * conflict resolution turns into the change that is sent again.
 */
import { z } from 'zod';
import { documentBase, documentChange, type DocumentChange } from '../../../shared/documents';
import type { CachedDocument, ReviewConflictField } from '../../../shared/ipc/review';

export type Json = Record<string, unknown>;

export interface LocalChange {
  kind: 'update' | 'markReviewed';
  changes: DocumentChange;
  /** ms since the epoch */
  createdAt: number;
}

/**
 * A changed id makes the nested object that described the old one wrong: `legal_file_type_id`
 * goes with `legal_file_type`, `legal_case_id` with `legal_case`. Without a display value for
 * the new one, the stale object is replaced by null rather than shown.
 */
const NESTED_BY_ID: Readonly<Record<string, string>> = {
  legal_file_type_id: 'legal_file_type',
  legal_case_id: 'legal_case',
};

function nestedId(value: unknown): unknown {
  return value !== null && typeof value === 'object' ? (value as Json).id : undefined;
}

/** Drops nested objects whose id no longer matches their `<name>_id` field. */
export function dropStaleNested(document: Json): Json {
  const next = { ...document };
  for (const [idField, nested] of Object.entries(NESTED_BY_ID)) {
    if (!(nested in next) || next[nested] === null) continue;
    if (idField in next && nestedId(next[nested]) !== next[idField]) next[nested] = null;
  }
  return next;
}

export function applyChange(document: Json, change: LocalChange): Json {
  if (change.kind === 'markReviewed') {
    return { ...document, reviewed_at: new Date(change.createdAt).toISOString() };
  }
  const next: Json = { ...document, ...change.changes };
  if (Array.isArray(document.edited_fields)) {
    const edited = new Set(
      document.edited_fields.filter((f): f is string => typeof f === 'string'),
    );
    for (const field of Object.keys(change.changes)) edited.add(field);
    next.edited_fields = [...edited];
  }
  return next;
}

/** The server's copy with the unsent changes applied in order, then the display values. */
export function localView(
  server: Json,
  changes: readonly LocalChange[],
  preview: Json | null,
): Json {
  let view = server;
  for (const change of changes) view = applyChange(view, change);
  if (preview) view = { ...view, ...preview };
  return dropStaleNested(view);
}

/**
 * The server's answer (a ProcessedFile with the fields main asks for) over the copy the
 * renderer cached, which may hold more fields: fresh values win, fields main did not ask for
 * stay, nested objects that now describe another id are dropped.
 */
export function mergeServerCopy(previous: Json | null, answer: Json): Json {
  return dropStaleNested({ ...(previous ?? {}), ...answer });
}

/** FieldConflict values are JSON-encoded; a value that is not JSON is taken as the string. */
export function decodeConflictValue(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

export type Choice = 'mine' | 'server';

export type Resolution =
  { ok: true; changes: DocumentChange; base: DocumentChange } | { ok: false; message: string };

/**
 * The change to send after the user chose per conflicting field: fields they kept ('mine') are
 * sent with base = the server's value, which is what the server has now, so it saves; fields
 * they gave up ('server') are dropped; the item's other changes go as they were (nothing of
 * the item was saved while it was in conflict).
 */
export function resolveConflict(
  changes: DocumentChange,
  base: DocumentChange,
  conflicts: readonly ReviewConflictField[],
  choices: Readonly<Record<string, Choice>>,
): Resolution {
  const conflicting = new Set(conflicts.map((conflict) => conflict.field));
  const missing = [...conflicting].filter((field) => !(field in choices));
  if (missing.length > 0) {
    return { ok: false, message: `Choose a value for: ${missing.join(', ')}.` };
  }
  const unknown = Object.keys(choices).filter((field) => !conflicting.has(field));
  if (unknown.length > 0) {
    return { ok: false, message: `Not in conflict: ${unknown.join(', ')}.` };
  }
  const given: Json = changes;
  const started: Json = base;
  const nextChanges: Json = {};
  const nextBase: Json = {};
  for (const [field, value] of Object.entries(given)) {
    if (!conflicting.has(field)) {
      nextChanges[field] = value;
      if (field in started) nextBase[field] = started[field];
    }
  }
  for (const conflict of conflicts) {
    if (choices[conflict.field] !== 'mine') continue;
    nextChanges[conflict.field] = given[conflict.field] ?? decodeConflictValue(conflict.your_value);
    nextBase[conflict.field] = decodeConflictValue(conflict.server_value);
  }
  // What goes out again is a change like any other: the shared rules check it.
  const parsedChanges = documentChange.safeParse(nextChanges);
  const parsedBase = documentBase.safeParse(nextBase);
  if (!parsedChanges.success) return { ok: false, message: z.prettifyError(parsedChanges.error) };
  if (!parsedBase.success) return { ok: false, message: z.prettifyError(parsedBase.error) };
  return { ok: true, changes: parsedChanges.data, base: parsedBase.data };
}

/** The name lists show for a document (the cached copy's name, else its id). */
export function documentNameOf(document: Json | null, changes: DocumentChange, id: string): string {
  const fromChanges = changes.name;
  if (typeof fromChanges === 'string' && fromChanges.length > 0) return fromChanges;
  const name = document?.name;
  return typeof name === 'string' && name.length > 0 ? name : id;
}

/** The link a PDF came from without its signature (a new path means a new PDF). */
export function pdfSourceOf(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at);
}

export function asCachedDocument(value: Json): CachedDocument {
  return value as CachedDocument;
}
