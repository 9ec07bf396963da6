/**
 * One dialog for the three ways a workflow gets a name: create (with "Active"), rename and
 * duplicate. A failure shows the operation's catalogue message inside the dialog and keeps it open.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Intent,
  Switch,
} from '@blueprintjs/core';
import { useState, type FormEvent } from 'react';

export interface NameDialogProps {
  title: string;
  submitText: string;
  initialName: string;
  /** Shows the "Active" switch (create only). */
  withActive?: boolean;
  onSubmit: (name: string, isActive: boolean) => Promise<void>;
  /** The message for a failure, or null where the spec shows none (workflow create). */
  describeFailure: (error: unknown) => string | null;
  onClose: () => void;
}

export function NameDialog(props: NameDialogProps) {
  const [name, setName] = useState(props.initialName);
  const [active, setActive] = useState(false);
  const [status, setStatus] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [error, setError] = useState<string | null>(null);
  const trimmed = name.trim();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed) return;
    setStatus('loading');
    try {
      await props.onSubmit(trimmed, active);
      props.onClose();
    } catch (failure) {
      setStatus('failed');
      setError(props.describeFailure(failure));
    }
  };

  return (
    <Dialog isOpen title={props.title} onClose={props.onClose}>
      <form onSubmit={(event) => void submit(event)}>
        <DialogBody>
          <FormGroup label="Name" labelFor="wf-name-input">
            <InputGroup
              id="wf-name-input"
              value={name}
              onValueChange={setName}
              autoFocus
              maxLength={200}
            />
          </FormGroup>
          {props.withActive ? (
            <Switch
              label="Active"
              checked={active}
              onChange={(e) => setActive(e.currentTarget.checked)}
            />
          ) : null}
          {status === 'failed' && error ? (
            <Callout intent={Intent.DANGER} role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button
                type="submit"
                intent={Intent.PRIMARY}
                disabled={!trimmed}
                loading={status === 'loading'}
              >
                {props.submitText}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
