/**
 * /workflow-logs/:id?file=<processed file> — log detail (POST /workflow/log-details by
 * workflow_id, for one processed file): every run of the group, newest first, node by node with
 * input, output, error, attempts and timings; "Retry node" (POST /workflow/process-node) on a
 * failed node. With a document, its sync logs (POST /workflow/sync-logs) follow, with
 * "Retry syncing" (POST /workflow/retry-syncing) on a failed one. After a retry all is read again.
 */
import {
  AnchorButton,
  Callout,
  Card,
  HTMLTable,
  Intent,
  Spinner,
  Tag,
  Button,
} from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { ERRORS } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { describeError } from '../../../app/errors';
import { formatDateTime } from '../../../app/format';
import { Page } from '../../../components/Page';
import { toastError, toastSuccess } from '../../../components/toaster';
import { useViewer } from '../../auth/useViewer';
import {
  fetchRunDetails,
  fetchSyncLogs,
  retryNode,
  retrySyncing,
  type RunDetail,
  type SyncLog,
} from '../api';
import { useConnection } from '../useConnection';
import { NodeLogCard } from './NodeLogCard';
import { inRunOrder } from './runOrder';
import { StatusTag } from './StatusTag';
import '../workflows.css';

type Load =
  | { status: 'idle' | 'loading' }
  | { status: 'succeeded'; runs: RunDetail[]; syncLogs: SyncLog[] }
  | { status: 'failed'; message: string };

export function WorkflowLogPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const fileId = search.get('file');
  const viewer = useViewer();
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const when = (value: string | null) => (value ? formatDateTime(value, dateFormat) : '—');
  const connection = useConnection();
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [busy, setBusy] = useState<string | null>(null);

  const read = useCallback(async () => {
    if (!connection) return;
    try {
      const runs = await fetchRunDetails(connection, { workflowId: id, processedFileId: fileId });
      const syncLogs = fileId ? await fetchSyncLogs(connection, fileId) : [];
      setLoad({ status: 'succeeded', runs, syncLogs });
    } catch (error) {
      setLoad({
        status: 'failed',
        message: describeError(error, ERRORS.FETCH_WORKFLOW_LOG_DETAILS_FAILED),
      });
    }
  }, [connection, fileId, id]);
  useEffect(() => {
    setLoad({ status: 'loading' });
    void read();
  }, [read]);

  const retry = async (targetId: string, kind: 'node' | 'sync') => {
    if (!connection) return;
    setBusy(targetId);
    try {
      if (kind === 'node') await retryNode(connection, targetId);
      else await retrySyncing(connection, targetId);
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
    body = <Spinner className="ld-loading" size={32} aria-label="Loading the runs" />;
  } else {
    body = (
      <div className="ld-stack">
        {load.runs.length === 0 ? <p className="ld-muted">No run yet.</p> : null}
        {load.runs.map((run, index) => (
          <section key={run.id} className="ld-stack" aria-label={`Run ${load.runs.length - index}`}>
            <h2 className="ld-wf-run-title">
              Run {load.runs.length - index} <StatusTag status={run.status} />{' '}
              <Tag minimal>version {run.workflow_version}</Tag>{' '}
              <span className="ld-muted">
                started {when(run.started_at)}
                {run.ended_at ? `, ended ${when(run.ended_at)}` : ''}
              </span>
            </h2>
            {run.nodes.length === 0 ? <p className="ld-muted">No step has run yet.</p> : null}
            {inRunOrder(run.nodes).map((log) => (
              <NodeLogCard
                key={log.id}
                log={log}
                dateFormat={dateFormat}
                busy={busy === log.id}
                onRetryNode={() => void retry(log.id, 'node')}
              />
            ))}
          </section>
        ))}
        {fileId ? (
          <Card aria-label="Document sync logs">
            <h2 className="ld-wf-run-title">Document sync logs</h2>
            {load.syncLogs.length === 0 ? (
              <p className="ld-muted">This document has not been synced.</p>
            ) : (
              <HTMLTable className="ld-wf-table" compact>
                <thead>
                  <tr>
                    <th>Status</th>
                    <th>Attempt</th>
                    <th>Started</th>
                    <th>Ended</th>
                    <th>Data</th>
                    <th />
                  </tr>
                </thead>
                <tbody>
                  {load.syncLogs.map((log) => (
                    <tr key={log.id}>
                      <td>
                        <StatusTag status={log.status} />
                      </td>
                      <td>{log.attempt}</td>
                      <td>{when(log.started_at)}</td>
                      <td>{when(log.ended_at)}</td>
                      <td>
                        <pre className="ld-wf-json">{JSON.stringify(log.data, null, 2)}</pre>
                      </td>
                      <td>
                        {log.status === 'Failed' ? (
                          <Button
                            icon="refresh"
                            loading={busy === log.id}
                            onClick={() => void retry(log.id, 'sync')}
                          >
                            Retry syncing
                          </Button>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
        ) : null}
      </div>
    );
  }
  return (
    <Page
      title="Workflow log"
      subtitle={fileId ? 'Runs of this workflow for one document.' : 'Runs of this workflow.'}
      actions={
        <>
          <AnchorButton href={`#${APP_PATHS.workflow(id)}`} icon="flows" variant="minimal">
            Open the workflow
          </AnchorButton>
          {fileId ? (
            <AnchorButton href={`#${APP_PATHS.document(fileId)}`} icon="document" variant="minimal">
              Open the document
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
