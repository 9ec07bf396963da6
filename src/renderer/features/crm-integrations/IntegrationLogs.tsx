/** The integration logs, newest first, paged by first and offset with the total count. */
import { Button, ButtonGroup, Callout, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';
import type { IntegrationLogPage } from '../../../shared/crm';
import { formatDateTime } from '../../app/format';
import type { RequestState } from './requestState';

const OUTCOME_INTENT: Record<string, Intent> = {
  ok: Intent.SUCCESS,
  retried: Intent.WARNING,
  failed: Intent.DANGER,
};

export function IntegrationLogs(props: {
  state: RequestState<IntegrationLogPage>;
  offset: number;
  pageSize: number;
  dateFormat: string;
  onPage: (offset: number) => void;
  onRetry: () => void;
}) {
  const { state } = props;
  const page = 'data' in state ? state.data : undefined;
  const total = page?.total ?? 0;
  return (
    <section className="ld-crm-logs" aria-label="Integration logs">
      <h2 className="ld-crm-heading">
        Integration logs {state.status === 'loading' ? <Spinner size={14} /> : null}
      </h2>
      {state.status === 'failed' ? (
        <Callout intent={Intent.DANGER} title={state.error}>
          <Button onClick={props.onRetry}>Try again</Button>
        </Callout>
      ) : null}
      {page && page.items.length === 0 ? (
        <p className="ld-crm-muted">No calls to a CRM yet.</p>
      ) : null}
      {page && page.items.length > 0 ? (
        <>
          <HTMLTable compact striped className="ld-crm-table">
            <thead>
              <tr>
                <th>When</th>
                <th>CRM</th>
                <th>Sync</th>
                <th>Call</th>
                <th>Outcome</th>
                <th>HTTP</th>
                <th>Attempt</th>
                <th>Details</th>
              </tr>
            </thead>
            <tbody>
              {page.items.map((log) => (
                <tr key={log.id}>
                  <td>{formatDateTime(log.created_at, props.dateFormat)}</td>
                  <td>{log.crm_type}</td>
                  <td>{log.sync_type}</td>
                  <td>{log.operation.replace(/_/g, ' ')}</td>
                  <td>
                    <Tag minimal intent={OUTCOME_INTENT[log.outcome] ?? Intent.NONE}>
                      {log.outcome}
                    </Tag>
                  </td>
                  <td>{log.http_status ?? '—'}</td>
                  <td>{log.attempt}</td>
                  <td className="ld-crm-details">
                    {typeof log.details.error === 'string'
                      ? log.details.error
                      : String(log.details.path ?? '')}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
          <div className="ld-crm-pager">
            <span>
              {props.offset + 1}–{Math.min(props.offset + props.pageSize, total)} of {total}
            </span>
            <ButtonGroup>
              <Button
                icon="chevron-left"
                aria-label="Newer"
                disabled={props.offset === 0}
                onClick={() => props.onPage(Math.max(0, props.offset - props.pageSize))}
              />
              <Button
                icon="chevron-right"
                aria-label="Older"
                disabled={props.offset + props.pageSize >= total}
                onClick={() => props.onPage(props.offset + props.pageSize)}
              />
            </ButtonGroup>
          </div>
        </>
      ) : null}
    </section>
  );
}
