/** Where validation problems show on the canvas, from the shared validator's own answers. */
import { describe, expect, it } from 'vitest';
import { GRAPH_MESSAGES, validateGraph, type WorkflowNode } from '../../../../shared/workflows';
import { fieldProblem, mapProblems } from './problems';

const node = (id: string, type: string, config: Record<string, unknown>): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { config },
});

describe('mapProblems', () => {
  it('given no trigger, then the problem is the whole graph and no node is outlined', () => {
    const map = mapProblems(validateGraph([], []).problems);
    expect(map.graph).toEqual([GRAPH_MESSAGES.NO_TRIGGER]);
    expect(map.byNode.size).toBe(0);
  });

  it('given a notify step without message, then its node shows the message and the side panel marks the field', () => {
    const nodes = [
      node('t', 'trigger.document', { event: 'completed', file_type_ids: [], folder_ids: [] }),
      node('n', 'action.notify', { roles: ['admin'], staff_ids: [], emails: [], message: '' }),
    ];
    const edges = [{ id: 'e', source: 't', target: 'n' }];
    const map = mapProblems(validateGraph(nodes, edges).problems);
    expect(map.byNode.get('n')?.[0]).toMatch(/^This step is not configured:/);
    expect(fieldProblem(map, 'n', 'message')).toMatch(/Enter the message/);
    expect(map.byNode.has('t')).toBe(false);
    expect(map.graph).toEqual([]);
  });

  it('given a connection to a step that is gone, then the edge carries the message, not a node', () => {
    const nodes = [node('t', 'trigger.raw_file', { only_email: false })];
    const map = mapProblems(
      validateGraph(nodes, [{ id: 'e', source: 't', target: 'gone' }]).problems,
    );
    expect(map.byEdge.get('e')).toEqual([GRAPH_MESSAGES.DANGLING_EDGE]);
    expect(map.byNode.size).toBe(0);
  });

  it('given the same message twice for one node, then it is listed once', () => {
    const map = mapProblems([
      { nodeId: 'a', message: 'x' },
      { nodeId: 'a', message: 'x' },
    ]);
    expect(map.byNode.get('a')).toEqual(['x']);
    expect(map.count).toBe(2);
  });
});
