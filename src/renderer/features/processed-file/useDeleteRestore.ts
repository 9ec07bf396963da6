/**
 * Delete (with Undo in the toast) and restore on the details screen, through the one path for
 * document writes (documents/writes.ts: straight to the server, so both need it).
 */
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { toastError, toastSuccess } from '../../components/toaster';
import { useDocumentWrites } from '../documents/writes';
import type { ProcessedFileDetails } from './operations';
import { toastWithUndo } from './undoToast';

export function useDeleteRestore(doc: ProcessedFileDetails, onChanged: () => void) {
  const writes = useDocumentWrites();
  const [deleting, setDeleting] = useState(false);
  const [restoring, setRestoring] = useState(false);

  const restore = async () => {
    setRestoring(true);
    try {
      await writes.restore(doc.id);
      toastSuccess(`“${doc.name}” was restored.`);
      onChanged();
    } catch (error) {
      toastError(describeError(error, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
    } finally {
      setRestoring(false);
    }
  };

  const remove = async () => {
    setDeleting(true);
    try {
      await writes.remove(doc.id);
      toastWithUndo(`“${doc.name}” was deleted.`, () => void restore());
      onChanged();
    } catch (error) {
      toastError(describeError(error, ERRORS.DELETE_PROCESSED_FILE_FAILED));
    } finally {
      setDeleting(false);
    }
  };

  return { remove, restore, deleting, restoring };
}
