/**
 * The notes above the details screen's panels: the offline copy (with "Try again"), a change kept
 * on this computer, a deleted document (with Restore), and the last save's failure.
 */
import { Button, Callout, Intent } from '@blueprintjs/core';
import { formatDateTime } from '../../app/format';
import type { ProcessedFileDetails } from './operations';

export const QUEUED_NOTE = 'Saved on this computer; it will be sent when the server is reachable.';

export function DocumentBanners(props: {
  doc: ProcessedFileDetails;
  offline: boolean;
  queuedLocally: boolean;
  failure: string | null;
  dateFormat: string;
  restoring: boolean;
  onRetry(): void;
  onRestore(): void;
}) {
  const { doc, offline, dateFormat } = props;
  return (
    <>
      {offline ? (
        <Callout intent={Intent.WARNING} icon="offline" className="ld-doc-banner" role="status">
          The server cannot be reached: this is the offline copy saved on this computer
          {doc.updated_at ? ` (as of ${formatDateTime(doc.updated_at, dateFormat)})` : ''}. Changes
          you save are kept here and sent when the server is reachable.{' '}
          <Button size="small" variant="minimal" icon="refresh" onClick={props.onRetry}>
            Try again
          </Button>
        </Callout>
      ) : null}
      {props.queuedLocally ? (
        <Callout intent={Intent.PRIMARY} icon="time" className="ld-doc-banner" role="status">
          {QUEUED_NOTE}
        </Callout>
      ) : null}
      {doc.is_deleted ? (
        <Callout intent={Intent.DANGER} icon="trash" className="ld-doc-banner">
          This document is deleted
          {doc.deleted_at ? ` (${formatDateTime(doc.deleted_at, dateFormat)})` : ''}. It cannot be
          changed until it is restored.{' '}
          <Button
            size="small"
            icon="undo"
            disabled={offline}
            loading={props.restoring}
            onClick={props.onRestore}
          >
            Restore
          </Button>
        </Callout>
      ) : null}
      {props.failure ? (
        <Callout intent={Intent.DANGER} icon="error" role="alert" className="ld-doc-banner">
          {props.failure}
        </Callout>
      ) : null}
    </>
  );
}
