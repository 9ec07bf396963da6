/**
 * Task requests to the delivery team (issue 21): status tabs In Progress / On Hold / Completed with
 * their counts (deleted requests and subtasks left out, by the server), a search on headline or
 * category, pages of 10, and "New request". The delivery side sees the same list when the company
 * is in view (the company switcher), and works a request on its detail screen.
 */
import {
  Button,
  ButtonGroup,
  Callout,
  HTMLTable,
  InputGroup,
  Intent,
  NonIdealState,
  Spinner,
  Tab,
  Tabs,
  Tag,
} from '@blueprintjs/core';
import { useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useUrlParams } from '../../app/useUrlParams';
import { ERRORS } from '../../../shared/errors';
import {
  LEGAL_REQUEST_PAGE_DEFAULT,
  LEGAL_REQUEST_STATUSES,
  type LegalRequestStatus,
} from '../../../shared/legalRequests';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { useViewer } from '../auth/useViewer';
import { CreateTaskRequestDialog } from './CreateTaskRequestDialog';
import { TASK_REQUESTS_QUERY } from './operations';
import { STATUS_INTENT } from './labels';
import './taskRequests.css';

const COUNT_KEY = {
  'In Progress': 'in_progress',
  'On Hold': 'on_hold',
  Completed: 'completed',
} as const;

export function TaskRequestsPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const [params, change] = useUrlParams();
  const status: LegalRequestStatus = LEGAL_REQUEST_STATUSES.includes(
    params.get('status') as LegalRequestStatus,
  )
    ? (params.get('status') as LegalRequestStatus)
    : 'In Progress';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const search = params.get('q') ?? '';
  const [draft, setDraft] = useState(search);
  const [creating, setCreating] = useState(false);
  const companyId = viewer?.company.id ?? '';
  const limit = LEGAL_REQUEST_PAGE_DEFAULT;
  const { data, error, loading, refetch } = useQuery(TASK_REQUESTS_QUERY, {
    variables: {
      company_id: companyId,
      limit,
      offset: page * limit,
      search: search || null,
      status,
    },
    skip: !companyId,
    fetchPolicy: 'cache-and-network',
  });

  const result = data?.legalRequests;
  const first = page * limit;
  let body;
  if (error && !data) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {describeError(error, ERRORS.GET_TASK_REQUESTS_FAILED)}
      </Callout>
    );
  } else if (!result) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading task requests" />;
  } else if (result.items.length === 0) {
    body = <NonIdealState icon="inbox" title={ERRORS.NO_DATA} className="ld-empty" />;
  } else {
    body = (
      <>
        <HTMLTable className="ld-table" interactive striped aria-label="Task requests">
          <thead>
            <tr>
              <th>Headline</th>
              <th>Category</th>
              <th>Priority</th>
              <th>Due</th>
              <th>Status</th>
              <th>Requested by</th>
              <th>Assignee</th>
            </tr>
          </thead>
          <tbody>
            {result.items.map((r) => (
              <tr key={r.id}>
                <td>
                  <Link to={`/task-requests/${r.id}`}>{r.headline}</Link>
                </td>
                <td>{r.category}</td>
                <td>{r.priority}</td>
                <td>{r.due_date}</td>
                <td>
                  <Tag minimal intent={STATUS_INTENT[r.status as LegalRequestStatus]}>
                    {r.status}
                  </Tag>
                </td>
                <td>{r.requested_by_name ?? '—'}</td>
                <td>{r.assignee_name ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div className="ld-pager" aria-label="Pages">
          <span>
            {first + 1}–{first + result.items.length} of {result.total}
          </span>
          <ButtonGroup>
            <Button
              icon="chevron-left"
              aria-label="Previous page"
              disabled={page === 0}
              onClick={() => change({ page: String(page - 1) })}
            />
            <Button
              icon="chevron-right"
              aria-label="Next page"
              disabled={first + result.items.length >= result.total}
              onClick={() => change({ page: String(page + 1) })}
            />
          </ButtonGroup>
        </div>
      </>
    );
  }

  return (
    <Page
      title="Task requests"
      subtitle={viewer?.company.name}
      actions={
        <Button icon="add" intent={Intent.PRIMARY} onClick={() => setCreating(true)}>
          New request
        </Button>
      }
    >
      <Tabs
        id="task-request-status"
        selectedTabId={status}
        onChange={(id) => change({ status: String(id) })}
      >
        {LEGAL_REQUEST_STATUSES.map((s) => (
          <Tab
            key={s}
            id={s}
            title={s}
            tagContent={result ? String(result.counts[COUNT_KEY[s]]) : undefined}
            tagProps={{ round: true, minimal: true }}
          />
        ))}
      </Tabs>
      <form
        className="ld-task-requests-search"
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          change({ q: draft.trim() });
        }}
      >
        <InputGroup
          leftIcon="search"
          aria-label="Search headline or category"
          placeholder="Search headline or category"
          value={draft}
          onValueChange={setDraft}
        />
        <Button type="submit">Search</Button>
        {loading && data ? <Spinner size={16} aria-label="Refreshing" /> : null}
      </form>
      {body}
      {creating && viewer ? (
        <CreateTaskRequestDialog
          companyId={companyId}
          viewerId={viewer.user.id}
          onClose={() => setCreating(false)}
          onSaved={(id) => {
            setCreating(false);
            void refetch();
            void navigate(`/task-requests/${id}`);
          }}
        />
      ) : null}
    </Page>
  );
}
