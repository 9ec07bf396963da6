/**
 * The canvas: @xyflow/react in controlled mode over the editor reducer's present graph. It turns
 * what the canvas reports into editor actions: a drop from the palette adds a step where it was
 * dropped, dragging from a handle to another connects them, Backspace/Delete removes the
 * selection (a node with its edges, as one undo step). Edges with a problem are drawn red with
 * the message as their label; a condition's edges say which branch they are.
 */
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useCallback, useMemo, type Dispatch, type DragEvent } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { isNodeKind, NODE_KIND_NAMES } from '../../../../shared/workflows';
import type { CanvasEdge, CanvasGraph, CanvasNode, EditorAction } from './editorState';
import { newEdgeId, newNodeId } from './ids';
import { DRAG_TYPE } from './Palette';
import type { ProblemMap } from './problems';
import { ProblemsContext, StepNode } from './StepNode';

const NODE_TYPES: NodeTypes = Object.fromEntries(NODE_KIND_NAMES.map((kind) => [kind, StepNode]));
const DELETE_KEYS = ['Backspace', 'Delete'];

function decorate(edge: CanvasEdge, problems: ProblemMap): Edge {
  const messages = problems.byEdge.get(edge.id);
  const branch = edge.sourceHandle === 'true' || edge.sourceHandle === 'false';
  if (messages) {
    return {
      ...edge,
      className: 'ld-wf-edge-problem',
      label: messages.join(' '),
      labelBgPadding: [6, 3],
      ariaLabel: `Connection with a problem: ${messages.join(' ')}`,
    };
  }
  return branch
    ? { ...edge, label: edge.sourceHandle, className: `ld-wf-edge-${edge.sourceHandle}` }
    : edge;
}

export function WorkflowCanvas(props: {
  graph: CanvasGraph;
  problems: ProblemMap;
  dispatch: Dispatch<EditorAction>;
}) {
  const { graph, problems, dispatch } = props;
  const flow = useReactFlow<CanvasNode, Edge>();
  const dark = useAppSelector((state) => state.settings.theme === 'dark');
  const edges = useMemo(
    () => graph.edges.map((edge) => decorate(edge, problems)),
    [graph.edges, problems],
  );

  const onDrop = useCallback(
    (event: DragEvent<HTMLDivElement>) => {
      const kind = event.dataTransfer.getData(DRAG_TYPE);
      if (!isNodeKind(kind)) return;
      event.preventDefault();
      const position = flow.screenToFlowPosition({ x: event.clientX, y: event.clientY });
      dispatch({ type: 'added', kind, id: newNodeId(kind), position });
    },
    [dispatch, flow],
  );
  const onDragOver = useCallback((event: DragEvent<HTMLDivElement>) => {
    if (!event.dataTransfer.types.includes(DRAG_TYPE)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  }, []);
  const onConnect = useCallback(
    (connection: Connection) => dispatch({ type: 'connected', connection, id: newEdgeId() }),
    [dispatch],
  );
  const isValidConnection = useCallback(
    (connection: Connection | Edge) => connection.source !== connection.target,
    [],
  );

  return (
    <ProblemsContext.Provider value={problems}>
      <div className="ld-wf-canvas" onDrop={onDrop} onDragOver={onDragOver} data-testid="wf-canvas">
        <ReactFlow<CanvasNode, Edge>
          nodes={graph.nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={(changes) => dispatch({ type: 'nodesChanged', changes })}
          onEdgesChange={(changes) => dispatch({ type: 'edgesChanged', changes })}
          onConnect={onConnect}
          onDelete={({ nodes, edges: gone }) =>
            dispatch({
              type: 'deleted',
              nodeIds: nodes.map((node) => node.id),
              edgeIds: gone.map((edge) => edge.id),
            })
          }
          isValidConnection={isValidConnection}
          deleteKeyCode={DELETE_KEYS}
          colorMode={dark ? 'dark' : 'light'}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.2 }}
        >
          <Background />
          <Controls />
          <MiniMap pannable zoomable />
        </ReactFlow>
      </div>
    </ProblemsContext.Provider>
  );
}
