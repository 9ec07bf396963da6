/**
 * Changes that wait in the desktop's outbox (not yet on the server), by document: a document
 * reopened meanwhile, and every list that shows it, shows these values, marked as waiting to sync,
 * instead of the server's older ones. Pure, so it is unit-tested.
 */
import type { DocumentChange, EditableField } from '../../../shared/documents';
import { isEditableField } from '../../../shared/documents';
import type { OutboxItem } from '../../../shared/ipc/review';

export interface PendingChange {
  /** The fields with a value waiting to be sent, in the order they were changed. */
  fields: readonly EditableField[];
  /** Their newest values. */
  changes: DocumentChange;
}

/** Not yet sent: waiting or on its way. Conflicts and refusals have their own place (banner). */
const UNSENT: ReadonlySet<OutboxItem['state']> = new Set(['pending', 'sending']);

export function pendingByDocument(items: readonly OutboxItem[]): Map<string, PendingChange> {
  const byDocument = new Map<string, PendingChange>();
  const ordered = [...items].sort((a, b) => a.createdAt - b.createdAt);
  for (const item of ordered) {
    if (!UNSENT.has(item.state) || item.kind !== 'update') continue;
    const before = byDocument.get(item.documentId) ?? { fields: [], changes: {} };
    const fields = [...before.fields];
    for (const field of Object.keys(item.changes)) {
      if (isEditableField(field) && !fields.includes(field)) fields.push(field);
    }
    byDocument.set(item.documentId, { fields, changes: { ...before.changes, ...item.changes } });
  }
  return byDocument;
}

/** Values shown with a field: a new type or case id takes its name from the local copy. */
const COMPANIONS: Partial<Record<EditableField, string>> = {
  legal_file_type_id: 'legal_file_type',
  legal_case_id: 'legal_case',
};

/**
 * The document (or list row) with the waiting values in place of the server's. Only fields the
 * document already has are set; `local` (the desktop's copy with the change applied) gives the
 * names that go with a new type or case.
 */
export function withPending<T extends object>(
  doc: T,
  pending: PendingChange | undefined,
  local?: Readonly<Record<string, unknown>> | null,
): T {
  if (!pending || pending.fields.length === 0) return doc;
  const next: Record<string, unknown> = { ...(doc as Record<string, unknown>) };
  for (const field of pending.fields) {
    if (!(field in next)) continue;
    const value = pending.changes[field];
    next[field] = value;
    const companion = COMPANIONS[field];
    if (companion && companion in next && local && local[field] === value) {
      next[companion] = local[companion] ?? null;
    }
  }
  return next as T;
}
