/**
 * The details screen's form: the document's stored values with what the user typed over them (a
 * draft, see draft.ts). The draft is held by the page, not by this screen, so it survives the
 * screen being shown again (the offline copy replacing the server's answer, a reload, a
 * re-mount); the document changing under it keeps the typed values. It knows what changed (and
 * the values the user started from), the form's own problems and the server's, by field.
 */
import { useMemo, useState } from 'react';
import { changesOfDraft, editDraft, formOfDraft, NO_DRAFT, type Draft } from './draft';
import {
  hasChanges,
  localDay,
  validateForm,
  valuesOfDocument,
  type DocumentForm,
  type FieldErrors,
  type FormField,
} from './form';
import type { ProcessedFileDetails } from './operations';

export interface DraftHolder {
  draft: Draft;
  update(change: (current: Draft) => Draft): void;
}

export function useDocumentForm(
  doc: ProcessedFileDetails,
  rawFilePages: number | null,
  holder: DraftHolder,
) {
  const { draft, update } = holder;
  // The server's complaints were about the values it was sent; a new stored copy drops them.
  const docKey = `${doc.id}:${doc.version}:${JSON.stringify(valuesOfDocument(doc))}`;
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [errorsFor, setErrorsFor] = useState(docKey);
  if (errorsFor !== docKey) {
    setErrorsFor(docKey);
    setServerErrors({});
  }

  const form = useMemo(() => formOfDraft(doc, draft), [doc, draft]);
  const changeSet = useMemo(() => changesOfDraft(doc, draft), [doc, draft]);
  const changedFields = useMemo(() => new Set(Object.keys(changeSet.changes)), [changeSet]);
  const clientErrors = useMemo(
    () =>
      validateForm(form, {
        rawFilePages,
        currentPages: { start: doc.start_page_no, end: doc.end_page_no },
        today: localDay(),
      }),
    [form, rawFilePages, doc.start_page_no, doc.end_page_no],
  );

  /** Applies typed values; the server's complaint about those fields goes with them. */
  const change = (patch: Partial<DocumentForm>) => {
    update((current) => editDraft(current, doc, patch));
    setServerErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(patch)) delete next[key as FormField];
      return next;
    });
  };

  return {
    form,
    change,
    changeSet,
    changedFields,
    dirty: hasChanges(changeSet),
    invalid: Object.keys(clientErrors).length > 0,
    errors: { ...serverErrors, ...clientErrors } as FieldErrors,
    setServerErrors,
    /** Drops what was typed (after it was saved or kept on this computer). */
    discard: () => update(() => NO_DRAFT),
  };
}
