/** The history screen's words for a saved diff. */
import { describe, expect, it } from 'vitest';
import { describeDiff, type ServerDiff } from './diff';

const nodes = [
  { id: 't', type: 'trigger.document' },
  { id: 'n', type: 'action.notify', data: { label: 'Tell the team' } },
];
const none: ServerDiff = {
  nodes: { added: [], removed: [], changed: [], moved: [] },
  edges: { added: [], removed: [] },
};

describe('describeDiff', () => {
  it('given a step and a connection added, then both read by name', () => {
    const lines = describeDiff(
      { ...none, nodes: { ...none.nodes, added: ['n'] }, edges: { added: ['t>n:'], removed: [] } },
      nodes,
    );
    expect(lines.added).toEqual(['Tell the team (Notify)']);
    expect(lines.edgesAdded).toEqual(['Document completed or reviewed → Tell the team (Notify)']);
    expect(lines.empty).toBe(false);
  });

  it('given a branch edge and a step that is gone, then the branch is named and the gone step keeps its id', () => {
    const lines = describeDiff(
      {
        ...none,
        nodes: { ...none.nodes, removed: ['old-1'] },
        edges: { added: [], removed: ['t>old-1:true'] },
      },
      nodes,
    );
    expect(lines.removed).toEqual(['old-1']);
    expect(lines.edgesRemoved).toEqual(['Document completed or reviewed (true) → old-1']);
  });

  it('given nothing changed (a rename), then it is empty', () => {
    expect(describeDiff(none, nodes).empty).toBe(true);
  });
});
