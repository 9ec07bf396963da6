/**
 * The editor's state as one pure reducer: the graph on the canvas (in @xyflow/react's own node and
 * edge shapes) inside an undo history. What a person does is one undo step (drop a node, connect,
 * delete, finish a drag, edit a node's settings, auto-layout); what the canvas reports on its own
 * (selection, measured sizes, a drag in progress) changes the present without one.
 */
import {
  applyEdgeChanges,
  applyNodeChanges,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
} from '@xyflow/react';
import {
  defaultConfig,
  type NodeKind,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../../../shared/workflows';
import { commit, commitFrom, redo, replace, startHistory, undo, type History } from './history';
import { layeredLayout } from './layout';

export interface StepData extends Record<string, unknown> {
  config: Record<string, unknown>;
  label?: string;
}
export type CanvasNode = Node<StepData>;
export type CanvasEdge = Edge;

export interface CanvasGraph {
  nodes: CanvasNode[];
  edges: CanvasEdge[];
}

export interface EditorState {
  history: History<CanvasGraph>;
  /** The graph as a drag found it, so the whole drag is one undo step. */
  dragStart: CanvasGraph | null;
  /** The node and field of the last settings edit: typing in one field is one undo step. */
  lastEdit: string | null;
  /** The graph as last saved (or loaded): the editor is dirty while the present differs. */
  saved: CanvasGraph;
}

export type EditorAction =
  | { type: 'nodesChanged'; changes: NodeChange<CanvasNode>[] }
  | { type: 'edgesChanged'; changes: EdgeChange<CanvasEdge>[] }
  | { type: 'connected'; connection: Connection; id: string }
  | { type: 'added'; kind: NodeKind; id: string; position: { x: number; y: number } }
  | { type: 'deleted'; nodeIds: string[]; edgeIds: string[] }
  | { type: 'configEdited'; nodeId: string; field: string; value: unknown }
  | { type: 'labelEdited'; nodeId: string; label: string }
  | { type: 'laidOut' }
  | { type: 'undo' }
  | { type: 'redo' }
  | { type: 'saved'; graph: CanvasGraph }
  | { type: 'loaded'; graph: CanvasGraph };

export function toCanvas(
  nodes: readonly WorkflowNode[],
  edges: readonly WorkflowEdge[],
): CanvasGraph {
  return {
    nodes: nodes.map((node) => ({
      id: node.id,
      type: node.type,
      position: { ...node.position },
      data: {
        config: { ...node.data.config },
        ...(node.data.label ? { label: node.data.label } : {}),
      },
    })),
    edges: edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
    })),
  };
}

/** The graph as the contract saves it: only id, type, position and data of each node. */
export function fromCanvas(graph: CanvasGraph): { nodes: WorkflowNode[]; edges: WorkflowEdge[] } {
  return {
    nodes: graph.nodes.map((node) => ({
      id: node.id,
      type: node.type ?? '',
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: {
        config: node.data.config,
        ...(node.data.label ? { label: node.data.label } : {}),
      },
    })),
    edges: graph.edges.map((edge) => ({
      id: edge.id,
      source: edge.source,
      target: edge.target,
      sourceHandle: edge.sourceHandle ?? null,
      targetHandle: edge.targetHandle ?? null,
    })),
  };
}

export function initialEditorState(graph: CanvasGraph): EditorState {
  return { history: startHistory(graph), dragStart: null, lastEdit: null, saved: graph };
}

/** Whether the graph differs from the saved one in anything that is saved. */
export function isDirty(state: EditorState): boolean {
  return (
    JSON.stringify(fromCanvas(state.history.present)) !== JSON.stringify(fromCanvas(state.saved))
  );
}

function step(state: EditorState, next: CanvasGraph): EditorState {
  return { ...state, history: commit(state.history, next), dragStart: null, lastEdit: null };
}

