/**
 * The workflow list (spec section 7: POST /workflow/get-workflows by company, not deleted):
 * create, rename, duplicate, toggle active and soft delete (after a confirmation). Each failure
 * shows its catalogue message; the load's request state drives spinner, table and error.
 */
import {
  Alert,
  AnchorButton,
  Button,
  Callout,
  HTMLTable,
  Intent,
  NonIdealState,
  Spinner,
  Switch,
} from '@blueprintjs/core';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { Link } from 'react-router-dom';
import { ERRORS } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { describeError } from '../../../app/errors';
import { formatDateTime } from '../../../app/format';
import { Page } from '../../../components/Page';
import { toastError } from '../../../components/toaster';
import { useViewer } from '../../auth/useViewer';
import { fetchWorkflows } from '../api';
import { useWorkflowActions } from '../actions';
import { useConnection } from '../useConnection';
import { INITIAL_LIST, listReducer, type WorkflowRow } from './listState';
import { NameDialog } from './NameDialog';
import '../workflows.css';

type Dialog =
  | { kind: 'create' }
  | { kind: 'rename'; row: WorkflowRow }
  | { kind: 'duplicate'; row: WorkflowRow }
  | null;

export function WorkflowsPage() {
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const connection = useConnection();
  const actions = useWorkflowActions();
  const [state, dispatch] = useReducer(listReducer, INITIAL_LIST);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [deleting, setDeleting] = useState<WorkflowRow | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!connection || !companyId) return;
    dispatch({ type: 'loadStarted' });
    try {
      dispatch({ type: 'loadSucceeded', rows: await fetchWorkflows(connection, companyId) });
    } catch (error) {
      dispatch({ type: 'loadFailed', error: describeError(error, ERRORS.FETCH_WORKFLOWS_FAILED) });
    }
  }, [companyId, connection]);
  useEffect(() => void load(), [load]);

  const toggle = async (row: WorkflowRow) => {
    setBusy(row.id);
    try {
      dispatch({ type: 'saved', row: await actions.toggle(row.id, !row.is_active) });
    } catch (error) {
      toastError(describeError(error, ERRORS.TOGGLE_WORKFLOW_ACTIVE_FAILED));
    } finally {
      setBusy(null);
    }
  };
  const remove = async (row: WorkflowRow) => {
    setBusy(row.id);
    try {
      await actions.remove(row.id);
      dispatch({ type: 'removed', id: row.id });
      setDeleting(null);
    } catch (error) {
      toastError(describeError(error, ERRORS.DELETE_WORKFLOW_FAILED));
    } finally {
      setBusy(null);
    }
  };

  let body;
  if (state.status === 'failed' && state.rows.length === 0) {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {state.error}
        <div>
          <Button size="small" icon="refresh" onClick={() => void load()}>
            Try again
          </Button>
        </div>
      </Callout>
    );
  } else if (state.status !== 'succeeded' && state.rows.length === 0) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading workflows" />;
  } else if (state.rows.length === 0) {
    body = (
      <NonIdealState
        className="ld-empty"
        icon="flows"
        title="No workflows yet."
        description="A workflow acts on every processed document that matches its trigger."
        action={
          <Button intent={Intent.PRIMARY} icon="add" onClick={() => setDialog({ kind: 'create' })}>
            New workflow
          </Button>
        }
      />
    );
  } else {
    body = (
      <HTMLTable className="ld-wf-table" interactive aria-label="Workflows">
        <thead>
          <tr>
            <th>Name</th>
            <th>Active</th>
            <th>Steps</th>
            <th>Updated</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {state.rows.map((row) => (
            <tr key={row.id} aria-label={row.name}>
              <td>
                <Link to={APP_PATHS.workflow(row.id)}>{row.name}</Link>
              </td>
              <td>
                <Switch
                  checked={row.is_active}
                  disabled={busy === row.id}
                  aria-label={`Active: ${row.name}`}
                  onChange={() => void toggle(row)}
                  className="ld-wf-switch"
                />
              </td>
              <td>{row.nodes.length}</td>
              <td>{formatDateTime(row.updated_at, dateFormat)}</td>
              <td>
                <div className="ld-wf-row-actions">
                  <Button
                    size="small"
                    icon="edit"
                    onClick={() => setDialog({ kind: 'rename', row })}
                  >
                    Rename
                  </Button>
                  <Button
                    size="small"
                    icon="duplicate"
                    onClick={() => setDialog({ kind: 'duplicate', row })}
                  >
                    Duplicate
                  </Button>
                  <Button
                    size="small"
                    icon="trash"
                    intent={Intent.DANGER}
                    variant="minimal"
                    aria-label={`Delete ${row.name}`}
                    onClick={() => setDeleting(row)}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    );
  }

  return (
    <Page
      title="Workflows"
      subtitle="Automations that run on every processed document matching their trigger."
      actions={
        <>
          <AnchorButton href={`#${APP_PATHS.workflowHistory}`} icon="history" variant="minimal">
            Update history
          </AnchorButton>
          <AnchorButton
            href={`#${APP_PATHS.workflowLogs}`}
            icon="list-detail-view"
            variant="minimal"
          >
            Logs
          </AnchorButton>
          <Button intent={Intent.PRIMARY} icon="add" onClick={() => setDialog({ kind: 'create' })}>
            New workflow
          </Button>
        </>
      }
    >
      {state.status === 'failed' && state.rows.length > 0 ? (
        <Callout intent={Intent.DANGER} role="alert">
          {state.error}
        </Callout>
      ) : null}
      {body}
      {dialog?.kind === 'create' ? (
        <NameDialog
          title="New workflow"
          submitText="Create"
          initialName=""
          withActive
          // Spec section 7: a workflow create failure returns nothing and shows no error.
          describeFailure={() => null}
          onClose={() => setDialog(null)}
          onSubmit={async (name, isActive) => {
            const row = await actions.create({ name, company_id: companyId, is_active: isActive });
            dispatch({ type: 'saved', row });
          }}
        />
      ) : null}
      {dialog?.kind === 'rename' ? (
        <NameDialog
          title={`Rename ${dialog.row.name}`}
          submitText="Rename"
          initialName={dialog.row.name}
          describeFailure={(error) => describeError(error, ERRORS.UPDATE_WORKFLOW_NAME_FAILED)}
          onClose={() => setDialog(null)}
          onSubmit={async (name) =>
            dispatch({ type: 'saved', row: await actions.rename(dialog.row.id, name) })
          }
        />
      ) : null}
      {dialog?.kind === 'duplicate' ? (
        <NameDialog
          title={`Duplicate ${dialog.row.name}`}
          submitText="Duplicate"
          initialName={`Copy of ${dialog.row.name}`}
          describeFailure={(error) => describeError(error, ERRORS.DUPLICATE_WORKFLOW_FAILED)}
          onClose={() => setDialog(null)}
          onSubmit={async (name) =>
            dispatch({
              type: 'saved',
              row: await actions.duplicate({ id: dialog.row.id, name, company_id: companyId }),
            })
          }
        />
      ) : null}
      <Alert
        isOpen={deleting !== null}
        intent={Intent.DANGER}
        icon="trash"
        confirmButtonText="Delete"
        cancelButtonText="Cancel"
        loading={deleting !== null && busy === deleting.id}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <p>
          Delete the workflow {deleting?.name}? It stops acting on new documents; its logs and
          history stay.
        </p>
      </Alert>
    </Page>
  );
}
