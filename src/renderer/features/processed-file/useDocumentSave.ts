/**
 * Saving on the details screen: the form's changes and "mark reviewed" go through the one path
 * for document writes (documents/writes.ts, the desktop's outbox). A save is checked first, a new
 * page range is confirmed first (`resplitThen`), and the answer is handled: saved → the server's
 * copy is loaded again; queued → the local values stay shown with a note; conflict → the user
 * picks per field (`conflict`, then `resolveConflict`). `then: 'review'` marks the document
 * reviewed once its changes are through.
 */
import { useCallback, useState } from 'react';
import type { DocumentChange } from '../../../shared/documents';
import type { ReviewConflictField, SaveOutcome } from '../../../shared/ipc/review';
import { toastSuccess } from '../../components/toaster';
import { useDocumentWrites } from '../documents/writes';
import type { ConflictChoice } from './conflicts';
import {
  applyValues,
  describeSaveError,
  errorsFromIssues,
  readIssues,
  type ChangeSet,
  type FieldErrors,
} from './form';
import { readCachedDocument } from './offline';
import type { ProcessedFileDetails } from './operations';

export interface LocalCopy {
  doc: ProcessedFileDetails;
}

export type Then = 'save' | 'review';

export interface PendingConflict {
  outboxId: string;
  conflicts: ReviewConflictField[];
  then: Then;
}

type Kind = 'update' | 'markReviewed';

/** The document as the local copy shows it after a queued change. */
function locally(
  doc: ProcessedFileDetails,
  kind: Kind,
  changes: DocumentChange,
  outcome: SaveOutcome,
): ProcessedFileDetails {
  const cached = readCachedDocument(outcome.document);
  if (cached) return cached;
  if (kind === 'markReviewed')
    return { ...doc, reviewed_at: new Date().toISOString(), is_exception: false };
  return applyValues(doc, changes);
}

export function useDocumentSave(options: {
  doc: ProcessedFileDetails;
  changeSet: ChangeSet;
  dirty: boolean;
  invalid: boolean;
  setServerErrors(errors: FieldErrors): void;
  onSaved(): Promise<void>;
  onQueued(copy: LocalCopy): void;
}) {
  const { doc, changeSet, dirty, invalid } = options;
  const writes = useDocumentWrites();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [conflict, setConflict] = useState<PendingConflict | null>(null);
  const [conflictFailure, setConflictFailure] = useState<string | null>(null);
  const [resplitThen, setResplitThen] = useState<Then | null>(null);
  const editable = !doc.is_deleted;

  const busy = async <T>(work: () => Promise<T>): Promise<T> => {
    setSaving(true);
    try {
      return await work();
    } finally {
      setSaving(false);
    }
  };

  /** Handles an outbox answer; true when the next step may follow. */
  const settle = async (
    outcome: SaveOutcome,
    kind: Kind,
    changes: DocumentChange,
    then: Then,
  ): Promise<boolean> => {
    if (outcome.status === 'saved') {
      toastSuccess(kind === 'markReviewed' ? 'Marked reviewed.' : 'Saved.');
      await options.onSaved();
      return true;
    }
    if (outcome.status === 'queued') {
      options.onQueued({ doc: locally(doc, kind, changes, outcome) });
      return true;
    }
    setConflictFailure(null);
    setConflict({ outboxId: outcome.outboxId, conflicts: outcome.conflicts, then });
    return false;
  };

  const reportFailure = (error: unknown) => {
    const issues = readIssues(error);
    const placed = errorsFromIssues(issues);
    if (issues.length > 0) options.setServerErrors(placed.fields);
    setFailure(placed.other.length > 0 ? placed.other.join(' ') : describeSaveError(error));
  };

  const markReviewed = async () => {
    const outcome = await busy(() => writes.markReviewed(doc));
    await settle(outcome, 'markReviewed', {}, 'save');
  };

  const run = async (then: Then) => {
    setFailure(null);
    try {
      if (dirty) {
        const { changes, base } = changeSet;
        const outcome = await busy(() => writes.save(doc, changes, base));
        if (!(await settle(outcome, 'update', changes, then))) return;
      }
      if (then === 'review') await markReviewed();
    } catch (error) {
      reportFailure(error);
    }
  };

  /** Save (and mark reviewed): checks first, and a new page range is confirmed before. */
  const request = (then: Then) => {
    if (!editable || saving) return;
    if (dirty && invalid) {
      setFailure('Some fields need attention before saving.');
      return;
    }
    const { changes } = changeSet;
    if (dirty && ('start_page_no' in changes || 'end_page_no' in changes)) {
      setResplitThen(then);
      return;
    }
    if (!dirty && then === 'save') return;
    void run(then);
  };

  const confirmResplit = () => {
    const then = resplitThen ?? 'save';
    setResplitThen(null);
    void run(then);
  };

  const resolveConflict = async (choices: Record<string, ConflictChoice>) => {
    if (!conflict) return;
    setConflictFailure(null);
    try {
      const outcome = await busy(() => writes.resolve(conflict.outboxId, choices));
      const then = conflict.then;
      if (outcome.status !== 'conflict') setConflict(null);
      const next = await settle(outcome, 'update', changeSet.changes, then);
      if (next && then === 'review') await markReviewed();
    } catch (error) {
      setConflictFailure(describeSaveError(error));
    }
  };

  return {
    saving,
    failure,
    clearFailure: useCallback(() => setFailure(null), []),
    request,
    resplitThen,
    confirmResplit,
    cancelResplit: () => setResplitThen(null),
    conflict,
    conflictFailure,
    resolveConflict,
    closeConflict: () => setConflict(null),
  };
}
