/**
 * The details screen's form: it starts from the document and starts again whenever the
 * document's stored values change (saved, reloaded, a local copy); it knows what changed (and the
 * values it started from), the form's own problems and the server's, by field.
 */
import { useMemo, useState } from 'react';
import {
  diffDocument,
  formFromDocument,
  hasChanges,
  localDay,
  validateForm,
  valuesOfDocument,
  type DocumentForm,
  type FieldErrors,
  type FormField,
} from './form';
import type { ProcessedFileDetails } from './operations';

export function useDocumentForm(doc: ProcessedFileDetails, rawFilePages: number | null) {
  const formKey = `${doc.id}:${doc.version}:${JSON.stringify(valuesOfDocument(doc))}`;
  const [form, setForm] = useState<DocumentForm>(() => formFromDocument(doc));
  const [formFor, setFormFor] = useState(formKey);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  if (formFor !== formKey) {
    setFormFor(formKey);
    setForm(formFromDocument(doc));
    setServerErrors({});
  }

  const changeSet = useMemo(() => diffDocument(doc, form), [doc, form]);
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
    setForm((current) => ({ ...current, ...patch }));
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
  };
}
