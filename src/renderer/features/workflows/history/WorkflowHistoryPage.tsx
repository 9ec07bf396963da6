/**
 * Update history (GET /workflow/get-workflow-update-history, page 1 / limit 10 by default): each
 * save of a company's workflows with who made it, when, and a diff of its steps and connections.
 * A failed load shows the 500 screen (spec section 2).
 */
import { Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERROR_SCREEN } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { formatDateTime } from '../../../app/format';
import { ErrorScreenView } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useViewer } from '../../auth/useViewer';
import { fetchUpdateHistory, type HistoryEntry } from '../api';
import { useConnection } from '../useConnection';
import { usePaged } from '../usePaged';
import { diffGraphs } from './diff';
import '../workflows.css';

function DiffList({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <strong>{title}</strong>
      <ul className={`ld-wf-diff-${tone}`}>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

function HistoryCard({ entry, dateFormat }: { entry: HistoryEntry; dateFormat: string }) {
  const diff = diffGraphs(entry.previous, entry.current);
  return (
    <Card className="ld-wf-history-entry" role="article" aria-label={`Change to ${entry.workflow_name}`}>
      <div className="ld-wf-history-head">
        <a href={`#${APP_PATHS.workflow(entry.workflow_id)}`}>
          <strong>{entry.workflow_name}</strong>
        </a>{' '}
        {entry.version !== undefined ? <Tag minimal>version {entry.version}</Tag> : null}{' '}
        <span className="ld-muted">
          by {entry.updated_by_name ?? entry.updated_by_email ?? 'someone'} ·{' '}
          {formatDateTime(entry.created_at, dateFormat)}
        </span>
      </div>
      {diff.empty ? (
        <p className="ld-muted">Saved with no change to steps or connections.</p>
      ) : (
        <div className="ld-wf-diff">
          <DiffList title="Steps added" items={diff.nodes.added} tone="added" />
          <DiffList title="Steps removed" items={diff.nodes.removed} tone="removed" />
          <DiffList title="Steps changed" items={diff.nodes.changed} tone="changed" />
          <DiffList title="Connections added" items={diff.edges.added} tone="added" />
          <DiffList title="Connections removed" items={diff.edges.removed} tone="removed" />
        </div>
      )}
    </Card>
  );
}

export function WorkflowHistoryPage() {
  const viewer = useViewer();
  const navigate = useNavigate();
  const companyId = viewer?.company.id ?? '';
  const connection = useConnection();
  const fetchPage = useCallback(
    (page: number, limit: number) => fetchUpdateHistory(connection!, { companyId, page, limit }),
    [companyId, connection],
  );
  const { state, page, setPage } = usePaged(connection && companyId ? fetchPage : null);

  if (state.status === 'failed') {
    return <ErrorScreenView onReturnHome={() => void navigate(ERROR_SCREEN.homePath)} />;
  }
  let body;
  if (state.status !== 'succeeded' && state.items.length === 0) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading update history" />;
  } else if (state.items.length === 0) {
    body = <NonIdealState className="ld-empty" icon="history" title="No workflow has been changed yet." />;
  } else {
    body = (
      <div className="ld-stack">
        {state.items.map((entry) => (
          <HistoryCard key={entry.id} entry={entry} dateFormat={viewer?.company.date_format ?? 'MM/DD/YYYY'} />
        ))}
        <Pager
          page={page}
          pages={state.pagination?.totalPages ?? 1}
          onPage={setPage}
          summary={`${state.pagination?.total ?? state.items.length} changes`}
        />
      </div>
    );
  }
  return (
    <Page title="Workflow update history" subtitle="Who changed which workflow, and what changed.">
      {body}
    </Page>
  );
}
