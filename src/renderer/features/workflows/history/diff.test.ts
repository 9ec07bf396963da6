/** The history screen's diff: what a person reads about one save. */
import { describe, expect, it } from 'vitest';
import { diffGraphs, type DiffNode } from './diff';

const trigger: DiffNode = {
  id: 't',
  type: 'trigger.document',
  position: { x: 0, y: 0 },
  data: { config: { event: 'completed' } },
};
const notify: DiffNode = {
  id: 'n',
  type: 'action.notify',
  position: { x: 300, y: 0 },
  data: { config: { message: 'New document' }, label: 'Tell the team' },
};

describe('diffGraphs', () => {
  it('given a step and a connection added, then both are listed by name', () => {
    const diff = diffGraphs(
      { nodes: [trigger], edges: [] },
      { nodes: [trigger, notify], edges: [{ id: 'e', source: 't', target: 'n' }] },
    );
    expect(diff.nodes.added).toEqual(['Tell the team (Notify)']);
    expect(diff.edges.added).toEqual(['Document completed or reviewed → Tell the team (Notify)']);
    expect(diff.empty).toBe(false);
  });

  it('given a step whose settings changed and that moved, then it is listed once with both', () => {
    const edited = { ...notify, position: { x: 400, y: 0 }, data: { ...notify.data, config: { message: 'x' } } };
    const diff = diffGraphs({ nodes: [notify], edges: [] }, { nodes: [edited], edges: [] });
    expect(diff.nodes.changed).toEqual(['Tell the team (Notify): settings, moved']);
  });

  it('given a removed step, then it and its connection are removed, named as they were', () => {
    const diff = diffGraphs(
      { nodes: [trigger, notify], edges: [{ id: 'e', source: 't', target: 'n' }] },
      { nodes: [trigger], edges: [] },
    );
    expect(diff.nodes.removed).toEqual(['Tell the team (Notify)']);
    expect(diff.edges.removed).toHaveLength(1);
  });

  it('given a connection redrawn with a new id, then nothing changed', () => {
    const diff = diffGraphs(
      { nodes: [trigger, notify], edges: [{ id: 'e1', source: 't', target: 'n' }] },
      { nodes: [trigger, notify], edges: [{ id: 'e2', source: 't', target: 'n' }] },
    );
    expect(diff.empty).toBe(true);
  });
});