function onNodesChanged(state: EditorState, changes: NodeChange<CanvasNode>[]): EditorState {
  // Deletion arrives as one 'deleted' action (nodes with their edges); adding is 'added'.
  const applied = changes.filter((change) => change.type !== 'remove' && change.type !== 'add');
  if (applied.length === 0) return state;
  const present = state.history.present;
  const next = { ...present, nodes: applyNodeChanges(applied, present.nodes) };
  const moves = applied.filter((change) => change.type === 'position');
  if (moves.length === 0) return { ...state, history: replace(state.history, next) };
  if (moves.some((change) => change.dragging === true)) {
    return {
      ...state,
      dragStart: state.dragStart ?? present,
      history: replace(state.history, next),
    };
  }
  const before = state.dragStart ?? present;
  return {
    ...state,
    dragStart: null,
    lastEdit: null,
    history: commitFrom(state.history, before, next),
  };
}

function onEdgesChanged(state: EditorState, changes: EdgeChange<CanvasEdge>[]): EditorState {
  const applied = changes.filter((change) => change.type === 'select');
  if (applied.length === 0) return state;
  const present = state.history.present;
  const next = { ...present, edges: applyEdgeChanges(applied, present.edges) };
  return { ...state, history: replace(state.history, next) };
}

function withConfig(
  graph: CanvasGraph,
  nodeId: string,
  change: (data: StepData) => StepData,
): CanvasGraph {
  return {
    ...graph,
    nodes: graph.nodes.map((node) =>
      node.id === nodeId ? { ...node, data: change(node.data) } : node,
    ),
  };
}

function edited(state: EditorState, key: string, next: CanvasGraph): EditorState {
  if (state.lastEdit === key) {
    return { ...state, history: replace(state.history, next) };
  }
  return { ...step(state, next), lastEdit: key };
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  const present = state.history.present;
  switch (action.type) {
    case 'nodesChanged':
      return onNodesChanged(state, action.changes);
    case 'edgesChanged':
      return onEdgesChanged(state, action.changes);
    case 'connected': {
      const { source, target, sourceHandle, targetHandle } = action.connection;
      const exists = present.edges.some(
        (edge) =>
          edge.source === source &&
          edge.target === target &&
          (edge.sourceHandle ?? null) === (sourceHandle ?? null),
      );
      if (exists) return state;
      const edge: CanvasEdge = {
        id: action.id,
        source,
        target,
        sourceHandle: sourceHandle ?? null,
        targetHandle: targetHandle ?? null,
      };
      return step(state, { ...present, edges: [...present.edges, edge] });
    }
    case 'added': {
      const node: CanvasNode = {
        id: action.id,
        type: action.kind,
        position: action.position,
        data: { config: defaultConfig(action.kind) },
      };
      const nodes = present.nodes.map((n) => (n.selected ? { ...n, selected: false } : n));
      return step(state, { ...present, nodes: [...nodes, { ...node, selected: true }] });
    }
    case 'deleted': {
      const nodeIds = new Set(action.nodeIds);
      const edgeIds = new Set(action.edgeIds);
      if (nodeIds.size === 0 && edgeIds.size === 0) return state;
      return step(state, {
        nodes: present.nodes.filter((node) => !nodeIds.has(node.id)),
        edges: present.edges.filter(
          (edge) => !edgeIds.has(edge.id) && !nodeIds.has(edge.source) && !nodeIds.has(edge.target),
        ),
      });
    }
    case 'configEdited':
      return edited(
        state,
        `${action.nodeId}:config:${action.field}`,
        withConfig(present, action.nodeId, (data) => ({
          ...data,
          config: { ...data.config, [action.field]: action.value },
        })),
      );
    case 'labelEdited':
      return edited(
        state,
        `${action.nodeId}:label`,
        withConfig(present, action.nodeId, (data) => {
          const { label: _old, ...rest } = data;
          return action.label ? { ...rest, label: action.label } : rest;
        }),
      );
    case 'laidOut': {
      const at = layeredLayout(
        present.nodes.map((node) => node.id),
        present.edges,
      );
      return step(state, {
        ...present,
        nodes: present.nodes.map((node) => ({
          ...node,
          position: at.get(node.id) ?? node.position,
        })),
      });
    }
    case 'undo':
      return { ...state, history: undo(state.history), dragStart: null, lastEdit: null };
    case 'redo':
      return { ...state, history: redo(state.history), dragStart: null, lastEdit: null };
    case 'saved':
      return { ...state, saved: action.graph };
    case 'loaded':
      return initialEditorState(action.graph);
  }
}
