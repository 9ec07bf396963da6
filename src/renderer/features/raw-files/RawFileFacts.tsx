/**
 * What the raw-file drawer and the raw-file details page both show of a file: its facts (size,
 * pages, type, upload, medium, documents, checksum) and its log, newest first.
 */
import { HTMLTable } from '@blueprintjs/core';
import { ERRORS } from '../../../shared/errors';
import { formatDateTime } from '../../app/format';
import { formatBytes } from '../uploads/trackerRows';
import type { RawFileDetails, RawFileLog } from './operations';
import { readableLogName, readableLogValue } from './processingError';

export function RawFileFacts(props: { file: RawFileDetails; dateFormat: string }) {
  const { file, dateFormat } = props;
  const facts: Array<[string, string]> = [
    ['Size', formatBytes(file.size)],
    ['Pages', String(file.no_of_pages)],
    ['Type', file.mime ?? ''],
    ['Uploaded', formatDateTime(file.created_at, dateFormat)],
    ['Uploaded by', file.uploaded_by_user_name ?? file.uploaded_by_email ?? ''],
    ['Medium', file.raw_file_medium ?? ''],
    ['Documents', String(file.processed_files_count)],
    ['SHA-256', file.sha256 ?? ''],
  ];
  return (
    <dl className="ld-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value || '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

export function RawFileLogTable(props: {
  logs: readonly RawFileLog[];
  dateFormat: string;
  /** The file the log is of: its values name it by its name. */
  file: Pick<RawFileDetails, 'name' | 's3_key'>;
}) {
  const value = (field: string, text: string | null) => readableLogValue(field, text, props.file);
  if (props.logs.length === 0) return <p className="ld-muted">{ERRORS.NO_DATA}</p>;
  const newestFirst = [...props.logs].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <HTMLTable className="ld-table ld-log-table" compact striped>
      <thead>
        <tr>
          <th>When</th>
          <th>Action</th>
          <th>Change</th>
          <th>By</th>
        </tr>
      </thead>
      <tbody>
        {newestFirst.map((log) => (
          <tr key={log.id}>
            <td>{formatDateTime(log.created_at, props.dateFormat)}</td>
            <td>{readableLogName(log.action_type)}</td>
            <td>
              {readableLogName(log.field)}: {value(log.field, log.original_value)} →{' '}
              {value(log.field, log.updated_value)}
            </td>
            <td>{log.updated_by_username ?? ''}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
