/**
 * One page of cases. Column headers sort on the server (a second click flips the order); the case
 * number opens the case.
 */
import { HTMLTable, Icon, Tag } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../app/format';
import { formatDay } from '../../../shared/documents';
import { orDash } from './caseFormat';
import { ariaSort, type CaseListFilters, type CaseSortColumn } from './listState';
import type { LegalCase } from './operations';

/** The columns in order; `sort` is the sort_by of a sortable one. */
const COLUMNS: Array<{ label: string; sort: CaseSortColumn | null }> = [
  { label: 'Case number', sort: 'case_number' },
  { label: 'Name', sort: 'name' },
  { label: 'Client', sort: 'client_name' },
  { label: 'Status', sort: 'legal_case_status' },
  { label: 'Type', sort: 'legal_case_type' },
  { label: 'Date of injury', sort: 'date_of_injury' },
  { label: 'Updated', sort: 'updated_at' },
];

export function CaseTable(props: {
  cases: LegalCase[];
  filters: CaseListFilters;
  dateFormat: string;
  onSort: (column: CaseSortColumn) => void;
}) {
  const { cases, filters, dateFormat, onSort } = props;
  return (
    <div className="ld-table-frame">
      <HTMLTable className="ld-table ld-cases-table" striped aria-label="Cases">
        <thead>
          <tr>
            {COLUMNS.map(({ label, sort: key }) => {
              if (key === null) return <th key={label}>{label}</th>;
              const sort = ariaSort(filters, key);
              return (
                <th key={label} aria-sort={sort}>
                  <button type="button" className="ld-cases-sort" onClick={() => onSort(key)}>
                    {label}
                    <Icon
                      size={12}
                      icon={
                        sort === 'ascending'
                          ? 'sort-asc'
                          : sort === 'descending'
                            ? 'sort-desc'
                            : 'double-caret-vertical'
                      }
                      className={sort === 'none' ? 'ld-cases-sort-idle' : undefined}
                    />
                  </button>
                </th>
              );
            })}
            <th className="ld-cases-num">Documents</th>
          </tr>
        </thead>
        <tbody>
          {cases.map((item) => (
            <tr key={item.id}>
              <td>
                <Link to={`/cases/${item.id}`} className="ld-cases-number-link">
                  {item.case_number}
                </Link>
              </td>
              <td>{orDash(item.name)}</td>
              <td>{orDash(item.client_name)}</td>
              <td>
                {item.legal_case_status ? (
                  <Tag minimal round>
                    {item.legal_case_status}
                  </Tag>
                ) : (
                  <span className="ld-muted">—</span>
                )}
              </td>
              <td>{orDash(item.legal_case_type)}</td>
              <td className="ld-cases-nowrap">
                {orDash(formatDay(item.date_of_injury, dateFormat))}
              </td>
              <td className="ld-cases-nowrap">{formatDateTime(item.updated_at, dateFormat)}</td>
              <td className="ld-cases-num">{item.documents_count}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}
