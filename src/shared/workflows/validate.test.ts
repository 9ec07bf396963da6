import { describe, expect, it } from 'vitest';
import type { WorkflowEdge, WorkflowNode } from './graph';
import { GRAPH_MESSAGES, validateGraph } from './validate';

const node = (id: string, type: string, config: Record<string, unknown>): WorkflowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { config },
});
const edge = (source: string, target: string, sourceHandle?: string): WorkflowEdge => ({
  id: `${source}-${target}-${sourceHandle ?? ''}`,
  source,
  target,
  sourceHandle: sourceHandle ?? null,
});

const trigger = node('t', 'trigger.document', { event: 'completed' });
const cond = node('c', 'condition.case_matched', {});
const sync = node('s', 'action.sync_case', {});
const notify = node('n', 'action.notify', { roles: ['admin'], message: 'No case for {name}' });

const messagesFor = (nodes: WorkflowNode[], edges: WorkflowEdge[], id?: string) =>
  validateGraph(nodes, edges)
    .problems.filter((p) => id === undefined || p.nodeId === id)
    .map((p) => p.message);

describe('validateGraph', () => {
  it('accepts a trigger with a branching condition', () => {
    const result = validateGraph(
      [trigger, cond, sync, notify],
      [edge('t', 'c'), edge('c', 's', 'true'), edge('c', 'n', 'false')],
    );
    expect(result).toEqual({ ok: true, problems: [] });
  });

  it('needs exactly one trigger', () => {
    expect(messagesFor([sync], [])).toContain(GRAPH_MESSAGES.NO_TRIGGER);
    const second = node('t2', 'trigger.schedule', { cron: '0 8 * * *' });
    expect(messagesFor([trigger, second], [], 't2')).toContain(GRAPH_MESSAGES.MANY_TRIGGERS);
  });

  it('names the loop', () => {
    const a = node('a', 'action.wait_for_review', {});
    const problems = validateGraph(
      [trigger, sync, a, notify],
      [edge('t', 's'), edge('s', 'a'), edge('a', 's'), edge('a', 'n')],
    ).problems.filter((p) => p.message === GRAPH_MESSAGES.CYCLE);
    expect(problems.map((p) => p.nodeId).sort()).toEqual(['a', 's']);
  });

  it('refuses a dangling edge and a step with no path from the trigger', () => {
    expect(validateGraph([trigger, sync], [edge('t', 'gone')]).problems).toEqual(
      expect.arrayContaining([
        { edgeId: 't-gone-', message: GRAPH_MESSAGES.DANGLING_EDGE },
        { nodeId: 's', message: GRAPH_MESSAGES.UNREACHABLE },
      ]),
    );
  });

  it('reports each unconfigured field of a step', () => {
    const hook = node('w', 'action.webhook', { url: 'ftp://x', secret: 'short' });
    const problems = validateGraph([trigger, hook], [edge('t', 'w')]).problems;
    expect(problems.map((p) => [p.nodeId, p.field])).toEqual([
      ['w', 'url'],
      ['w', 'secret'],
    ]);
    expect(problems[1]?.message).toBe(
      'This step is not configured: The signing secret needs at least 16 characters.',
    );
  });

  it('wants condition edges by handle, and no handle elsewhere', () => {
    expect(messagesFor([trigger, cond, sync], [edge('t', 'c'), edge('c', 's')], 'c')).toContain(
      GRAPH_MESSAGES.BRANCH_HANDLE,
    );
    expect(messagesFor([trigger, sync], [edge('t', 's', 'true')], 't')).toContain(
      GRAPH_MESSAGES.NO_BRANCH_HANDLE,
    );
  });

  it('refuses unknown kinds, edges into the trigger and self loops', () => {
    expect(messagesFor([trigger, node('x', 'action.fax', {})], [edge('t', 'x')], 'x')).toContain(
      GRAPH_MESSAGES.UNKNOWN_KIND,
    );
    expect(messagesFor([trigger, sync], [edge('t', 's'), edge('s', 't')], 't')).toContain(
      GRAPH_MESSAGES.INTO_TRIGGER,
    );
    expect(messagesFor([trigger, sync], [edge('t', 's'), edge('s', 's')], 's')).toContain(
      GRAPH_MESSAGES.SELF_LOOP,
    );
  });

  it('refuses document steps after a trigger that starts without a document', () => {
    const schedule = node('t', 'trigger.schedule', { cron: '0 8 * * *' });
    const hook = node('h', 'action.webhook', {
      url: 'https://example.com/hook',
      secret: 'a-secret-of-16-chars',
    });
    expect(messagesFor([schedule, sync, hook], [edge('t', 's'), edge('s', 'h')], 's')).toEqual([
      GRAPH_MESSAGES.NEEDS_DOCUMENT,
    ]);
    expect(messagesFor([schedule, hook, notify], [edge('t', 'h'), edge('h', 'n')])).toEqual([]);
    const raw = node('t', 'trigger.raw_file', { only_email: false });
    expect(messagesFor([raw, cond], [edge('t', 'c', undefined)], 'c')).toContain(
      GRAPH_MESSAGES.NEEDS_DOCUMENT,
    );
  });
});
