/**
 * One node's execution in a run: its status, attempts, when it was queued, started and ended (and
 * how long it took), its input, output and error. A failed node offers "Retry node".
 */
import { Button, Callout, Card, Intent, Tag } from '@blueprintjs/core';
import type { RunDetail } from '../api';

type NodeLog = RunDetail['nodes'][number];
import { formatDateTime } from '../../../app/format';
import { kindLabel } from '../editor/StepNode';
import { StatusTag } from './StatusTag';

function Json({ label, value }: { label: string; value: unknown }) {
  if (value === null || value === undefined) return null;
  return (
    <div>
      <strong>{label}</strong>
      <pre className="ld-wf-json" aria-label={`${label} of the step`}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}

export function durationText(startedAt: string | null, endedAt: string | null): string | null {
  if (!startedAt || !endedAt) return null;
  const ms = Date.parse(endedAt) - Date.parse(startedAt);
  if (!Number.isFinite(ms) || ms < 0) return null;
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function NodeLogCard(props: {
  log: NodeLog;
  dateFormat: string;
  busy: boolean;
  onRetryNode: () => void;
}) {
  const { log, dateFormat } = props;
  const when = (value: string | null) => (value ? formatDateTime(value, dateFormat) : '—');
  const took = durationText(log.started_at, log.ended_at);
  const title = `${kindLabel(log.node_type)} · ${log.node_id}`;
  return (
    <Card className="ld-wf-node-log" role="article" aria-label={`Step ${title}`}>
      <div className="ld-wf-node-log-head">
        <strong>{kindLabel(log.node_type)}</strong> <span className="ld-muted">{log.node_id}</span>{' '}
        <StatusTag status={log.status} />{' '}
        <Tag minimal data-testid="wf-attempts">
          {log.attempts === 1 ? '1 attempt' : `${log.attempts} attempts`}
        </Tag>
      </div>
      <dl className="ld-wf-node-log-times">
        <dt>Queued</dt>
        <dd>{when(log.queued_at)}</dd>
        <dt>Started</dt>
        <dd>{when(log.started_at)}</dd>
        <dt>Ended</dt>
        <dd>
          {when(log.ended_at)}
          {took ? ` (${took})` : ''}
        </dd>
      </dl>
      {log.error ? (
        <Callout intent={Intent.DANGER} icon="error" title="Error">
          {log.error}
        </Callout>
      ) : null}
      <div className="ld-wf-node-log-data">
        <Json label="Input" value={log.input} />
        <Json label="Output" value={log.output} />
      </div>
      {log.status === 'Failed' ? (
        <div className="ld-wf-row-actions">
          <Button
            intent={Intent.PRIMARY}
            icon="repeat"
            loading={props.busy}
            onClick={props.onRetryNode}
          >
            Retry node
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
