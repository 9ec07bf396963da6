/** The editor reducer: each thing a person does on the canvas and what undo/redo gives back. */
import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  fromCanvas,
  initialEditorState,
  isDirty,
  toCanvas,
  type EditorAction,
  type EditorState,
} from './editorState';
import { LAYER_GAP } from './layout';

const run = (state: EditorState, ...actions: EditorAction[]) =>
  actions.reduce(editorReducer, state);
const empty = () => initialEditorState({ nodes: [], edges: [] });
const add = (id: string, kind: 'trigger.document' | 'action.notify' | 'condition.case_matched') =>
  ({ type: 'added', id, kind, position: { x: 0, y: 0 } }) as const;

describe('workflow editor state', () => {
  it('given a trigger and a notify step, when connected and undone, then the edge goes and redo brings it back', () => {
    let state = run(empty(), add('t', 'trigger.document'), add('n', 'action.notify'), {
      type: 'connected',
      id: 'e1',
      connection: { source: 't', target: 'n', sourceHandle: null, targetHandle: null },
    });
    expect(state.history.present.edges.map((e) => e.id)).toEqual(['e1']);
    state = run(state, { type: 'undo' });
    expect(state.history.present.edges).toEqual([]);
    expect(state.history.present.nodes.map((n) => n.id)).toEqual(['t', 'n']);
    state = run(state, { type: 'redo' });
    expect(state.history.present.edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('given a dropped node, then it carries its kind default settings and is the one selected', () => {
    const state = run(empty(), add('t', 'trigger.document'), add('n', 'action.notify'));
    const [trigger, notify] = state.history.present.nodes;
    expect(notify?.data.config).toEqual({ roles: [], staff_ids: [], emails: [], message: '' });
    expect(notify?.selected).toBe(true);
    expect(trigger?.selected).toBe(false);
  });

  it('given a node with edges, when it is deleted, then its edges go too and one undo restores both', () => {
    let state = run(empty(), add('t', 'trigger.document'), add('n', 'action.notify'), {
      type: 'connected',
      id: 'e1',
      connection: { source: 't', target: 'n', sourceHandle: null, targetHandle: null },
    });
    state = run(state, { type: 'deleted', nodeIds: ['n'], edgeIds: [] });
    expect(state.history.present.nodes.map((n) => n.id)).toEqual(['t']);
    expect(state.history.present.edges).toEqual([]);
    state = run(state, { type: 'undo' });
    expect(state.history.present.nodes.map((n) => n.id)).toEqual(['t', 'n']);
    expect(state.history.present.edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('given a drag reported in many moves, when it ends, then one undo puts the node back where it started', () => {
    let state = run(empty(), add('t', 'trigger.document'));
    for (const x of [10, 20, 30]) {
      state = run(state, {
        type: 'nodesChanged',
        changes: [{ type: 'position', id: 't', position: { x, y: 0 }, dragging: true }],
      });
    }
    state = run(state, {
      type: 'nodesChanged',
      changes: [{ type: 'position', id: 't', position: { x: 40, y: 0 }, dragging: false }],
    });
    expect(state.history.present.nodes[0]?.position).toEqual({ x: 40, y: 0 });
    state = run(state, { type: 'undo' });
    expect(state.history.present.nodes[0]?.position).toEqual({ x: 0, y: 0 });
  });

  it('given selection changes from the canvas, then they make no undo step', () => {
    const state = run(empty(), add('t', 'trigger.document'), {
      type: 'nodesChanged',
      changes: [{ type: 'select', id: 't', selected: false }],
    });
    expect(state.history.present.nodes[0]?.selected).toBe(false);
    expect(state.history.past.length).toBe(1);
  });

  it('given typing in one field, then the whole burst is one undo step, and another field starts a new one', () => {
    let state = run(empty(), add('n', 'action.notify'));
    for (const value of ['H', 'He', 'Hello'])
      state = run(state, { type: 'configEdited', nodeId: 'n', field: 'message', value });
    state = run(state, { type: 'configEdited', nodeId: 'n', field: 'emails', value: ['a@b.co'] });
    expect(state.history.present.nodes[0]?.data.config).toMatchObject({
      message: 'Hello',
      emails: ['a@b.co'],
    });
    state = run(state, { type: 'undo' });
    expect(state.history.present.nodes[0]?.data.config).toMatchObject({
      message: 'Hello',
      emails: [],
    });
    state = run(state, { type: 'undo' });
    expect(state.history.present.nodes[0]?.data.config).toMatchObject({ message: '' });
  });

  it('given a branch, when laid out, then the condition sits a layer right of the trigger and undo restores', () => {
    let state = run(empty(), add('t', 'trigger.document'), add('c', 'condition.case_matched'), {
      type: 'connected',
      id: 'e1',
      connection: { source: 't', target: 'c', sourceHandle: null, targetHandle: null },
    });
    state = run(state, { type: 'laidOut' });
    expect(state.history.present.nodes.find((n) => n.id === 'c')?.position.x).toBe(LAYER_GAP);
    state = run(state, { type: 'undo' });
    expect(state.history.present.nodes.find((n) => n.id === 'c')?.position.x).toBe(0);
  });

  it('given the same connection twice, then only one edge is kept', () => {
    const connect = {
      type: 'connected',
      connection: { source: 'c', target: 'n', sourceHandle: 'true', targetHandle: null },
    } as const;
    const state = run(
      empty(),
      add('c', 'condition.case_matched'),
      add('n', 'action.notify'),
      { ...connect, id: 'e1' },
      { ...connect, id: 'e2' },
    );
    expect(state.history.present.edges.map((e) => e.id)).toEqual(['e1']);
  });

  it('given a loaded graph, then it is clean, an edit makes it dirty, and saving it makes it clean again', () => {
    const graph = toCanvas(
      [{ id: 't', type: 'trigger.document', position: { x: 0, y: 0 }, data: { config: {} } }],
      [],
    );
    let state = initialEditorState(graph);
    expect(isDirty(state)).toBe(false);
    state = run(state, { type: 'labelEdited', nodeId: 't', label: 'Intake' });
    expect(isDirty(state)).toBe(true);
    state = run(state, { type: 'saved', graph: state.history.present });
    expect(isDirty(state)).toBe(false);
    expect(fromCanvas(state.history.present).nodes[0]?.data).toEqual({
      config: {},
      label: 'Intake',
    });
  });
});
