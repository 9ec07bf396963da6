/** Confirms a new page range before saving: which documents' pages move, and what it does. */
import { Alert, Intent } from '@blueprintjs/core';
import { describeResplit, pagesText, type SiblingDocument } from './resplit';

export function ResplitAlert(props: {
  isOpen: boolean;
  rawFileName: string;
  current: { start: number; end: number };
  wanted: { start: string; end: string };
  siblings: readonly SiblingDocument[];
  onCancel(): void;
  onConfirm(): void;
}) {
  const start = Number(props.wanted.start);
  const end = Number(props.wanted.end);
  const lines =
    Number.isInteger(start) && Number.isInteger(end)
      ? describeResplit(props.current, { start, end }, props.siblings)
      : [];
  return (
    <Alert
      isOpen={props.isOpen}
      intent={Intent.WARNING}
      icon="segmented-control"
      confirmButtonText="Re-split and save"
      cancelButtonText="Cancel"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>
        <strong>
          Change this document to {pagesText({ start, end })} of “{props.rawFileName}”?
        </strong>
      </p>
      {lines.length > 0 ? (
        <ul className="ld-resplit-list">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : null}
      <p className="ld-muted">
        The documents whose pages change get new PDFs cut from the raw file; their history records
        the move.
      </p>
    </Alert>
  );
}
