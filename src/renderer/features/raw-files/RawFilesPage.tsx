/**
 * Raw files of the company (not deleted, newest first by default): counts by status bucket that
 * move as uploads progress, the server's filters (kept across restarts), search, paging, soft delete with confirmation and
 * a details drawer with the file's log.
 */
import { Pager } from '../../components/Pager';
import {
  Alert,
  Button,
  Callout,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation } from '@apollo/client/react';
import { useCallback, useDeferredValue, useState } from 'react';
import { ERRORS } from '../../../shared/errors';
import { hasProblems } from '../../../shared/filters/rules';
import { describeError } from '../../app/errors';
import { formatDateTime } from '../../app/format';
import { InvalidFilters } from '../../components/InvalidFilters';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { formatBytes } from '../uploads/trackerRows';
import { UploadFilesButton } from '../uploads/UploadFilesButton';
import { RAW_FILES_PAGE_SIZE, type RawFileFilters, type RawFileRow } from './api';
import { rawFileFilterProblems } from './filters';
import { BUCKET_TAGS, sameStatuses } from './counts';
import { DELETE_RAW_FILE_MUTATION } from './operations';
import { RawFileDrawer } from './RawFileDrawer';
import { RawFileFilterBar } from './RawFileFilterBar';
import { useRawFileFilters } from './filtersSlice';
import { StatusTag } from './StatusTag';
import { useFileTypeOptions } from './useFileTypeOptions';
import { useRawFiles } from './useRawFiles';
import './raw-files.css';

export function RawFilesPage() {
  const viewer = useViewer();
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const [filters, setFilters] = useRawFileFilters();
  const fileTypes = useFileTypeOptions(viewer?.company.id ?? '');
  const deferred = useDeferredValue(filters);
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<RawFileRow | null>(null);
  const problems = rawFileFilterProblems(filters, dateFormat);
  // While a filter is wrong nothing is asked, and the rows and counts from before are not shown.
  const invalid = hasProblems(rawFileFilterProblems(deferred, dateFormat));
  const listed = useRawFiles(
    deferred,
    page,
    viewer?.company.id ?? '',
    viewer?.user.id ?? '',
    dateFormat,
  );
  const { error, loading, reload, removed } = listed;
  const data = invalid ? null : listed.data;
  const refreshList = useCallback(() => void reload(), [reload]);
  const [deleteRawFile, { loading: deletingNow }] = useMutation(DELETE_RAW_FILE_MUTATION);

  const change = (next: RawFileFilters) => {
    setFilters(next);
    setPage(1);
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    const target = deleting;
    try {
      await deleteRawFile({ variables: { id: target.id } });
      removed(target.id, target.status);
      toastSuccess(`${target.name} was deleted.`);
    } catch (failure) {
      toastError(describeError(failure, ERRORS.DELETE_RAW_FILE_FAILED));
    } finally {
      setDeleting(null);
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / RAW_FILES_PAGE_SIZE)) : 1;
  let body;
  if (invalid) {
    body = <InvalidFilters />;
  } else if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.FETCH_RAW_FILES_FAILED)}
      </Callout>
    );
  } else if (!data) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading raw files" />;
  } else if (data.rawFiles.length === 0) {
    body = <NonIdealState icon="document" title={ERRORS.NO_DATA} className="ld-empty" />;
  } else {
    body = (
      <div
        className={error ? 'ld-table-frame ld-stale' : 'ld-table-frame'}
        aria-busy={Boolean(error)}
      >
        <HTMLTable className="ld-table" striped interactive>
          <thead>
            <tr>
              <th>Name</th>
              <th>Status</th>
              <th>Size</th>
              <th>Pages</th>
              <th>Uploaded</th>
              <th>Uploaded by</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {data.rawFiles.map((row) => (
              <tr key={row.id}>
                <td>
                  <Button variant="minimal" className="ld-link" onClick={() => setOpenId(row.id)}>
                    {row.name}
                  </Button>
                </td>
                <td>
                  <StatusTag status={row.status} />
                </td>
                <td>{formatBytes(row.size)}</td>
                <td>{row.no_of_pages}</td>
                <td>{formatDateTime(row.created_at, dateFormat)}</td>
                <td>{row.uploaded_by_user_name ?? ''}</td>
                <td>
                  <Button
                    variant="minimal"
                    icon="trash"
                    intent={Intent.DANGER}
                    aria-label={`Delete ${row.name}`}
                    onClick={() => setDeleting(row)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </div>
    );
  }

  return (
    <Page
      title="Raw files"
      subtitle="Files uploaded for your company"
      actions={<UploadFilesButton />}
    >
      <div className="ld-bucket-tags" aria-label="Raw files by status">
        <Tag
          large
          minimal={filters.status.length > 0}
          round
          interactive
          onClick={() => change({ ...filters, status: [] })}
        >
          All <strong data-testid="count-total">{data?.counts.total ?? 0}</strong>
        </Tag>
        {BUCKET_TAGS.map((tag) => {
          const statuses = tag.statuses;
          const active = statuses !== null && sameStatuses(filters.status, statuses);
          return (
            <Tag
              key={tag.bucket}
              large
              round
              intent={tag.intent}
              minimal={!active}
              interactive={statuses !== null}
              onClick={statuses ? () => change({ ...filters, status: statuses }) : undefined}
            >
              {tag.label}{' '}
              <strong data-testid={`count-${tag.bucket}`}>{data?.counts[tag.bucket] ?? 0}</strong>
            </Tag>
          );
        })}
        {loading && data ? <Spinner size={16} aria-label="Refreshing" /> : null}
      </div>
      <RawFileFilterBar
        filters={filters}
        fileTypes={fileTypes}
        dateFormat={dateFormat}
        problems={problems}
        onChange={change}
      />
      {error && data ? (
        <Callout intent={Intent.WARNING} role="alert" className="ld-inline-alert">
          {describeError(error, ERRORS.FETCH_RAW_FILES_FAILED)} The rows below are from before and
          may be out of date.
        </Callout>
      ) : null}
      {body}
      {data && data.total > RAW_FILES_PAGE_SIZE ? (
        <Pager page={page} pages={pages} onPage={setPage} summary={`${data.total} files`} />
      ) : null}
      <RawFileDrawer
        id={openId}
        dateFormat={dateFormat}
        onClose={() => setOpenId(null)}
        listedStatus={data?.rawFiles.find((row) => row.id === openId)?.status}
        onStatusChange={refreshList}
      />
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={deletingNow}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Delete {deleting?.name}? It leaves the list and the counts.</p>
      </Alert>
    </Page>
  );
}
