/**
 * The document center's table: the company's columns in their order, a sticky header whose
 * column titles sort (click again to flip), and rows virtualised with @tanstack/react-virtual so a
 * 1000-document page renders only the rows in view (spacer rows keep the scroll height). A row
 * opens the document on click or Enter; the raw file's name links to the raw file. A first column
 * of checkboxes chooses rows for the bulk actions (the header's chooses the whole page).
 */
import { Icon, Tag } from '@blueprintjs/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDay } from '../../../shared/documents';
import { formatDateTime } from '../../app/format';
import {
  columnDefinition,
  columnWidth,
  isSortable,
  type ColumnKey,
  type ColumnState,
  type SortKey,
} from './columns';
import type { DocumentRow } from './operations';
import { leadToMatch, splitSnippet } from './snippet';

const ROW_HEIGHT = 37;
const CHOOSE_WIDTH = 36;
const SNIPPET_ROW_HEIGHT = 78;

export function FolderDot(props: { color: string }) {
  return <span className="ld-folder-dot" style={{ backgroundColor: props.color }} aria-hidden />;
}

export function Snippet(props: { text: string | null }) {
  const parts = leadToMatch(splitSnippet(props.text));
  if (parts.length === 0) return null;
  return (
    <div className="ld-snippet" data-testid="snippet">
      {parts.map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </div>
  );
}

const numbers = (values: readonly string[]) => values.join(', ');

function cell(key: ColumnKey, row: DocumentRow, dateFormat: string): ReactNode {
  switch (key) {
    case 'name':
      return (
        <>
          <div className="ld-doc-name" title={row.name}>
            {row.name}
          </div>
          <Snippet text={row.snippet} />
        </>
      );
    case 'legal_file_type':
      return row.legal_file_type ? (
        <span className="ld-doc-type" title={row.legal_file_type.legal_document_folder.name}>
          <FolderDot color={row.legal_file_type.legal_document_folder.hex_code} />
          <span className="ld-ellipsis">{row.legal_file_type.name}</span>
        </span>
      ) : (
        <span className="ld-muted">No type</span>
      );
    case 'raw_file_name':
      return (
        <Link
          to={`/raw-files/${encodeURIComponent(row.legal_raw_file_id)}`}
          className="ld-doc-raw-link"
          title={row.raw_file_name}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          {row.raw_file_name}
        </Link>
      );
    case 'adj_number':
      return numbers(row.adj_number);
    case 'claim_number':
      return numbers(row.claim_number);
    case 'case_number':
      return numbers(row.case_number);
    case 'applicant':
      return row.applicant ?? '';
    case 'defendant':
      return row.defendant ?? '';
    case 'date_of_injury':
      return formatDay(row.date_of_injury, dateFormat);
    case 'start_page_no':
      return row.start_page_no === row.end_page_no
        ? String(row.start_page_no)
        : `${row.start_page_no}–${row.end_page_no}`;
    case 'created_at':
      return formatDateTime(row.created_at, dateFormat);
    case 'raw_file_uploaded_at':
      return formatDateTime(row.raw_file_uploaded_at, dateFormat);
    case 'separated_at':
      return formatDateTime(row.separated_at, dateFormat);
    case 'action_status':
      return (
        <Tag minimal intent={row.action_status === 'complete' ? 'success' : 'warning'}>
          {row.action_status === 'complete' ? 'Complete' : 'Unable to complete'}
        </Tag>
      );
    case 'document_synced':
      return row.document_synced ? 'Yes' : 'No';
    case 'reviewed_at':
      return row.reviewed_at ? formatDateTime(row.reviewed_at, dateFormat) : '';
  }
}

function SortHeader(props: {
  column: ColumnState;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort(key: SortKey): void;
}) {
  const { key } = props.column;
  const label = columnDefinition(key).label;
  // The server cannot sort by every column; those headers are plain text.
  if (!isSortable(key)) {
    return (
      <th scope="col">
        <span className="ld-sort-button ld-sort-none">{label}</span>
      </th>
    );
  }
  const active = props.sortBy === key;
  return (
    <th
      scope="col"
      aria-sort={active ? (props.sortOrder === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={`ld-sort-button${active ? ' ld-sort-active' : ''}`}
        onClick={() => props.onSort(key)}
        title={`Sort by ${label}`}
      >
        <span>{label}</span>
        <Icon
          icon={
            active
              ? props.sortOrder === 'asc'
                ? 'sort-asc'
                : 'sort-desc'
              : 'double-caret-vertical'
          }
          size={12}
          className="ld-sort-icon"
        />
      </button>
    </th>
  );
}

export function DocumentTable(props: {
  rows: readonly DocumentRow[];
  columns: readonly ColumnState[];
  dateFormat: string;
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort(key: SortKey): void;
  onOpen(row: DocumentRow): void;
  /** Documents with a change still waiting in the desktop's outbox (marked by their name). */
  waiting?: ReadonlySet<string>;
  chosen: ReadonlySet<string>;
  onChoose(ids: readonly string[], chosen: boolean): void;
}) {
  const { rows, columns, chosen } = props;
  const allChosen = rows.length > 0 && rows.every((row) => chosen.has(row.id));
  const someChosen = !allChosen && rows.some((row) => chosen.has(row.id));
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => (rows[index]?.snippet ? SNIPPET_ROW_HEIGHT : ROW_HEIGHT),
    getItemKey: (index) => rows[index]?.id ?? index,
    overscan: 12,
  });
  // A new page (or new filters) starts at the top.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [rows]);

  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length
    ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
    : 0;
  const width = columns.reduce((sum, column) => sum + columnWidth(column), CHOOSE_WIDTH);

  const onRowKey = (event: KeyboardEvent<HTMLTableRowElement>, row: DocumentRow) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Enter') {
      event.preventDefault();
      props.onOpen(row);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const sibling =
        event.key === 'ArrowDown'
          ? event.currentTarget.nextElementSibling
          : event.currentTarget.previousElementSibling;
      if (sibling instanceof HTMLElement && sibling.dataset['index'] !== undefined) sibling.focus();
    }
  };

  return (
    <div
      className="ld-table-frame ld-doc-frame"
      ref={scrollRef}
      data-testid="document-table"
      data-row-count={rows.length}
    >
      <table
        className="bp6-html-table bp6-compact ld-table ld-doc-table"
        style={{ width, minWidth: '100%' }}
        aria-rowcount={rows.length + 1}
      >
        <colgroup>
          <col style={{ width: CHOOSE_WIDTH }} />
          {columns.map((column) => (
            <col key={column.key} style={{ width: columnWidth(column) }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="ld-doc-choose">
              <input
                type="checkbox"
                aria-label="Choose every document on this page"
                checked={allChosen}
                ref={(input) => {
                  if (input) input.indeterminate = someChosen;
                }}
                onChange={(event) =>
                  props.onChoose(
                    rows.map((row) => row.id),
                    event.currentTarget.checked,
                  )
                }
              />
            </th>
            {columns.map((column) => (
              <SortHeader
                key={column.key}
                column={column}
                sortBy={props.sortBy}
                sortOrder={props.sortOrder}
                onSort={props.onSort}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 ? (
            <tr aria-hidden className="ld-doc-spacer" style={{ height: paddingTop }}>
              <td colSpan={columns.length + 1} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <tr
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="ld-doc-row"
                tabIndex={0}
                aria-rowindex={item.index + 2}
                onClick={() => props.onOpen(row)}
                onKeyDown={(event) => onRowKey(event, row)}
                aria-selected={chosen.has(row.id)}
              >
                <td className="ld-doc-choose" onClick={(event) => event.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={`Choose ${row.name}`}
                    checked={chosen.has(row.id)}
                    onChange={(event) => props.onChoose([row.id], event.currentTarget.checked)}
                  />
                </td>
                {columns.map((column) => (
                  <td key={column.key} className={`ld-doc-cell-${column.key}`}>
                    {cell(column.key, row, props.dateFormat)}
                    {column.key === 'name' && props.waiting?.has(row.id) ? (
                      <span className="ld-doc-waiting" data-testid="waiting-to-sync">
                        waiting to sync
                      </span>
                    ) : null}
                  </td>
                ))}
              </tr>
            );
          })}
          {paddingBottom > 0 ? (
            <tr aria-hidden className="ld-doc-spacer" style={{ height: paddingBottom }}>
              <td colSpan={columns.length + 1} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
