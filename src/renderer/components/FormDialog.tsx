/**
 * A dialog holding one form: the problem of the last attempt above the fields, Cancel and the
 * submit button in the footer. Enter in a field submits, as the form does.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
  type IconName,
} from '@blueprintjs/core';
import type { FormEvent, ReactNode } from 'react';

export function FormDialog(props: {
  title: string;
  icon?: IconName;
  /** What went wrong on the last attempt, or null. */
  problem: string | null;
  submitText: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog isOpen title={props.title} icon={props.icon} onClose={props.onClose}>
      <form onSubmit={props.onSubmit}>
        <DialogBody>
          {props.problem ? (
            <Callout intent={Intent.DANGER} role="alert" className="ld-form-callout">
              {props.problem}
            </Callout>
          ) : null}
          {props.children}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button onClick={props.onClose}>Cancel</Button>
              <Button type="submit" intent={Intent.PRIMARY} loading={props.busy}>
                {props.submitText}
              </Button>
            </>
          }
        />
      </form>
    </Dialog>
  );
}
