/**
 * The document's history: every logged change (field, old → new, who, their role, when, what
 * kind of action), newest first, and, when there are any, the administrators' change log.
 */
import { Callout, HTMLTable, Intent, Spinner } from '@blueprintjs/core';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { formatDate, formatDateTime, formatLoggedValue, formatTime } from '../../app/format';
import { fieldLabel } from '../../../shared/documents';
import type { AdminFileChangeLog, ProcessedFileLog } from './operations';

const ACTION_LABELS: Record<string, string> = {
  update: 'Edited',
  updated: 'Edited',
  created: 'Created',
  split: 'Split',
  separated: 'Split out',
  resplit: 'Re-split',
  renamed: 'Renamed',
  reviewed: 'Reviewed',
  mark_reviewed: 'Reviewed',
  deleted: 'Deleted',
  delete: 'Deleted',
  restored: 'Restored',
  restore: 'Restored',
};

export const actionLabel = (action: string): string =>
  ACTION_LABELS[action] ?? action.replace(/_/g, ' ');

const newestFirst = <T extends { created_at: string }>(rows: readonly T[]): T[] =>
  [...rows].sort((a, b) => b.created_at.localeCompare(a.created_at));

/** Date over time, so the column stays narrow. */
function When(props: { value: string; dateFormat: string }) {
  return (
    <span className="ld-log-when" title={formatDateTime(props.value, props.dateFormat)}>
      {formatDate(props.value, props.dateFormat)}
      <br />
      <span className="ld-muted">{formatTime(props.value)}</span>
    </span>
  );
}

/** A logged value: days and moments in the company's date format, the rest as written. */
function Value(props: { field: string; value: string | null; dateFormat: string }) {
  return props.value === null || props.value === '' ? (
    <span className="ld-muted">—</span>
  ) : (
    <span className="ld-log-value">
      {formatLoggedValue(props.field, props.value, props.dateFormat)}
    </span>
  );
}

export function HistoryPanel(props: {
  logs: readonly ProcessedFileLog[] | null;
  adminLogs: readonly AdminFileChangeLog[] | null;
  loading: boolean;
  error: unknown;
  offline: boolean;
  dateFormat: string;
}) {
  if (props.offline)
    return <p className="ld-muted">The history is shown when the server can be reached.</p>;
  if (props.error && !props.logs)
    return (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(props.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
      </Callout>
    );
  if (!props.logs) return <Spinner size={24} aria-label="Loading the history" />;
  const logs = newestFirst(props.logs);
  const adminLogs = newestFirst(props.adminLogs ?? []);
  return (
    <div className="ld-history">
      {logs.length === 0 ? (
        <p className="ld-muted">{ERRORS.NO_DATA}</p>
      ) : (
        <HTMLTable className="ld-table ld-log-table" compact striped aria-label="Changes">
          <thead>
            <tr>
              <th>When</th>
              <th>Field</th>
              <th>Change</th>
              <th>By</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {logs.map((log) => (
              <tr key={log.id} data-field={log.field}>
                <td>
                  <When value={log.created_at} dateFormat={props.dateFormat} />
                </td>
                <td>{fieldLabel(log.field)}</td>
                <td>
                  <Value
                    field={log.field}
                    value={log.original_value}
                    dateFormat={props.dateFormat}
                  />{' '}
                  →{' '}
                  <Value
                    field={log.field}
                    value={log.updated_value}
                    dateFormat={props.dateFormat}
                  />
                </td>
                <td>
                  {log.updated_by_name ?? log.updated_by_email ?? '—'}
                  {log.updated_by_role ? (
                    <div className="ld-muted ld-small">{log.updated_by_role}</div>
                  ) : null}
                </td>
                <td>
                  {actionLabel(log.action_type)}
                  {log.is_exception_value ? (
                    <div
                      className="ld-muted ld-small"
                      title="Changed while the document waited for review"
                    >
                      in review
                    </div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {adminLogs.length > 0 ? (
        <>
          <h4 className="ld-subsection-title">Administrator changes</h4>
          <HTMLTable
            className="ld-table ld-log-table"
            compact
            striped
            aria-label="Administrator changes"
          >
            <thead>
              <tr>
                <th>When</th>
                <th>Field</th>
                <th>Change</th>
                <th>By</th>
              </tr>
            </thead>
            <tbody>
              {adminLogs.map((log) => (
                <tr key={log.id}>
                  <td>
                    <When value={log.created_at} dateFormat={props.dateFormat} />
                  </td>
                  <td>
                    {fieldLabel(log.data_field)}
                    {log.file_type ? (
                      <div className="ld-muted ld-small">{log.file_type}</div>
                    ) : null}
                  </td>
                  <td>
                    <Value
                      field={log.data_field}
                      value={log.current}
                      dateFormat={props.dateFormat}
                    />{' '}
                    →{' '}
                    <Value
                      field={log.data_field}
                      value={log.updated}
                      dateFormat={props.dateFormat}
                    />
                  </td>
                  <td>
                    {log.user_name ?? log.email ?? '—'}
                    {log.role ? <div className="ld-muted ld-small">{log.role}</div> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </>
      ) : null}
    </div>
  );
}
