/**
 * "Columns": which columns the document center shows and in which order, for the whole company.
 * Each column has a checkbox and "Move up" / "Move down" buttons (plain buttons, so the keyboard
 * reaches everything; focus follows a moved column). Saving stores the layout on the server
 * (saveColumnConfiguration, table 'document_center'); "Restore defaults" only changes the draft.
 */
import {
  Button,
  Callout,
  Checkbox,
  Dialog,
  DialogBody,
  DialogFooter,
  Intent,
} from '@blueprintjs/core';
import { useEffect, useRef, useState } from 'react';
import {
  ALWAYS_VISIBLE,
  columnDefinition,
  defaultLayout,
  moveColumn,
  sameLayout,
  setColumnVisible,
  type ColumnState,
} from './columns';

export function ColumnsDialog(props: {
  isOpen: boolean;
  layout: readonly ColumnState[];
  saving: boolean;
  /** Only the company's managers change its layout; others see it read-only. */
  canSave: boolean;
  error: string | null;
  onSave(next: ColumnState[]): void;
  onClose(): void;
}) {
  const [draft, setDraft] = useState<ColumnState[]>([...props.layout]);
  const listRef = useRef<HTMLOListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);

  // Each opening starts from the layout in use.
  useEffect(() => {
    if (props.isOpen) setDraft([...props.layout]);
  }, [props.isOpen, props.layout]);

  useEffect(() => {
    if (!focusAfterMove) return;
    const button = listRef.current?.querySelector<HTMLButtonElement>(
      `[data-move="${focusAfterMove}"]:not([disabled])`,
    );
    const fallback = listRef.current?.querySelector<HTMLButtonElement>(
      `[data-row="${focusAfterMove.split(':')[0] ?? ''}"] button:not([disabled])`,
    );
    (button ?? fallback)?.focus();
    setFocusAfterMove(null);
  }, [focusAfterMove, draft]);

  const move = (index: number, delta: -1 | 1) => {
    const column = draft[index];
    if (!column) return;
    setDraft(moveColumn(draft, index, delta));
    setFocusAfterMove(`${column.key}:${delta === -1 ? 'up' : 'down'}`);
  };

  return (
    <Dialog
      isOpen={props.isOpen}
      onClose={props.onClose}
      title="Columns"
      icon="column-layout"
      className="ld-columns-dialog"
    >
      <DialogBody>
        <p className="ld-muted ld-columns-hint">
          Choose the columns of the document center and their order. The layout is saved for
          everyone in your company.
        </p>
        <ol className="ld-columns-list" ref={listRef} aria-label="Columns in display order">
          {draft.map((column, index) => {
            const label = columnDefinition(column.key).label;
            return (
              <li key={column.key} className="ld-columns-item" data-row={column.key}>
                <Checkbox
                  label={label}
                  checked={column.visible}
                  disabled={column.key === ALWAYS_VISIBLE}
                  onChange={(event) =>
                    setDraft(setColumnVisible(draft, column.key, event.currentTarget.checked))
                  }
                  className="ld-columns-check"
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-up"
                  aria-label={`Move ${label} up`}
                  data-move={`${column.key}:up`}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                />
                <Button
                  variant="minimal"
                  size="small"
                  icon="arrow-down"
                  aria-label={`Move ${label} down`}
                  data-move={`${column.key}:down`}
                  disabled={index === draft.length - 1}
                  onClick={() => move(index, 1)}
                />
              </li>
            );
          })}
        </ol>
        {props.canSave ? null : (
          <Callout icon="lock" className="ld-columns-hint">
            Only your company's administrators can change the columns.
          </Callout>
        )}
        {props.error ? (
          <Callout intent={Intent.DANGER} icon="error" role="alert">
            {props.error}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={props.onClose}>Cancel</Button>
            <Button
              intent={Intent.PRIMARY}
              loading={props.saving}
              disabled={!props.canSave || sameLayout(draft, props.layout)}
              onClick={() => props.onSave(draft)}
            >
              Save columns
            </Button>
          </>
        }
      >
        <Button
          variant="minimal"
          icon="reset"
          disabled={sameLayout(draft, defaultLayout())}
          onClick={() => setDraft(defaultLayout())}
        >
          Restore defaults
        </Button>
      </DialogFooter>
    </Dialog>
  );
}
