/**
 * Details of one raw file and its log (who changed what, when), in a drawer. It follows the
 * pipeline through the live feed (features/live-files refetches RawFileDetails on each change).
 */
import { Callout, Drawer, Intent, NonIdealState, Position, Spinner, Tag } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { bucketOf, statusLabel } from '../../../shared/raw-files/status';
import { describeError, isNotFoundError } from '../../app/errors';
import { RAW_FILE_DETAILS_QUERY } from './operations';
import { RawFileFacts, RawFileLogTable } from './RawFileFacts';
import { RawFileProcessing } from './RawFileProcessing';
import { STATUS_INTENTS } from './StatusTag';

export function RawFileDrawer(props: {
  id: string | null;
  dateFormat: string;
  onClose(): void;
  /** The status the list behind the drawer shows for this file. */
  listedStatus?: string | undefined;
  /** The file's status is not the listed one any more (the list should refresh). */
  onStatusChange?(): void;
}) {
  const { data, error, loading, refetch } = useQuery(RAW_FILE_DETAILS_QUERY, {
    variables: { id: props.id ?? '' },
    skip: !props.id,
    fetchPolicy: 'network-only',
  });
  const file = data?.rawFile ?? null;
  // The list behind the drawer shows `listedStatus`; when the file has moved on, it refreshes.
  const status = file?.status;
  const { onStatusChange, listedStatus } = props;
  useEffect(() => {
    if (status !== undefined && listedStatus !== undefined && status !== listedStatus)
      onStatusChange?.();
  }, [status, listedStatus, onStatusChange]);
  let body;
  if ((error && !data && isNotFoundError(error)) || (data && !file)) {
    body = (
      <NonIdealState
        icon="search"
        title={ERRORS.NO_DATA}
        description="This raw file does not exist, was deleted or belongs to another company."
      />
    );
  } else if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_RAW_FILE_FAILED)}
      </Callout>
    );
  } else if (loading && !data) {
    body = <Spinner size={32} aria-label="Loading the raw file" />;
  } else if (!file) {
    body = <Callout icon="search">{ERRORS.NO_DATA}</Callout>;
  } else {
    body = (
      <>
        <p>
          <Tag intent={STATUS_INTENTS[bucketOf(file.status)]} minimal>
            {statusLabel(file.status)}
          </Tag>{' '}
          <Link to={`/raw-files/${file.id}`}>Open details</Link>
        </p>
        <RawFileFacts file={file} dateFormat={props.dateFormat} />
        <RawFileProcessing
          file={file}
          dateFormat={props.dateFormat}
          onRequeued={() => void refetch().catch(() => undefined)}
        />
        <h3 className="ld-section-title">Log</h3>
        <RawFileLogTable logs={data?.rawFileLogs ?? []} dateFormat={props.dateFormat} file={file} />
      </>
    );
  }
  return (
    <Drawer
      isOpen={props.id !== null}
      onClose={props.onClose}
      title={file?.name ?? 'Raw file'}
      icon="document"
      position={Position.RIGHT}
      size={560}
    >
      <div className="ld-drawer-body">{body}</div>
    </Drawer>
  );
}
