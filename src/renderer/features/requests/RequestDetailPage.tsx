/**
 * One request: what is asked, its project, type, priority, status and who raised it; the job
 * fields of a sourcing request; its delivery (DeliverySection); edit, and delete after a
 * confirmation (a soft delete: the request and its tasks leave every list).
 */
import {
  Alert,
  Button,
  Callout,
  Card,
  H4,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Tag,
} from '@blueprintjs/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { PRIORITY_LABEL } from '../../../shared/delivery/inputs';
import { ERRORS } from '../../../shared/errors';
import { describeError } from '../../app/errors';
import { Page } from '../../components/Page';
import './requests.css';
import { useViewer } from '../auth/useViewer';
import { canRaiseRequests } from './access';
import { DeliverySection } from './DeliverySection';
import { DELETE_REQUEST_MUTATION, REQUEST_QUERY } from './operations';
import { RequestFormDialog } from './RequestFormDialog';

const words = (value: string) => value.replace(/_/g, ' ');

export function RequestDetailPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const navigate = useNavigate();
  const { data, error, loading, refetch } = useQuery(REQUEST_QUERY, {
    variables: { id },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(DELETE_REQUEST_MUTATION);
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const r = data?.request;
  // The server decides; talent never change requests, others see the refusal if it comes.
  const canChange = canRaiseRequests(viewer?.user.user_type.name);

  if (error && !data)
    return (
      <Page title="Request">
        <NonIdealState
          icon="search"
          title={describeError(error, ERRORS.GET_TASK_REQUEST_DETAILS_FAILED)}
          action={<Link to="/requests">Back to requests</Link>}
        />
      </Page>
    );
  if (!r || (loading && !data))
    return (
      <Page title="Request">
        <Spinner className="ld-loading" size={32} aria-label="Loading the request" />
      </Page>
    );

  async function deleteIt() {
    setConfirming(false);
    try {
      await remove({ variables: { id } });
      void navigate('/requests');
    } catch (e) {
      setFailure(describeError(e, ERRORS.UPDATE_REQUEST_FAILED));
    }
  }

  const money = (cents: number | null) => (cents === null ? '—' : `$${(cents / 100).toFixed(2)}`);

  return (
    <Page
      title={r.title}
      subtitle={
        <>
          <Link to="/requests">Requests</Link> · {r.project_name}
        </>
      }
      actions={
        canChange ? (
          <>
            <Button icon="edit" onClick={() => setEditing(true)}>
              Edit
            </Button>
            <Button
              icon="trash"
              intent={Intent.DANGER}
              loading={removing.loading}
              onClick={() => setConfirming(true)}
            >
              Delete
            </Button>
          </>
        ) : null
      }
    >
      {failure ? (
        <Callout intent={Intent.DANGER} role="alert">
          {failure}
        </Callout>
      ) : null}
      <Card className="ld-card ld-requests-card">
        <p className="ld-requests-description">{r.description}</p>
        <HTMLTable className="ld-table" aria-label="Request">
          <tbody>
            <tr>
              <th>Status</th>
              <td>
                <Tag minimal>{r.status.name}</Tag>
              </td>
            </tr>
            <tr>
              <th>Type</th>
              <td>{r.request_type_name}</td>
            </tr>
            <tr>
              <th>Priority</th>
              <td>{PRIORITY_LABEL[r.priority] ?? r.priority}</td>
            </tr>
            <tr>
              <th>Action</th>
              <td>{r.request_action}</td>
            </tr>
            <tr>
              <th>Raised by</th>
              <td>
                {r.created_by_name} on {new Date(r.created_at).toLocaleDateString()}
              </td>
            </tr>
            <tr>
              <th>Tasks</th>
              <td>{r.task_count}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
      {r.is_sourcing ? (
        <Card className="ld-card ld-requests-card" aria-label="Job">
          <H4>Job</H4>
          <HTMLTable className="ld-table">
            <tbody>
              <tr>
                <th>Settings</th>
                <td>{(r.job_settings ?? []).map(words).join(', ') || '—'}</td>
              </tr>
              <tr>
                <th>Employment</th>
                <td>{r.employment_type ? words(r.employment_type) : '—'}</td>
              </tr>
              <tr>
                <th>Compensation</th>
                <td>
                  {money(r.compensation)}
                  {r.compensation_type ? ` (${r.compensation_type})` : ''}
                </td>
              </tr>
              <tr>
                <th>Experience</th>
                <td>
                  {r.candidate_min_exp ?? '—'} to {r.candidate_max_exp ?? '—'} years
                </td>
              </tr>
            </tbody>
          </HTMLTable>
        </Card>
      ) : null}
      <DeliverySection request={r} canChange={canChange} onChanged={() => void refetch()} />
      {editing && viewer ? (
        <RequestFormDialog
          viewerId={viewer.user.id}
          companyId={r.company_id}
          editing={r}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void refetch();
          }}
        />
      ) : null}
      <Alert
        isOpen={confirming}
        intent={Intent.DANGER}
        icon="trash"
        cancelButtonText="Keep it"
        confirmButtonText="Delete request"
        onCancel={() => setConfirming(false)}
        onConfirm={() => void deleteIt()}
      >
        Delete “{r.title}”? It and its tasks leave every list.
      </Alert>
    </Page>
  );
}
