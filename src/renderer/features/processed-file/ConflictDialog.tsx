/**
 * Someone else changed the same fields since this document was loaded: per field, both values
 * side by side, and the user keeps theirs or takes the server's. Nothing is lost meanwhile: the
 * change waits in the desktop's outbox until it is resolved.
 */
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  HTMLTable,
  Intent,
  Radio,
  RadioGroup,
} from '@blueprintjs/core';
import { useState } from 'react';
import type { ReviewConflictField } from '../../../shared/ipc/review';
import { choicesFor, conflictRows, type ConflictChoice } from './conflicts';

export function ConflictDialog(props: {
  conflicts: readonly ReviewConflictField[];
  /** Ids shown by name (document types, cases). */
  names: Record<string, string>;
  busy: boolean;
  failure: string | null;
  onResolve(choices: Record<string, ConflictChoice>): void;
  onClose(): void;
}) {
  const [picked, setPicked] = useState<Partial<Record<string, ConflictChoice>>>({});
  const rows = conflictRows(props.conflicts, props.names);
  return (
    <Dialog
      isOpen
      title="Someone else changed this document"
      icon="git-merge"
      onClose={props.busy ? undefined : props.onClose}
      className="ld-conflict-dialog"
    >
      <DialogBody>
        <p>
          While you were editing, these fields were changed on the server. Choose, for each, the
          value to keep. Your change stays on this computer until you decide.
        </p>
        <HTMLTable className="ld-table" compact aria-label="Conflicting fields">
          <thead>
            <tr>
              <th>Field</th>
              <th>Keep</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.field}>
                <td>
                  <strong>{row.label}</strong>
                  <div className="ld-muted ld-small">was {row.base}</div>
                </td>
                <td>
                  <RadioGroup
                    name={`conflict-${row.field}`}
                    aria-label={`Value of ${row.label}`}
                    selectedValue={picked[row.field] ?? 'mine'}
                    onChange={(event) => {
                      const value = event.currentTarget.value === 'server' ? 'server' : 'mine';
                      setPicked((current) => ({ ...current, [row.field]: value }));
                    }}
                  >
                    <Radio value="mine" labelElement={<span>Mine: {row.mine}</span>} />
                    <Radio value="server" labelElement={<span>Server: {row.server}</span>} />
                  </RadioGroup>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        {props.failure ? (
          <Callout intent={Intent.DANGER} role="alert" className="ld-inline-alert">
            {props.failure}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose} disabled={props.busy}>
              Decide later
            </Button>
            <Button
              intent={Intent.PRIMARY}
              loading={props.busy}
              onClick={() => props.onResolve(choicesFor(props.conflicts, picked))}
            >
              Save my choices
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
