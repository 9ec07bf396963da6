/**
 * Cases (/cases): statistics on top, the three recent cases, then the list with search, filters,
 * sortable columns and server paging. "New case" and "Import CSV" open their dialogs.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { Pager } from '../../components/Pager';
import { Button, Callout, HTMLSelect, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { CaseFilterBar } from './CaseFilterBar';
import { CaseFormDialog } from './CaseFormDialog';
import { CaseStatsCards } from './CaseStatsCards';
import { CaseTable } from './CaseTable';
import { useCaseListFilters } from './filtersSlice';
import { ImportCasesDialog } from './ImportCasesDialog';
import {
  CASE_PAGE_SIZES,
  caseListVariables,
  clearedFilters,
  isNarrowed,
  pageCount,
  toggleSort,
  type CaseListFilters,
} from './listState';
import { CASE_MESSAGES } from './messages';
import {
  CASE_LIST_QUERY,
  CASE_STATS_QUERY,
  RECENT_CASES_LIMIT,
  RECENT_CASES_QUERY,
} from './operations';
import { RecentCases } from './RecentCases';
import './cases.css';

export function CasesPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? DEFAULT_DATE_FORMAT;
  const [filters, setFilters] = useCaseListFilters();
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);

  const stats = useQuery(CASE_STATS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const recent = useQuery(RECENT_CASES_QUERY, {
    variables: { limit: RECENT_CASES_LIMIT },
    fetchPolicy: 'cache-and-network',
  });
  const list = useQuery(CASE_LIST_QUERY, {
    variables: caseListVariables(filters, page),
    fetchPolicy: 'cache-and-network',
  });
  const shown = list.data ?? list.previousData;

  const change = (next: CaseListFilters) => {
    setFilters(next);
    setPage(1);
  };
  const refresh = () => {
    void stats.refetch();
    void recent.refetch();
    void list.refetch();
  };

  const total = shown?.legalCases.total ?? 0;
  const pages = pageCount(total, filters.pageSize);
  let body;
  if (list.error && !shown) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(list.error, ERRORS.FETCH_CASE_DATA_FAILED)}
        <div className="ld-cases-gap">
          <Button size="small" icon="refresh" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      </Callout>
    );
  } else if (!shown) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading cases" />;
  } else if (shown.legalCases.items.length === 0 && isNarrowed(filters)) {
    body = (
      <NonIdealState
        icon="search"
        title={CASE_MESSAGES.NO_MATCH}
        className="ld-empty"
        action={<Button onClick={() => change(clearedFilters(filters))}>Clear filters</Button>}
      />
    );
  } else if (shown.legalCases.items.length === 0 && page > 1) {
    body = (
      <NonIdealState
        icon="document"
        title={ERRORS.NO_DATA}
        className="ld-empty"
        action={<Button onClick={() => setPage(1)}>First page</Button>}
      />
    );
  } else if (shown.legalCases.items.length === 0) {
    body = (
      <NonIdealState
        icon="briefcase"
        title={ERRORS.NO_DATA}
        description="Create a case or import them from a CSV file."
        className="ld-empty"
      />
    );
  } else {
    body = (
      <CaseTable
        cases={shown.legalCases.items}
        filters={filters}
        dateFormat={dateFormat}
        onSort={(column) => change(toggleSort(filters, column))}
      />
    );
  }

  return (
    <Page
      title="Cases"
      subtitle="The company's legal cases; documents are matched to them by their numbers"
      actions={
        <>
          <Button icon="refresh" variant="minimal" onClick={refresh} aria-label="Refresh cases" />
          <Button icon="import" onClick={() => setDialog('import')} disabled={!companyId}>
            Import CSV
          </Button>
          <Button
            icon="add"
            intent={Intent.PRIMARY}
            onClick={() => setDialog('new')}
            disabled={!companyId}
          >
            New case
          </Button>
        </>
      }
    >
      <CaseStatsCards
        stats={stats.data?.caseStats}
        error={stats.error}
        onStatus={(status) => change({ ...clearedFilters(filters), status })}
        onType={(type) => change({ ...clearedFilters(filters), type })}
      />
      <RecentCases
        cases={recent.data?.legalCases.items}
        error={recent.error}
        dateFormat={dateFormat}
      />
      <section className="ld-cases-block" aria-labelledby="all-cases-heading">
        <div className="ld-cases-list-head">
          <h2 id="all-cases-heading" className="ld-cases-heading">
            All cases
          </h2>
          {list.loading && shown ? <Spinner size={16} aria-label="Refreshing cases" /> : null}
        </div>
        <CaseFilterBar
          filters={filters}
          statuses={stats.data?.caseStats.by_status.map((entry) => entry.name) ?? []}
          types={stats.data?.caseStats.by_type.map((entry) => entry.name) ?? []}
          onChange={change}
        />
        {list.error && shown ? (
          <Callout intent={Intent.WARNING} role="alert" className="ld-cases-gap">
            {describeError(list.error, ERRORS.FETCH_CASE_DATA_FAILED)}
          </Callout>
        ) : null}
        {body}
        {shown && total > 0 ? (
          <Pager
            page={page}
            pages={pages}
            onPage={setPage}
            summary={`${total} ${total === 1 ? 'case' : 'cases'}`}
            summaryTestId="case-page-info"
          >
            <HTMLSelect
              aria-label="Cases per page"
              value={filters.pageSize}
              onChange={(event) => {
                const size = Number(event.currentTarget.value);
                const pageSize = CASE_PAGE_SIZES.find((option) => option === size);
                if (pageSize) change({ ...filters, pageSize });
              }}
              options={CASE_PAGE_SIZES.map((size) => ({
                label: `${size} per page`,
                value: size,
              }))}
            />
          </Pager>
        ) : null}
      </section>
      {dialog === 'new' ? (
        <CaseFormDialog companyId={companyId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog === 'import' ? (
        <ImportCasesDialog companyId={companyId} onClose={() => setDialog(null)} />
      ) : null}
    </Page>
  );
}
