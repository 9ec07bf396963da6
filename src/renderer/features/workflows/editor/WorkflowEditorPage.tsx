/**
 * /workflows/:id — one workflow's graph in the editor (POST /workflow/get-workflow); a save sends
 * POST /workflow/update-nodes-and-edges with the signed-in user's id.
 */
import { AnchorButton, Callout, Intent, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ERRORS } from '../../../../shared/errors';
import { APP_PATHS } from '../../../../shared/routes';
import { describeError, isNotFoundError } from '../../../app/errors';
import { Page } from '../../../components/Page';
import { useViewer } from '../../auth/useViewer';
import { fetchWorkflow, saveNodesAndEdges, type Workflow } from '../api';
import { useConnection } from '../useConnection';
import { useConfigOptions } from './useConfigOptions';
import { WorkflowEditor } from './WorkflowEditor';
import '../workflows.css';

type Load =
  | { status: 'idle' | 'loading' }
  | { status: 'succeeded'; workflow: Workflow | null }
  | { status: 'failed'; message: string };

export function WorkflowEditorPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const companyId = viewer?.company.id ?? '';
  const userId = viewer?.user.id ?? '';
  const connection = useConnection();
  const options = useConfigOptions(connection, companyId);
  const [load, setLoad] = useState<Load>({ status: 'idle' });

  useEffect(() => {
    if (!connection) return;
    let live = true;
    setLoad({ status: 'loading' });
    fetchWorkflow(connection, id).then(
      (workflow) => live && setLoad({ status: 'succeeded', workflow }),
      (error: unknown) => {
        if (!live) return;
        if (isNotFoundError(error)) setLoad({ status: 'succeeded', workflow: null });
        else
          setLoad({
            status: 'failed',
            message: describeError(error, ERRORS.FETCH_WORKFLOW_BY_ID_FAILED),
          });
      },
    );
    return () => {
      live = false;
    };
  }, [connection, id]);

  const save = useCallback(
    async (graph: Parameters<Parameters<typeof WorkflowEditor>[0]['onSave']>[0]) => {
      if (!connection) throw new Error(ERRORS.UPDATE_NODES_AND_EDGES_FAILED);
      await saveNodesAndEdges(connection, {
        workflowId: id,
        userId,
        newNodes: graph.nodes,
        newEdges: graph.edges,
      });
    },
    [connection, id, userId],
  );

  const workflow = load.status === 'succeeded' ? load.workflow : null;
  let body;
  if (load.status === 'failed') {
    body = (
      <Callout intent={Intent.DANGER} icon="error" role="alert">
        {load.message}
      </Callout>
    );
  } else if (load.status !== 'succeeded') {
    body = <Spinner className="ld-loading" size={32} aria-label="Loading workflow" />;
  } else if (!workflow) {
    body = (
      <NonIdealState className="ld-empty" icon="search" title="This workflow does not exist." />
    );
  } else {
    body = (
      <WorkflowEditor
        key={workflow.id}
        workflowId={workflow.id}
        companyId={companyId}
        connection={connection}
        nodes={workflow.nodes}
        edges={workflow.edges}
        options={options}
        onSave={save}
        saveFailedMessage={ERRORS.UPDATE_NODES_AND_EDGES_FAILED}
      />
    );
  }

  return (
    <Page
      title={workflow?.name ?? 'Workflow'}
      subtitle={
        workflow ? (
          <Tag minimal intent={workflow.is_active ? Intent.SUCCESS : Intent.NONE}>
            {workflow.is_active ? 'Active' : 'Inactive'}
          </Tag>
        ) : null
      }
      actions={
        <>
          <AnchorButton href={`#${APP_PATHS.workflows}`} icon="arrow-left" variant="minimal">
            All workflows
          </AnchorButton>
          <AnchorButton
            href={`#${APP_PATHS.workflowLogs}`}
            icon="list-detail-view"
            variant="minimal"
          >
            Logs
          </AnchorButton>
        </>
      }
    >
      {body}
    </Page>
  );
}
