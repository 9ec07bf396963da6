/**
 * Workflow logs (POST /workflow/logs → groupedWorkflowLogs + pagination): one row per workflow and
 * processed file with the group status of spec section 4, unfinished groups first, then newest
 * end first (the server's order). Each run of a group opens its node-by-node detail. A failed load
 * shows the 500 screen (spec section 2). Live: workflowLogsChanged hands each changed group, which
 * takes its place on the page (liveGroups.ts); the screen reloads when the feed (re)starts.
 */
import { useSubscription } from '@apollo/client/react';
import { Button, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { ERROR_SCREEN } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { formatDateTime } from '../../../app/format';
import { ErrorScreenView } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useViewer } from '../../auth/useViewer';
import { fetchLogs, LogGroupAnswer } from '../api';
import { WORKFLOW_LOGS_CHANGED_SUBSCRIPTION } from '../operations';
import { useConnection } from '../useConnection';
import { usePaged } from '../usePaged';
import { applyLiveGroup } from './liveGroups';
import { StatusTag } from './StatusTag';
import '../workflows.css';

export function WorkflowLogsPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const companyId = viewer?.company.id ?? '';
  const dateFormat = viewer?.company.date_format ?? 'MM/DD/YYYY';
  const connection = useConnection();
  const fetchPage = useCallback(
    async (page: number, limit: number) => {
      const answer = await fetchLogs(connection!, { company_id: companyId, page, limit });
      return { items: answer.groups, pagination: answer.pagination };
    },
    [companyId, connection],
  );
  const { state, page, setPage, reload, updateShown } = usePaged(
    connection && companyId ? fetchPage : null,
  );
  useSubscription(WORKFLOW_LOGS_CHANGED_SUBSCRIPTION, {
    variables: { company_id: companyId },
    skip: !companyId || !connection,
    onData: ({ data }) => {
      const change = data.data?.workflowLogsChanged;
      if (!change) return;
      if (change.reason === 'subscribed') return void reload();
      const group = LogGroupAnswer.safeParse(change.group);
      if (!group.success) return;
      updateShown((shown) => applyLiveGroup(shown, group.data, page));
    },
  });

  if (state.status === 'failed') {
    return <ErrorScreenView onReturnHome={() => void navigate(ERROR_SCREEN.homePath)} />;
  }
  const when = (value: string | null) => (value ? formatDateTime(value, dateFormat) : '—');
  let body;
  if (state.status !== 'succeeded' && state.items.length === 0) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading workflow logs" />;
  } else if (state.items.length === 0) {
    body = (
      <NonIdealState
        className="ld-empty"
        icon="list-detail-view"
        title="No workflow has run yet."
        description="Runs appear here as documents reach an active workflow."
      />
    );
  } else {
    body = (
      <>
        <HTMLTable className="ld-wf-table" aria-label="Workflow logs">
          <thead>
            <tr>
              <th>Workflow</th>
              <th>Document</th>
              <th>Case</th>
              <th>Status</th>
              <th>Started</th>
              <th>Ended</th>
              <th>Runs</th>
            </tr>
          </thead>
          <tbody>
            {state.items.map((group) => (
              <tr
                key={group.key}
                aria-label={`${group.workflow_name}: ${group.processed_file_name ?? 'no document'}`}
              >
                <td>
                  <Link to={APP_PATHS.workflow(group.legal_workflow_id)}>
                    {group.workflow_name}
                  </Link>
                </td>
                <td>
                  {group.legal_processed_file_id ? (
                    <Link to={APP_PATHS.document(group.legal_processed_file_id)}>
                      {group.processed_file_name ?? group.legal_processed_file_id}
                    </Link>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{group.case?.case_number ?? '—'}</td>
                <td>
                  <StatusTag status={group.status} />
                </td>
                <td>{when(group.started_at)}</td>
                <td>{when(group.ended_at)}</td>
                <td>
                  <Link
                    to={APP_PATHS.workflowLog(
                      group.legal_workflow_id,
                      group.legal_processed_file_id,
                    )}
                    aria-label={`Details of ${group.workflow_name} for ${group.processed_file_name ?? 'no document'}`}
                  >
                    {group.run_ids.length === 1 ? '1 run' : `${group.run_ids.length} runs`}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <Pager
          page={page}
          pages={state.pagination?.totalPages ?? 1}
          onPage={setPage}
          summary={`${state.pagination?.total ?? state.items.length} groups`}
        />
      </>
    );
  }
  return (
    <Page
      title="Workflow logs"
      subtitle="Runs grouped per workflow and document."
      actions={
        <Button icon="refresh" variant="minimal" onClick={() => void reload()}>
          Refresh
        </Button>
      }
    >
      {body}
    </Page>
  );
}
