/**
 * Update history (GET /workflow/get-workflow-update-history, page 1 / limit 10 by default): each
 * save of a company's workflows with who made it, when, and a diff of its steps and connections.
 * A failed load shows the 500 screen (spec section 2).
 */
import { Card, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ERROR_SCREEN } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { formatDateTime } from '../../../app/format';
import { ErrorScreenView } from '../../../components/ErrorScreen';
import { Page } from '../../../components/Page';
import { Pager } from '../../../components/Pager';
import { useViewer } from '../../auth/useViewer';
import { fetchUpdateHistory, fetchWorkflows, type HistoryEntry } from '../api';
import { useConnection } from '../useConnection';
import { usePaged } from '../usePaged';
import { describeDiff, type NamedNode } from './diff';
import '../workflows.css';

function DiffList({ title, items, tone }: { title: string; items: string[]; tone: string }) {
  if (items.length === 0) return null;
  return (
    <div>
      <strong>{title}</strong>
      <ul className={`ld-wf-diff-${tone}`}>
        {items.map((item, index) => (
          <li key={`${index}:${item}`}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

const ACTIONS: Record<string, string> = {
  created: 'created the workflow',
  renamed: 'renamed the workflow',
  duplicated: 'created it as a duplicate',
  activated: 'activated the workflow',
  deactivated: 'deactivated the workflow',
  deleted: 'deleted the workflow',
  nodes_and_edges: 'saved steps and connections',
};

function HistoryCard(props: {
  entry: HistoryEntry;
  nodes: readonly NamedNode[];
  dateFormat: string;
}) {
  const { entry } = props;
  const lines = entry.diff ? describeDiff(entry.diff, props.nodes) : null;
  const who = entry.user ? entry.user.name || entry.user.email || 'Someone' : 'Someone';
  return (
    <Card
      className="ld-wf-history-entry"
      role="article"
      aria-label={`Change to ${entry.workflow_name}`}
    >
      <div className="ld-wf-history-head">
        <a href={`#${APP_PATHS.workflow(entry.workflow_id)}`}>
          <strong>{entry.workflow_name}</strong>
        </a>{' '}
        <Tag minimal>version {entry.version}</Tag>{' '}
        <span>
          {who} {ACTIONS[entry.action] ?? entry.action}
        </span>{' '}
        <span className="ld-muted">· {formatDateTime(entry.created_at, props.dateFormat)}</span>
      </div>
      {lines && !lines.empty ? (
        <div className="ld-wf-diff">
          <DiffList title="Steps added" items={lines.added} tone="added" />
          <DiffList title="Steps removed" items={lines.removed} tone="removed" />
          <DiffList title="Steps changed" items={lines.changed} tone="changed" />
          <DiffList title="Steps moved" items={lines.moved} tone="changed" />
          <DiffList title="Connections added" items={lines.edgesAdded} tone="added" />
          <DiffList title="Connections removed" items={lines.edgesRemoved} tone="removed" />
        </div>
      ) : entry.action === 'nodes_and_edges' ? (
        <p className="ld-muted">Saved with no change to steps or connections.</p>
      ) : null}
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
  // Step names for the diffs, from each workflow's current graph (a list failure only costs names).
  const [nodes, setNodes] = useState<NamedNode[]>([]);
  useEffect(() => {
    if (!connection || !companyId) return;
    let live = true;
    fetchWorkflows(connection, companyId).then(
      (rows) => live && setNodes(rows.flatMap((row) => row.nodes)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [companyId, connection]);

  if (state.status === 'failed') {
    return <ErrorScreenView onReturnHome={() => void navigate(ERROR_SCREEN.homePath)} />;
  }
  let body;
  if (state.status !== 'succeeded' && state.items.length === 0) {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading update history" />;
  } else if (state.items.length === 0) {
    body = (
      <NonIdealState
        className="ld-empty"
        icon="history"
        title="No workflow has been changed yet."
      />
    );
  } else {
    body = (
      <div className="ld-stack">
        {state.items.map((entry) => (
          <HistoryCard
            key={entry.id}
            entry={entry}
            nodes={nodes}
            dateFormat={viewer?.company.date_format ?? 'MM/DD/YYYY'}
          />
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
