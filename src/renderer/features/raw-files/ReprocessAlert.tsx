/** Confirms "Process again": what a new run does to the raw file's current documents. */
import { Alert, Intent } from '@blueprintjs/core';
import type { RawFileDetails } from './operations';

/** What happens to the documents, in words (a file not processed yet has none to speak of). */
export function reprocessConsequences(documents: number): string[] {
  if (documents === 0)
    return [
      'LexDesk reads the file again, splits it into documents, types them and matches cases.',
    ];
  const current =
    documents === 1 ? 'Its current document stays' : `Its ${documents} current documents stay`;
  return [
    'LexDesk reads the file again, splits it into documents, types them and matches cases.',
    `${current} until the new run has finished. A document whose pages stay the same keeps what people entered; documents whose pages change are replaced by new ones, and documents the new run does not find are removed.`,
    'The file’s history records that you asked for it.',
  ];
}

export function ReprocessAlert(props: {
  isOpen: boolean;
  file: Pick<RawFileDetails, 'name' | 'processed_files_count'>;
  onCancel(): void;
  onConfirm(): void;
}) {
  const [first, ...rest] = reprocessConsequences(props.file.processed_files_count);
  return (
    <Alert
      isOpen={props.isOpen}
      intent={Intent.WARNING}
      icon="refresh"
      confirmButtonText="Process again"
      cancelButtonText="Cancel"
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    >
      <p>
        <strong>Process “{props.file.name}” again?</strong>
      </p>
      <p>{first}</p>
      {rest.map((line) => (
        <p key={line} className="ld-muted">
          {line}
        </p>
      ))}
    </Alert>
  );
}
