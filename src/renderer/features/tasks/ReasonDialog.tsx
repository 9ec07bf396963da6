/** Asks why a task fails review or testing (the machine refuses those moves without a reason). */
import {
  Button,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { useState } from 'react';

export function ReasonDialog(props: {
  title: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const blank = reason.trim() === '';
  return (
    <Dialog isOpen title={props.title} onClose={props.onCancel}>
      <DialogBody>
        <FormGroup
          label="Reason"
          labelFor="task-move-reason"
          helperText="The assignee sees it with the notification."
        >
          <TextArea
            id="task-move-reason"
            autoFocus
            fill
            rows={4}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={props.onCancel} />
            <Button
              intent={Intent.DANGER}
              text={props.title}
              disabled={blank}
              loading={props.busy}
              onClick={() => props.onConfirm(reason.trim())}
            />
          </>
        }
      />
    </Dialog>
  );
}
