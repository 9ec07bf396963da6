/**
 * The document center (spec sections 3, 4 and 9; review issue): the company's finished documents
 * (complete or unable_to_complete, not deleted, not exceptions, as processedFiles returns them),
 * tabs by folder with counts, every processed-file filter, sorting by any column, server-side
 * paging (page 1, 10 a page by default), the company's column layout and a virtualised table.
 * Filters, tab, sorting and page size persist; the page number lives in the address (?page=), so
 * coming back from a document returns to the same page.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  HTMLSelect,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { hasProblems } from '../../../shared/filters/rules';
import { describeError } from '../../app/errors';
import { InvalidFilters } from '../../components/InvalidFilters';
import { Page } from '../../components/Page';
import { toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { withPending } from '../offline/pending';
import { usePendingChanges } from '../offline/usePendingChanges';
import { SavedViewsMenu } from '../saved-views/SavedViewsMenu';
import { visibleColumns, type ColumnState } from './columns';
import { ColumnsDialog } from './ColumnsDialog';
import { DocumentBulkBar } from './DocumentBulkBar';
import { DocumentFilterBar } from './DocumentFilterBar';
import { DocumentTable, FolderDot } from './DocumentTable';
import {
  clearDocumentFilters,
  countVariables,
  documentFilterProblems,
  hasDocumentFilters,
  listVariables,
  NO_FILE_TYPE_TAB,
  PAGE_SIZES,
  pagesOffered,
  restoreDocumentFilters,
  totalLabel,
  parsePage,
  toggleSort,
  type DocumentFilters,
  type PageSize,
} from './filters';
import { useDocumentFilters } from './filtersSlice';
import {
  DOCUMENT_CENTER_COUNTS_QUERY,
  DOCUMENT_CENTER_FILE_TYPES_QUERY,
  DOCUMENT_CENTER_FILES_QUERY,
  type DocumentRow,
} from './operations';
import { OfflineListBanner, OfflineNoList } from './OfflineList';
import { useAppliedFilters } from './useAppliedFilters';
import { useCachedList } from './useCachedList';
import { useColumnLayout } from './useColumnLayout';
// The filter bar and pager share the raw-file list's styles.
import '../raw-files/raw-files.css';
import './documents.css';

export const SAVE_COLUMNS_FAILED = 'Failed to save the columns';
const ALL_TAB = 'all';

function TabTitle(props: { label: ReactNode; count: number | undefined; testId: string }) {
  return (
    <span className="ld-doc-tab">
      {props.label}
      <span className="ld-doc-tab-count" data-testid={`tab-count-${props.testId}`}>
        {props.count ?? '–'}
      </span>
    </span>
  );
}

export function DocumentCenterPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = parsePage(searchParams.get('page'));
  const setPage = (next: number) =>
    setSearchParams(next > 1 ? { page: String(next) } : {}, { replace: true });

  const [filters, setFilters] = useDocumentFilters();
  const applied = useAppliedFilters(filters);
  const change = (next: DocumentFilters) => {
    setFilters(next);
    if (page !== 1) setPage(1);
  };

  // A wrong filter is said next to its field and nothing is sent; the list shows no rows meanwhile.
  const problems = documentFilterProblems(filters, dateFormat);
  const invalid = hasProblems(documentFilterProblems(applied, dateFormat));
  const skip = !companyId || invalid;
  const variables = useMemo(
    () => listVariables(applied, page, companyId, dateFormat),
    [applied, page, companyId, dateFormat],
  );
  const list = useQuery(DOCUMENT_CENTER_FILES_QUERY, {
    variables,
    skip,
    fetchPolicy: 'cache-and-network',
  });
  const counts = useQuery(DOCUMENT_CENTER_COUNTS_QUERY, {
    variables: countVariables(applied, companyId, dateFormat),
    skip,
    fetchPolicy: 'cache-and-network',
  });
  const fileTypes = useQuery(DOCUMENT_CENTER_FILE_TYPES_QUERY, {
    variables: { company_id: companyId },
    skip,
  });
  const columns = useColumnLayout(companyId);
  // Documents chosen for a bulk action: those of the page in view (a new page or filter clears it).
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => setChosen(new Set()), [variables]);
  const choose = (ids: readonly string[], on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [columnsError, setColumnsError] = useState<string | null>(null);

  // Offline: the list as last loaded, kept on this computer, instead of an error.
  const offline = useCachedList({
    companyId,
    variables,
    data: list.data,
    loading: list.loading,
    error: list.error,
  });
  const kept = offline.state.kind === 'kept' ? offline.state : null;
  const data = invalid ? undefined : (kept?.list ?? list.data ?? list.previousData)?.processedFiles;
  // A change waiting in the desktop's outbox shows in the list too, not the server's old value.
  const pending = usePendingChanges();
  const rows: readonly DocumentRow[] = useMemo(
    () => (data?.items ?? []).map((row) => withPending(row, pending.get(row.id))),
    [data, pending],
  );
  const waiting = useMemo(() => new Set(pending.keys()), [pending]);
  const total = data?.total ?? 0;
  const capped = data?.total_capped ?? false;
  const pages = pagesOffered(total, capped, page, rows.length, applied.pageSize);
  const tabCounts = invalid
    ? undefined
    : (counts.data ?? counts.previousData)?.documentCenterCounts;
  // Rows kept from before a failed refresh are not the answer to these filters: dimmed, and said.
  const stale = Boolean(list.error && data && !kept);

  // A page past the end (fewer documents than when the address was made): go to the last one.
  useEffect(() => {
    if (list.data && total > 0 && !capped && page > pages) setPage(pages);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- setPage is rebuilt every render
  }, [list.data, total, capped, page, pages]);

  const open = (row: DocumentRow) => void navigate(`/documents/${encodeURIComponent(row.id)}`);

  const saveColumns = async (next: ColumnState[]) => {
    setColumnsError(null);
    try {
      await columns.save(next);
      setColumnsOpen(false);
      toastSuccess('The columns were saved for your company.');
    } catch (failure) {
      setColumnsError(describeError(failure, SAVE_COLUMNS_FAILED));
    }
  };

  let body;
  if (invalid) {
    body = <InvalidFilters />;
  } else if (offline.unreachable && !kept && offline.state.kind !== 'loading') {
    body = <OfflineNoList />;
  } else if (list.error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(list.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
      </Callout>
    );
  } else if (!data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading documents" />;
  } else if (rows.length === 0) {
    const filtered = hasDocumentFilters(applied);
    body = (
      <NonIdealState
        icon="folder-open"
        title={ERRORS.NO_DATA}
        description={
          capped
            ? 'No match among the documents searched. A search of common words stops early: add a word or a filter to narrow it.'
            : filtered
              ? 'No document matches these filters.'
              : 'Documents appear here once uploaded files have been processed and reviewed.'
        }
        action={
          filtered ? (
            <Button icon="filter-remove" onClick={() => change(clearDocumentFilters(filters))}>
              Clear filters
            </Button>
          ) : undefined
        }
        className="ld-empty"
      />
    );
  } else {
    body = (
      <div className={stale ? 'ld-stale' : undefined} aria-busy={stale}>
        <DocumentTable
          rows={rows}
          columns={visibleColumns(columns.layout)}
          dateFormat={dateFormat}
          sortBy={applied.sortBy}
          sortOrder={applied.sortOrder}
          onSort={(key) => change(toggleSort(filters, key))}
          onOpen={open}
          chosen={chosen}
          onChoose={choose}
          waiting={waiting}
        />
      </div>
    );
  }

  const chosenIds = rows.filter((row) => chosen.has(row.id)).map((row) => row.id);
  const first = total === 0 ? 0 : (page - 1) * applied.pageSize + 1;
  const last = capped
    ? Math.max(first, first + rows.length - 1)
    : Math.min(total, page * applied.pageSize);

  return (
    <Page
      title="Document center"
      subtitle="Documents split out of your uploads, ready to use"
      actions={
        <>
          <SavedViewsMenu
            table="document_center"
            state={filters}
            onApply={(state, name) => {
              change(restoreDocumentFilters(state));
              toastSuccess(`The view "${name}" is shown.`);
            }}
          />
          <Button icon="column-layout" onClick={() => setColumnsOpen(true)}>
            Columns
          </Button>
        </>
      }
    >
      <div className="ld-doc-center">
        <div className="ld-doc-tabs-row">
          <Tabs
            id="document-center-tabs"
            selectedTabId={filters.folder || ALL_TAB}
            onChange={(id) => change({ ...filters, folder: id === ALL_TAB ? '' : String(id) })}
            className="ld-doc-tabs"
          >
            <Tab
              id={ALL_TAB}
              title={<TabTitle label="All" count={tabCounts?.all} testId="all" />}
            />
            {(tabCounts?.folders ?? []).map(({ folder, count }) => (
              <Tab
                key={folder.id}
                id={folder.id}
                title={
                  <TabTitle
                    label={
                      <>
                        <FolderDot color={folder.hex_code} />
                        {folder.name}
                      </>
                    }
                    count={count}
                    testId={folder.id}
                  />
                }
              />
            ))}
            <Tab
              id={NO_FILE_TYPE_TAB}
              title={
                <TabTitle
                  label="No type"
                  count={tabCounts?.no_file_type}
                  testId={NO_FILE_TYPE_TAB}
                />
              }
            />
          </Tabs>
          {(list.loading || counts.loading) && data ? (
            <Spinner size={16} aria-label="Refreshing" className="ld-doc-refreshing" />
          ) : null}
        </div>
        {counts.error && !tabCounts && !(list.error && !data) && !offline.unreachable ? (
          <Callout intent={Intent.WARNING} role="alert" className="ld-inline-alert">
            {describeError(counts.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
          </Callout>
        ) : null}
        <DocumentFilterBar
          filters={filters}
          fileTypes={fileTypes.data?.legalFileTypes ?? []}
          dateFormat={dateFormat}
          problems={problems}
          onChange={change}
        />
        {kept ? (
          <OfflineListBanner cachedAt={kept.cachedAt} dateFormat={dateFormat} />
        ) : list.error && data && !offline.unreachable ? (
          <Callout intent={Intent.WARNING} role="alert" className="ld-inline-alert">
            {describeError(list.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)} The rows below are from
            before and may be out of date.
          </Callout>
        ) : null}
        {chosenIds.length > 0 && !invalid ? (
          <DocumentBulkBar
            ids={chosenIds}
            companyId={companyId}
            fileTypes={fileTypes.data?.legalFileTypes ?? []}
            dateFormat={dateFormat}
            onDone={() => setChosen(new Set())}
          />
        ) : null}
        {body}
        {data && total > 0 ? (
          <div className="ld-pager ld-doc-pager">
            <ButtonGroup>
              <Button
                icon="double-chevron-left"
                aria-label="First page"
                disabled={page <= 1}
                onClick={() => setPage(1)}
              />
              <Button icon="chevron-left" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                Previous
              </Button>
              <Button
                endIcon="chevron-right"
                disabled={page >= pages}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
              <Button
                icon="double-chevron-right"
                aria-label="Last page"
                disabled={page >= pages}
                onClick={() => setPage(pages)}
              />
            </ButtonGroup>
            <span className="ld-muted" data-testid="document-range">
              Page {page} of {pages} · {first.toLocaleString()}–{last.toLocaleString()} of{' '}
              <span data-testid="document-total">{totalLabel(total, capped)}</span> documents
            </span>
            <label className="ld-doc-page-size">
              <span className="ld-muted">Rows per page</span>
              <HTMLSelect
                aria-label="Rows per page"
                value={filters.pageSize}
                onChange={(event) =>
                  change({ ...filters, pageSize: Number(event.currentTarget.value) as PageSize })
                }
                options={PAGE_SIZES.map((size) => ({ label: String(size), value: size }))}
              />
            </label>
          </div>
        ) : null}
      </div>
      <ColumnsDialog
        isOpen={columnsOpen}
        layout={columns.layout}
        saving={columns.saving}
        canSave={viewer?.can_manage_company ?? false}
        error={columnsError}
        onSave={(next) => void saveColumns(next)}
        onClose={() => {
          setColumnsOpen(false);
          setColumnsError(null);
        }}
      />
    </Page>
  );
}
