import { describe, expect, it } from 'vitest';
import type { WorkflowNode } from '../../../shared/workflows';
import { diffGraph } from './diff';

const n = (id: string, x: number, config: Record<string, unknown> = {}): WorkflowNode => ({
  id,
  type: 'action.sync_case',
  position: { x, y: 0 },
  data: { config },
});

describe('diffGraph', () => {
  it('tells added, removed, changed and moved nodes and edges apart', () => {
    const before = {
      nodes: [n('a', 0), n('b', 0), n('c', 0)],
      edges: [{ id: 'e1', source: 'a', target: 'b' }],
    };
    const after = {
      nodes: [n('a', 0, { connector: 'local' }), n('b', 50), n('d', 0)],
      edges: [{ id: 'e2', source: 'a', target: 'd' }],
    };
    expect(diffGraph(before, after)).toEqual({
      nodes: { added: ['d'], removed: ['c'], changed: ['a'], moved: ['b'] },
      edges: { added: ['a>d:'], removed: ['a>b:'] },
    });
  });
});
