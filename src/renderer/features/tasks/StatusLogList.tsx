/** A task's status log, newest first: every move with who made it, to whom, and why. */
import { HTMLTable, NonIdealState } from '@blueprintjs/core';
import { statusName } from '../../../shared/delivery/taskStatus';
import type { TaskDetail } from './operations';

export function StatusLogList(props: {
  logs: TaskDetail['status_logs'];
  nameOf: (id: string) => string;
}) {
  if (props.logs.length === 0)
    return <NonIdealState icon="history" title="No moves yet" description="Moves appear here." />;
  return (
    <HTMLTable compact striped className="ld-status-log" aria-label="Status log">
      <thead>
        <tr>
          <th>When</th>
          <th>Move</th>
          <th>By</th>
          <th>Handed to</th>
          <th>Reason</th>
          <th>Remarks</th>
          <th>Submission</th>
          <th>Time</th>
        </tr>
      </thead>
      <tbody>
        {props.logs.map((log) => (
          <tr key={log.id}>
            <td>{new Date(log.created_at).toLocaleString()}</td>
            <td>
              {statusName(log.past_status)} → {statusName(log.current_status)}
            </td>
            <td>{log.updated_by_name}</td>
            <td>{log.updated_to ? props.nameOf(log.updated_to) : '—'}</td>
            <td>{log.reason ?? '—'}</td>
            <td>{log.remarks ?? '—'}</td>
            <td>{log.submission ?? '—'}</td>
            <td>{log.track_time === null ? '—' : `${log.track_time} min`}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
