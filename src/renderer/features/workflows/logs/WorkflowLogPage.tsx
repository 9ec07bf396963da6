/**
 * /workflow-logs/:id — one run, node by node (spec: log detail by workflow_id): each node's input,
 * output, error, attempts and timings, with "Retry node" (POST /workflow/process-node) for a failed
 * node and "Retry syncing" (POST /workflow/retry-syncing) for a failed sync. After a retry the
 * run is read again.
 */
import { AnchorButton, Callout, Intent, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ERRORS } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { describeError } from '../../../app/errors';
import { formatDateTime } from '../../../app/format';
import { Page } from '../../../components/Page';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useViewer } from '../../auth/useViewer';
import { fetchRunDetail, retryNode, retrySyncing, type RunDetail } from '../api';
import { useConnection } from '../useConnection';
import { NodeLogCard } from './NodeLogCard';
import { StatusTag } from './StatusTag';
import '../workflows.css';

type Load =
  | { status: 'idle' | 'loading' }
  | { status: 'succeeded'; run: RunDetail }
  | { status: 'failed'; message: string };

export function WorkflowLogPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const connection = useConnection();
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [busy, setBusy] = useState<string | null>(null);

  const read = useCallback(async () => {
    if (!connection) return;
    try {
      setLoad({ status: 'succeeded', run: await fetchRunDetail(connection, id) });
    } catch (error) {
      setLoad({
        status: 'failed',
        message: describeError(error, ERRORS.FETCH_WORKFLOW_LOG_DETAILS_FAILED),
      });
    }
  }, [connection, id]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    void read();
  }, [read]);

  const retry = async (nodeLogId: string, kind: 'node' | 'sync') => {
    if (!connection) return;
    setBusy(nodeLogId);
    try {
      if (kind === 'node') await retryNode(connection, nodeLogId);
      else await retrySyncing(connection, nodeLogId);
      toastSuccess(kind === 'node' ? 'The step is queued again.' : 'Syncing is queued again.');
      await read();
    } catch (error) {
      toastError(
        describeError(
          error,
          kind === 'node' ? ERRORS.RETRY_NODE_FAILED : ERRORS.RETRY_SYNCING_FAILED,
        ),
      );
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (load.status === 'failed') {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {load.message}
      </Callout>
    );
  } else if (load.status !== 'succeeded') {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading the run" />;
  } else {
    const { run } = load;
    body = (
      <div className="ld-stack">
        <div className="ld-wf-run-facts">
          <StatusTag status={run.status} /> <Tag minimal>version {run.workflow_version}</Tag>{' '}
          <span className="ld-muted">
            started {formatDateTime(run.started_at, dateFormat)}
            {run.ended_at ? `, ended ${formatDateTime(run.ended_at, dateFormat)}` : ''}
          </span>{' '}
          {run.legal_processed_file_id ? (
            <a href={`#${APP_PATHS.document(run.legal_processed_file_id)}`}>Open the document</a>
          ) : null}
        </div>
        {run.nodes.length === 0 ? <p className="ld-muted">No step has run yet.</p> : null}
        {run.nodes.map((log) => (
          <NodeLogCard
            key={log.id}
            log={log}
            label={undefined}
            dateFormat={dateFormat}
            busy={busy === log.id}
            onRetryNode={() => void retry(log.id, 'node')}
            onRetrySyncing={
              log.node_type === 'action.sync_case' ? () => void retry(log.id, 'sync') : null
            }
          />
        ))}
      </div>
    );
  }
  return (
    <Page
      title="Workflow run"
      actions={
        <>
          {load.status === 'succeeded' ? (
            <AnchorButton
              href={`#${APP_PATHS.workflow(load.run.workflow_id)}`}
              icon="flows"
              variant="minimal"
            >
              Open the workflow
            </AnchorButton>
          ) : null}
          <AnchorButton href={`#${APP_PATHS.workflowLogs}`} icon="arrow-left" variant="minimal">
            All logs
          </AnchorButton>
        </>
      }
    >
      {body}
    </Page>
  );
}
