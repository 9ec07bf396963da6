/**
 * The editor: palette, canvas and side panel around one reducer (editorState.ts). The shared
 * validator runs on every change, so problems are on the canvas before a save; a save with
 * problems is not sent, and a save the server refuses shows the server's problems the same way.
 */
import { Button, ButtonGroup, Callout, Intent, Tag } from '@blueprintjs/core';
import { ReactFlowProvider, useReactFlow } from '@xyflow/react';
import { useCallback, useMemo, useReducer, useState } from 'react';
import { validateGraph, type NodeKind } from '../../../../shared/workflows';
import { UnsavedChangesGuard } from '../../../components/unsaved/UnsavedChangesGuard';
import { toastSuccess } from '../../../components/toaster';
import { WorkflowApiError, type Connection, type ServerProblem } from '../rest';
import { TestRunDialog } from './TestRunDialog';
import { kindLabel } from './StepNode';
import { ConfigPanel } from './ConfigPanel';
import type { ConfigOptions } from './configForms';
import {
  editorReducer,
  fromCanvas,
  initialEditorState,
  isDirty,
  toCanvas,
  type CanvasGraph,
} from './editorState';
import { canRedo, canUndo } from './history';
import { newNodeId } from './ids';
import { Palette } from './Palette';
import { mapProblems } from './problems';
import { useEditorKeys } from './useEditorKeys';
import { WorkflowCanvas } from './WorkflowCanvas';
import type { WorkflowEdge, WorkflowNode } from '../../../../shared/workflows';

export interface EditorProps {
  workflowId: string;
  companyId: string;
  connection: Connection | null;
  nodes: WorkflowNode[];
  edges: WorkflowEdge[];
  options: ConfigOptions;
  /** Sends the graph; throws a WorkflowApiError when the server refuses it. */
  onSave: (graph: { nodes: WorkflowNode[]; edges: WorkflowEdge[] }) => Promise<void>;
  saveFailedMessage: string;
}

type SaveState =
  | { status: 'idle' | 'loading' | 'succeeded' }
  | { status: 'failed'; message: string; problems: ServerProblem[]; sent: string | null };

function Editor(props: EditorProps) {
  const { onSave, options, saveFailedMessage } = props;
  const [state, dispatch] = useReducer(editorReducer, undefined, () =>
    initialEditorState(toCanvas(props.nodes, props.edges)),
  );
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [testing, setTesting] = useState(false);
  const flow = useReactFlow();
  const graph = state.history.present;
  const dirty = isDirty(state);

  const local = useMemo(() => {
    const plain = fromCanvas(graph);
    return validateGraph(plain.nodes, plain.edges).problems;
  }, [graph]);
  // The server's answer to the last save shows until the graph changes again.
  const problems = useMemo(() => {
    const same = save.status === 'failed' && save.sent === JSON.stringify(fromCanvas(graph));
    const server = same ? save.problems : [];
    return mapProblems(local.length > 0 ? local : server);
  }, [local, save, graph]);
  const selected = graph.nodes.find((node) => node.selected) ?? null;

  useEditorKeys(useCallback((key) => dispatch({ type: key }), []));

  const addFromPalette = (kind: NodeKind) => {
    const right = Math.max(-Infinity, ...graph.nodes.map((node) => node.position.x));
    const position = graph.nodes.length === 0 ? { x: 0, y: 0 } : { x: right + 300, y: 0 };
    dispatch({ type: 'added', kind, id: newNodeId(kind), position });
  };

  const layout = () => {
    dispatch({ type: 'laidOut' });
    window.requestAnimationFrame(() => void flow.fitView({ maxZoom: 1, padding: 0.2 }));
  };

  const submit = async () => {
    if (local.length > 0) {
      setSave({ status: 'failed', message: problemsText(local.length), problems: [], sent: null });
      return;
    }
    const sent: CanvasGraph = graph;
    setSave({ status: 'loading' });
    try {
      await onSave(fromCanvas(sent));
      dispatch({ type: 'saved', graph: sent });
      setSave({ status: 'succeeded' });
      toastSuccess('Workflow saved.');
    } catch (error) {
      const known = error instanceof WorkflowApiError;
      setSave({
        status: 'failed',
        message: known ? error.message : saveFailedMessage,
        problems: known ? error.problems : [],
        sent: JSON.stringify(fromCanvas(sent)),
      });
    }
  };

  return (
    <div className="ld-wf-editor">
      <UnsavedChangesGuard dirty={dirty} />
      <div className="ld-wf-toolbar" role="toolbar" aria-label="Editor">
        <ButtonGroup>
          <Button
            icon="undo"
            disabled={!canUndo(state.history)}
            onClick={() => dispatch({ type: 'undo' })}
          >
            Undo
          </Button>
          <Button
            icon="redo"
            disabled={!canRedo(state.history)}
            onClick={() => dispatch({ type: 'redo' })}
          >
            Redo
          </Button>
        </ButtonGroup>
        <Button icon="layout-hierarchy" onClick={layout} disabled={graph.nodes.length === 0}>
          Auto-layout
        </Button>
        <Button icon="play" onClick={() => setTesting(true)}>
          Test run
        </Button>
        <span className="ld-wf-toolbar-gap" />
        {problems.count > 0 ? (
          <Tag intent={Intent.WARNING} icon="warning-sign" data-testid="wf-problem-count">
            {problemsText(problems.count)}
          </Tag>
        ) : (
          <Tag intent={Intent.SUCCESS} icon="tick">
            Ready to save
          </Tag>
        )}
        {dirty ? <Tag minimal>Unsaved changes</Tag> : null}
        <Button
          intent={Intent.PRIMARY}
          icon="floppy-disk"
          loading={save.status === 'loading'}
          disabled={!dirty}
          onClick={() => void submit()}
        >
          Save
        </Button>
      </div>
      {save.status === 'failed' ? (
        <Callout intent={Intent.DANGER} role="alert" className="ld-wf-callout">
          {save.message}
        </Callout>
      ) : null}
      {problems.graph.length > 0 ? (
        <Callout
          intent={Intent.WARNING}
          className="ld-wf-callout"
          title="This workflow cannot run yet"
        >
          {problems.graph.join(' ')}
        </Callout>
      ) : null}
      {testing ? (
        <TestRunDialog
          workflowId={props.workflowId}
          companyId={props.companyId}
          connection={props.connection}
          unsaved={dirty}
          labels={
            new Map(graph.nodes.map((node) => [node.id, node.data.label || kindLabel(node.type)]))
          }
          onClose={() => setTesting(false)}
        />
      ) : null}
      <div className="ld-wf-workspace">
        <Palette onAdd={addFromPalette} />
        <WorkflowCanvas graph={graph} problems={problems} dispatch={dispatch} />
        <ConfigPanel node={selected} problems={problems} options={options} dispatch={dispatch} />
      </div>
    </div>
  );
}

function problemsText(count: number): string {
  return count === 1 ? '1 problem to fix before saving' : `${count} problems to fix before saving`;
}

export function WorkflowEditor(props: EditorProps) {
  return (
    <ReactFlowProvider>
      <Editor {...props} />
    </ReactFlowProvider>
  );
}
