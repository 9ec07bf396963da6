/**
 * The review queue's table: name (opens the document from the queue), raw file (opens the raw
 * file), the exception reasons as tags, type with its folder colour, the numbers found, when the
 * raw file was uploaded, and a "mark reviewed" button. The selected row is marked for the keyboard.
 */
import { Button, Intent, Tag } from '@blueprintjs/core';
import type { RefObject } from 'react';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../app/format';
import { FolderDot } from '../documents/DocumentTable';
import type { ReviewQueueRow } from './operations';
import { REASON_LABELS, reviewDocumentPath, type StatusType } from './queue';

/** ADJ numbers, then case numbers not already listed, then claim numbers. */
export function numbersOf(row: ReviewQueueRow): string {
  const parts = [
    ...row.adj_number,
    ...row.case_number.filter((n) => !row.adj_number.includes(n)),
    ...row.claim_number,
  ];
  return parts.join(', ');
}

export function ReviewQueueTable(props: {
  rows: readonly ReviewQueueRow[];
  selectedId: string | null;
  statusType: StatusType;
  dateFormat: string;
  frameRef: RefObject<HTMLDivElement>;
  listRef: RefObject<HTMLTableSectionElement>;
  onSelect(id: string): void;
  onOpen(row: ReviewQueueRow): void;
  onReview(row: ReviewQueueRow): void;
}) {
  return (
    <div className="ld-table-frame ld-review-frame" ref={props.frameRef} tabIndex={-1}>
      <table
        className="bp6-html-table bp6-compact ld-table ld-review-table"
        aria-label="Documents to review"
      >
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Raw file</th>
            <th scope="col">Needs</th>
            <th scope="col">Type</th>
            <th scope="col">Numbers</th>
            <th scope="col">Uploaded</th>
            <th scope="col" aria-label="Actions" />
          </tr>
        </thead>
        <tbody ref={props.listRef}>
          {props.rows.map((row) => {
            const isSelected = row.id === props.selectedId;
            return (
              <tr
                key={row.id}
                data-id={row.id}
                aria-selected={isSelected}
                className={`ld-review-row${isSelected ? ' ld-review-selected' : ''}`}
                onClick={() => props.onSelect(row.id)}
                onDoubleClick={() => props.onOpen(row)}
              >
                <td className="ld-review-name">
                  <Link
                    to={reviewDocumentPath(row.id, props.statusType)}
                    title={row.name}
                    onFocus={() => props.onSelect(row.id)}
                  >
                    {row.name}
                  </Link>
                </td>
                <td className="ld-review-raw">
                  {row.legal_raw_file_id ? (
                    <Link
                      to={`/raw-files/${encodeURIComponent(row.legal_raw_file_id)}`}
                      title={row.raw_file_name}
                      onClick={(event) => event.stopPropagation()}
                    >
                      {row.raw_file_name}
                    </Link>
                  ) : (
                    row.raw_file_name
                  )}
                </td>
                <td>
                  <span className="ld-review-reasons">
                    {row.exception_reasons.map((reason) => (
                      <Tag key={reason} minimal intent={Intent.WARNING}>
                        {REASON_LABELS[reason] ?? reason}
                      </Tag>
                    ))}
                  </span>
                </td>
                <td>
                  {row.legal_file_type ? (
                    <span
                      className="ld-doc-type"
                      title={`${row.legal_file_type.legal_document_folder.name} — ${row.legal_file_type.name}`}
                    >
                      <FolderDot color={row.legal_file_type.legal_document_folder.hex_code} />
                      <span className="ld-ellipsis">{row.legal_file_type.name}</span>
                    </span>
                  ) : (
                    <span className="ld-muted">No type</span>
                  )}
                </td>
                <td className="ld-review-numbers" title={numbersOf(row)}>
                  {numbersOf(row) || <span className="ld-muted">None found</span>}
                </td>
                <td className="ld-review-date">
                  {row.raw_file_uploaded_at
                    ? formatDateTime(row.raw_file_uploaded_at, props.dateFormat)
                    : ''}
                </td>
                <td className="ld-review-actions">
                  <Button
                    size="small"
                    variant="minimal"
                    icon="tick"
                    aria-label={`Mark ${row.name} reviewed`}
                    title="Mark reviewed (r)"
                    onClick={(event) => {
                      event.stopPropagation();
                      props.onReview(row);
                    }}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
