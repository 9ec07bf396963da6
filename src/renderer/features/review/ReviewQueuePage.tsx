/**
 * "Needs review" (review issue): documents the pipeline flagged as exceptions, oldest first, by
 * kind (statusType tabs with counts). Made for the keyboard: ↓/j and ↑/k move the selection,
 * Enter opens the document (with ?queue= so its screen can offer the next one), r marks it
 * reviewed; it leaves the list and the selection moves on. The tab lives in the address (?tab=).
 * r goes through the desktop's outbox (documents/writes.ts): sent at once when the server
 * answers; without the server, the queue saved on this computer is shown and r waits there.
 */
import { DEFAULT_DATE_FORMAT } from '../../../shared/schemas/company';
import { Pager } from '../../components/Pager';
import { Button, Callout, Intent, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastError, toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { commandOf, INITIAL_SELECTION, selectionReducer } from './keyboard';
import { useDocumentWrites } from '../documents/writes';
import { REVIEW_PAGE_SIZE, REVIEW_QUEUE_COUNTS_QUERY, type ReviewQueueRow } from './operations';
import {
  isStatusType,
  reviewDocumentPath,
  STATUS_TYPE_LABELS,
  STATUS_TYPES,
  type StatusType,
} from './queue';
import { ReviewQueueTable } from './ReviewQueueTable';
import { useReviewQueue } from './useReviewQueue';
// Tabs with counts, folder dots and the pager are styled like the document center's.
import '../raw-files/raw-files.css';
import '../documents/documents.css';
import './review.css';

export const OFFLINE_NOTICE = 'Offline — showing documents saved on this computer';

export function ReviewQueuePage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? DEFAULT_DATE_FORMAT;
  const navigate = useNavigate();
  const writes = useDocumentWrites();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const statusType: StatusType = isStatusType(tabParam) ? tabParam : 'all';
  const [page, setPage] = useState(1);

  const queue = useReviewQueue(companyId, statusType, page);
  const counts = useQuery(REVIEW_QUEUE_COUNTS_QUERY, {
    variables: { company_id: companyId },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const pending = useRef(new Set<string>());
  const rows = queue.rows.filter((row) => !hidden.has(row.id));
  const offline = queue.source === 'cache';

  const [selection, dispatch] = useReducer(selectionReducer, INITIAL_SELECTION);
  const ids = rows.map((row) => row.id).join('\n');
  useEffect(() => {
    dispatch({ type: 'listed', ids: ids ? ids.split('\n') : [] });
  }, [ids]);
  const selected = rows.find((row) => row.id === selection.selectedId) ?? null;

  // The keys work at once: when the queue first shows, focus moves into it (from the side
  // navigation link that opened the page, where Enter would follow the link).
  const frameRef = useRef<HTMLDivElement>(null);
  const focused = useRef(false);
  const hasRows = rows.length > 0;
  useEffect(() => {
    if (!hasRows || focused.current) return;
    focused.current = true;
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('.ld-sidenav'))
      frameRef.current?.focus({ preventScroll: true });
  }, [hasRows]);

  // The selected row stays in view as the keyboard moves it.
  const listRef = useRef<HTMLTableSectionElement>(null);
  useEffect(() => {
    if (!selection.selectedId) return;
    listRef.current
      ?.querySelector(`[data-id="${CSS.escape(selection.selectedId)}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selection.selectedId]);

  const changeTab = (next: StatusType) => {
    setPage(1);
    setParams(next === 'all' ? {} : { tab: next }, { replace: true });
  };

  const open = useCallback(
    (row: ReviewQueueRow) => void navigate(reviewDocumentPath(row.id, statusType)),
    [navigate, statusType],
  );

  // Marked reviewed through the desktop's outbox, online and offline (documents/writes.ts).
  const review = useCallback(
    async (row: ReviewQueueRow) => {
      if (pending.current.has(row.id)) return;
      pending.current.add(row.id);
      try {
        const outcome = await writes.markReviewed(row);
        toastSuccess(
          outcome.status === 'saved'
            ? `${row.name} was marked reviewed.`
            : `${row.name} will be marked reviewed when the server answers.`,
        );
        dispatch({ type: 'removed', id: row.id });
        setHidden((current) => new Set(current).add(row.id));
        if (outcome.status === 'saved') {
          void counts.refetch().catch(() => undefined);
          void queue.refetch();
        }
      } catch (failure) {
        toastError(describeError(failure, ERRORS.UPDATE_PROCESSED_FILE_FAILED));
      } finally {
        pending.current.delete(row.id);
      }
    },
    [counts, queue, writes],
  );

  // The keys work anywhere on the page except while typing or in a dialog.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target?.closest('.bp6-overlay, .bp6-portal')) return;
      // Enter on a focused button, link or tab does that control's own thing.
      if (event.key === 'Enter' && target?.closest('button, a, [role="tab"]')) return;
      const command = commandOf({
        key: event.key,
        altKey: event.altKey,
        ctrlKey: event.ctrlKey,
        metaKey: event.metaKey,
        targetTag: target?.tagName,
        targetEditable: target?.isContentEditable ?? false,
      });
      if (!command) return;
      event.preventDefault();
      if (command === 'next') dispatch({ type: 'move', delta: 1 });
      else if (command === 'previous') dispatch({ type: 'move', delta: -1 });
      else if (command === 'open' && selected) open(selected);
      else if (command === 'review' && selected) void review(selected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, review, selected]);

  // Rows marked reviewed stay hidden until the server's list no longer has them.
  useEffect(() => {
    setHidden((current) => {
      if (current.size === 0) return current;
      const listed = new Set(queue.rows.map((row) => row.id));
      const still = [...current].filter((id) => listed.has(id));
      return still.length === current.size ? current : new Set(still);
    });
  }, [queue.rows]);

  const tabCounts = counts.data?.reviewCounts;
  const pages = Math.max(1, Math.ceil(queue.total / REVIEW_PAGE_SIZE));

  let body;
  if (queue.error && rows.length === 0) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(queue.error, ERRORS.FETCH_PROCESSED_FILE_FAILED)}
      </Callout>
    );
  } else if (queue.loading) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading the review queue" />;
  } else if (rows.length === 0) {
    body = (
      <NonIdealState
        icon="tick-circle"
        title={ERRORS.NO_DATA}
        description={
          offline
            ? 'No document of this queue is saved on this computer.'
            : 'Nothing waits for review here.'
        }
        className="ld-empty"
      />
    );
  } else {
    body = (
      <ReviewQueueTable
        rows={rows}
        selectedId={selection.selectedId}
        statusType={statusType}
        dateFormat={dateFormat}
        frameRef={frameRef}
        listRef={listRef}
        onSelect={(id) => dispatch({ type: 'select', id })}
        onOpen={open}
        onReview={(row) => void review(row)}
      />
    );
  }

  return (
    <Page
      title="Needs review"
      subtitle="Documents the pipeline could not finish on its own, oldest first"
    >
      <div className="ld-review">
        <Tabs
          id="review-queue-tabs"
          selectedTabId={statusType}
          onChange={(id) => changeTab(isStatusType(id) ? id : 'all')}
          className="ld-review-tabs"
        >
          {STATUS_TYPES.map((type) => (
            <Tab
              key={type}
              id={type}
              title={
                <span className="ld-doc-tab">
                  {STATUS_TYPE_LABELS[type]}
                  <span className="ld-doc-tab-count" data-testid={`review-count-${type}`}>
                    {offline
                      ? type === statusType
                        ? rows.length
                        : '–'
                      : (tabCounts?.[type] ?? '–')}
                  </span>
                </span>
              }
            />
          ))}
        </Tabs>
        {counts.error && !tabCounts && !offline ? (
          <Callout intent={Intent.WARNING} role="alert" className="ld-inline-alert">
            {describeError(counts.error, ERRORS.FETCH_REVIEW_COUNT_FAILED)}
          </Callout>
        ) : null}
        {offline ? (
          <Callout
            intent={Intent.WARNING}
            icon="offline"
            className="ld-inline-alert"
            role="status"
            title={OFFLINE_NOTICE}
          >
            Changes you make are kept on this computer and sent when the server answers again.{' '}
            <Button
              size="small"
              variant="minimal"
              icon="refresh"
              onClick={() => void queue.refetch()}
            >
              Try again
            </Button>
          </Callout>
        ) : null}
        <p className="ld-review-keys ld-muted" aria-label="Keyboard shortcuts">
          <kbd className="bp6-key">↓</kbd>/<kbd className="bp6-key">j</kbd> next ·{' '}
          <kbd className="bp6-key">↑</kbd>/<kbd className="bp6-key">k</kbd> previous ·{' '}
          <kbd className="bp6-key">Enter</kbd> open · <kbd className="bp6-key">r</kbd> mark reviewed
        </p>
        {body}
        {!offline && queue.total > REVIEW_PAGE_SIZE ? (
          <Pager page={page} pages={pages} onPage={setPage} summary={`${queue.total} documents`} />
        ) : null}
      </div>
    </Page>
  );
}
