/**
 * What the user typed on the details screen, kept apart from the document it was typed over: the
 * values of the fields they touched (`edits`) and those fields' stored values when first touched
 * (`base`). The form shown is the document under the edits, so when the document is shown again
 * (reloaded, or the offline copy replacing the server's answer) the input stays, and a field
 * someone else changed meanwhile still goes out with the value the user started from, so the
 * server can report the conflict. Pure: no React.
 */
import type { DocumentChange } from '../../../shared/documents';
import {
  diffDocument,
  formFromDocument,
  valuesOfDocument,
  type ChangeSet,
  type DocumentForm,
  type EditableDocument,
} from './form';

export interface Draft {
  edits: Partial<DocumentForm>;
  base: DocumentChange;
}

export const NO_DRAFT: Draft = { edits: {}, base: {} };

export const hasDraft = (draft: Draft): boolean => Object.keys(draft.edits).length > 0;

/** The draft with a typed patch; a field touched for the first time remembers its stored value. */
export function editDraft(
  draft: Draft,
  doc: EditableDocument,
  patch: Partial<DocumentForm>,
): Draft {
  const stored = valuesOfDocument(doc) as Record<string, unknown>;
  const base: Record<string, unknown> = { ...draft.base };
  for (const field of Object.keys(patch)) {
    if (field in stored && !(field in base)) base[field] = stored[field];
  }
  return { edits: { ...draft.edits, ...patch }, base: base as DocumentChange };
}

/** The form shown: the document's values, with what the user typed over them. */
export function formOfDraft(doc: EditableDocument, draft: Draft): DocumentForm {
  return { ...formFromDocument(doc), ...draft.edits };
}

/** What a save sends: the fields that differ from the document, with the base the user began from. */
export function changesOfDraft(doc: EditableDocument, draft: Draft): ChangeSet {
  const set = diffDocument(doc, formOfDraft(doc, draft));
  const base: Record<string, unknown> = { ...set.base };
  const started = draft.base as Record<string, unknown>;
  for (const field of Object.keys(set.changes)) {
    if (field in started) base[field] = started[field];
  }
  return { changes: set.changes, base: base as DocumentChange };
}
