/**
 * One task request: what is asked and its facts, the status moves allowed from where it is
 * (shared/legalRequests.ts), its subtasks, comments (add with files, edit and delete your own),
 * every attachment with its type and size, and the activity the server wrote, newest first. The
 * delivery side (can_work) also sets the assignee and the automation review status.
 */
import {
  Button,
  Callout,
  Card,
  H4,
  HTMLSelect,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ERRORS } from '../../../shared/errors';
import {
  AUTOMATION_REVIEW_STATUSES,
  LEGAL_REQUEST_MOVES,
  type LegalRequestStatus,
} from '../../../shared/legalRequests';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import { toastSuccess } from '../../components/toaster';
import { useViewer } from '../auth/useViewer';
import { CommentsCard } from './CommentsCard';
import { CreateTaskRequestDialog } from './CreateTaskRequestDialog';
import { formatSize } from '../../app/format';
import { describeActivity, STATUS_INTENT } from './labels';
import {
  COMPANY_USERS_QUERY,
  TASK_REQUEST_QUERY,
  UPDATE_TASK_REQUEST,
  WORK_TASK_REQUEST,
  type TaskRequestDetails,
} from './operations';
import './taskRequests.css';

export function TaskRequestDetailPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const { data, error, refetch } = useQuery(TASK_REQUEST_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [update, updating] = useMutation(UPDATE_TASK_REQUEST);
  const [failure, setFailure] = useState<string | null>(null);
  const [addingSubtask, setAddingSubtask] = useState(false);
  const r = data?.legalRequest;

  if (error && !data)
    return (
      <Page title="Task request">
        <NonIdealState
          icon="search"
          title={describeError(error, ERRORS.GET_TASK_REQUEST_DETAILS_FAILED)}
          action={<Link to="/task-requests">Back to task requests</Link>}
        />
      </Page>
    );
  if (!r)
    return (
      <Page title="Task request">
        <Spinner className="ld-loading" size={32} aria-label="Loading task request" />
      </Page>
    );

  async function move(to: LegalRequestStatus) {
    setFailure(null);
    try {
      await update({ variables: { input: { id, status: to } } });
      await refetch();
      toastSuccess(`Moved to ${to}.`);
    } catch (e) {
      setFailure(describeError(e, ERRORS.UPDATE_TASK_REQUEST_FAILED));
    }
  }

  const status = r.status as LegalRequestStatus;
  return (
    <Page
      title={r.headline}
      subtitle={
        r.parent_task_id ? (
          <Link to={`/task-requests/${r.parent_task_id}`}>Subtask of its parent request</Link>
        ) : (
          <Link to="/task-requests">Task requests</Link>
        )
      }
      actions={
        <div className="ld-task-request-actions" aria-label="Status moves">
          {LEGAL_REQUEST_MOVES[status].map((to) => (
            <Button
              key={to}
              intent={STATUS_INTENT[to]}
              loading={updating.loading}
              onClick={() => void move(to)}
            >
              {to === 'In Progress'
                ? status === 'Completed'
                  ? 'Reopen'
                  : 'Resume'
                : to === 'On Hold'
                  ? 'Put on hold'
                  : 'Complete'}
            </Button>
          ))}
        </div>
      }
    >
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert" className="ld-form-problem">
          {failure}
        </Callout>
      ) : null}
      <div className="ld-task-request-grid">
        <div className="ld-stack">
          <Card className="ld-card">
            <H4>Details</H4>
            <p className="ld-task-request-details">{r.details}</p>
          </Card>
          {!r.is_subtask ? (
            <Card className="ld-card" aria-label="Subtasks">
              <div className="ld-card-header">
                <H4>Subtasks</H4>
                <Button icon="add" small onClick={() => setAddingSubtask(true)}>
                  Add subtask
                </Button>
              </div>
              {r.subtasks.length === 0 ? (
                <p className="bp5-text-muted">No subtasks.</p>
              ) : (
                <HTMLTable className="ld-table" compact>
                  <tbody>
                    {r.subtasks.map((s) => (
                      <tr key={s.id}>
                        <td>
                          <Link to={`/task-requests/${s.id}`}>{s.headline}</Link>
                        </td>
                        <td>{s.priority}</td>
                        <td>{s.due_date}</td>
                        <td>
                          <Tag minimal intent={STATUS_INTENT[s.status as LegalRequestStatus]}>
                            {s.status}
                          </Tag>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              )}
            </Card>
          ) : null}
          <CommentsCard request={r} onChanged={() => void refetch()} />
          <Card className="ld-card" aria-label="Attachments">
            <H4>Attachments</H4>
            {r.attachments.length === 0 ? (
              <p className="bp5-text-muted">No attachments.</p>
            ) : (
              <HTMLTable className="ld-table" compact>
                <thead>
                  <tr>
                    <th>File</th>
                    <th>Type</th>
                    <th>Size</th>
                  </tr>
                </thead>
                <tbody>
                  {r.attachments.map((a) => (
                    <tr key={a.id}>
                      <td>
                        <a href={a.file_url} target="_blank" rel="noreferrer">
                          {a.name}
                        </a>
                      </td>
                      <td>{a.type}</td>
                      <td>{formatSize(a.size)}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            )}
          </Card>
        </div>
        <div className="ld-stack">
          <Card className="ld-card">
            <dl className="ld-task-request-facts">
              <dt>Status</dt>
              <dd>
                <Tag intent={STATUS_INTENT[status]}>{r.status}</Tag>
              </dd>
              <dt>Priority</dt>
              <dd>{r.priority}</dd>
              <dt>Category</dt>
              <dd>{r.category}</dd>
              <dt>Due date</dt>
              <dd>{r.due_date}</dd>
              <dt>Requested by</dt>
              <dd>{r.requested_by_name ?? '—'}</dd>
              <dt>Assignee</dt>
              <dd>{r.assignee_name ?? 'Unassigned'}</dd>
              <dt>Automation review</dt>
              <dd>{r.automation_review_status ?? 'Not set'}</dd>
            </dl>
          </Card>
          {r.can_work && viewer ? (
            <WorkCard
              request={r}
              providerCompanyId={viewer.company_ids[0] ?? viewer.company.id}
              onChanged={() => void refetch()}
            />
          ) : null}
          <Card className="ld-card" aria-label="Activity">
            <H4>Activity</H4>
            <ol className="ld-task-request-activity">
              {r.activities.map((a) => (
                <li key={a.id}>
                  {describeActivity(a)}
                  <br />
                  <small>
                    {a.updated_by_name ?? 'Someone'} · {new Date(a.created_at).toLocaleString()}
                  </small>
                </li>
              ))}
            </ol>
          </Card>
        </div>
      </div>
      {addingSubtask && viewer ? (
        <CreateTaskRequestDialog
          companyId={r.company_id}
          viewerId={viewer.user.id}
          parentId={r.id}
          onClose={() => setAddingSubtask(false)}
          onSaved={() => {
            setAddingSubtask(false);
            void refetch();
          }}
        />
      ) : null}
    </Page>
  );
}

/** The delivery side's fields: who works it (one of the provider's people) and the review. */
function WorkCard(props: {
  request: TaskRequestDetails;
  providerCompanyId: string;
  onChanged: () => void;
}) {
  const people = useQuery(COMPANY_USERS_QUERY, {
    variables: { company_id: props.providerCompanyId },
  });
  const [work, { loading }] = useMutation(WORK_TASK_REQUEST);
  const [failure, setFailure] = useState<string | null>(null);
  async function save(input: {
    assignee_id?: string | null;
    automation_review_status?: string | null;
  }) {
    setFailure(null);
    try {
      await work({ variables: { input: { id: props.request.id, ...input } } });
      props.onChanged();
    } catch (e) {
      setFailure(describeError(e, ERRORS.UPDATE_TASK_REQUEST_FAILED));
    }
  }
  return (
    <Card className="ld-card" aria-label="Delivery">
      <H4>Delivery</H4>
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert">
          {failure}
        </Callout>
      ) : null}
      <label className="bp5-label">
        Assignee
        <HTMLSelect
          fill
          disabled={loading}
          value={props.request.assignee_id ?? ''}
          onChange={(e) => void save({ assignee_id: e.currentTarget.value || null })}
        >
          <option value="">Unassigned</option>
          {(people.data?.usersByCompany ?? []).map((u) => (
            <option key={u.id} value={u.id}>
              {[u.first_name, u.last_name].filter(Boolean).join(' ') || u.email}
            </option>
          ))}
        </HTMLSelect>
      </label>
      <label className="bp5-label">
        Automation review
        <HTMLSelect
          fill
          disabled={loading}
          value={props.request.automation_review_status ?? ''}
          onChange={(e) => void save({ automation_review_status: e.currentTarget.value || null })}
        >
          <option value="">Not set</option>
          {AUTOMATION_REVIEW_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </HTMLSelect>
      </label>
    </Card>
  );
}
