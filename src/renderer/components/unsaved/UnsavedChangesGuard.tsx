/**
 * Put beside any form with unsaved state: <UnsavedChangesGuard dirty={changed} />. While the form
 * is dirty, leaving the screen asks "Discard unsaved changes?" (Keep editing / Discard changes;
 * saving is the form's own button, so its checks and confirmations stay in one place); a reload or
 * closing the window asks the browser's question. See useUnsavedChanges.
 */
import { Button, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { UNSAVED_TEXT } from '../../../shared/unsaved';
import { useUnsavedChanges } from './useUnsavedChanges';

export function UnsavedChangesGuard(props: { dirty: boolean }) {
  const guard = useUnsavedChanges(props.dirty);
  return (
    <Dialog
      isOpen={guard.asking}
      title={UNSAVED_TEXT.title}
      icon="warning-sign"
      onClose={guard.keepEditing}
    >
      <DialogBody>
        <p>{UNSAVED_TEXT.body}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={guard.keepEditing} autoFocus>
              {UNSAVED_TEXT.keep}
            </Button>
            <Button intent={Intent.DANGER} onClick={guard.discard}>
              {UNSAVED_TEXT.discard}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
