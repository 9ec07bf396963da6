/**
 * Saving a document goes through the desktop's review outbox (bridge review.save): the main
 * process sends it to the server at once when it answers, or keeps it until it does. The answer
 * is saved (the server has it), queued (kept on this computer) or conflict (someone changed the
 * same fields: the user picks per field and review.resolveConflict finishes the save).
 */
import { useCallback, useState } from 'react';
import type { DocumentChange } from '../../../shared/documents';
import type { ReviewConflictField, SaveOutcome } from '../../../shared/ipc/review';
import { useServices } from '../../app/services';
import type { ConflictChoice } from './conflicts';

export interface PendingConflict {
  outboxId: string;
  kind: 'update' | 'markReviewed';
  conflicts: ReviewConflictField[];
}

export function useReviewSave(documentId: string, companyId: string) {
  const { bridge } = useServices();
  const [saving, setSaving] = useState(false);

  const save = useCallback(
    async (
      kind: 'update' | 'markReviewed',
      changes: DocumentChange,
      base: DocumentChange,
    ): Promise<SaveOutcome> => {
      setSaving(true);
      try {
        return await bridge.review.save({ documentId, companyId, kind, changes, base });
      } finally {
        setSaving(false);
      }
    },
    [bridge, companyId, documentId],
  );

  const resolve = useCallback(
    async (outboxId: string, choices: Record<string, ConflictChoice>): Promise<SaveOutcome> => {
      setSaving(true);
      try {
        return await bridge.review.resolveConflict({ outboxId, choices });
      } finally {
        setSaving(false);
      }
    },
    [bridge],
  );

  return { save, resolve, saving };
}
