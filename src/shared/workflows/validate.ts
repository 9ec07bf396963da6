/**
 * validateGraph: the rules a workflow must meet to be saved (and that the editor shows on the
 * canvas): exactly one trigger, no cycles, every node configured, no dangling edge, a condition's
 * edges leave by its true or false handle, every node reachable from the trigger, and no step that
 * needs a processed document after a trigger that starts without one (raw file, schedule).
 */
import type { WorkflowEdge, WorkflowNode } from './graph';
import { BRANCH_HANDLES, NODE_KINDS, categoryOf, isNodeKind, type NodeKind } from './nodes';

export interface GraphProblem {
  /** The node the problem is about; absent for problems of the whole graph. */
  nodeId?: string;
  /** The edge the problem is about. */
  edgeId?: string;
  /** The config field at fault, for the side panel. */
  field?: string;
  message: string;
}

export interface GraphValidation {
  ok: boolean;
  problems: GraphProblem[];
}

export const GRAPH_MESSAGES = {
  NO_TRIGGER: 'Add a trigger: a workflow starts with exactly one.',
  MANY_TRIGGERS: 'A workflow has exactly one trigger. Remove the others.',
  UNKNOWN_KIND: 'This kind of step is not known.',
  DUPLICATE_NODE: 'Two steps share this id.',
  DUPLICATE_EDGE: 'Two connections share this id.',
  DANGLING_EDGE: 'This connection leads to or from a step that does not exist.',
  INTO_TRIGGER: 'Nothing can lead into the trigger.',
  SELF_LOOP: 'A step cannot connect to itself.',
  CYCLE: 'These steps form a loop. A workflow must not go back to an earlier step.',
  BRANCH_HANDLE: 'Connect this condition by its true or its false output.',
  NO_BRANCH_HANDLE: 'Only a condition has true and false outputs.',
  UNREACHABLE: 'This step is not connected to the trigger, so it never runs.',
  NOT_CONFIGURED: 'This step is not configured:',
  NEEDS_DOCUMENT:
    'This step needs a processed document, and this trigger starts without one. Use the document trigger.',
} as const;

/** Steps that act on the run's processed document (a raw-file or schedule run has none). */
export const DOCUMENT_ONLY_KINDS: ReadonlySet<NodeKind> = new Set<NodeKind>([
  'condition.case_matched',
  'condition.confidence',
  'action.sync_case',
  'action.crm_activity',
  'action.set_fields',
  'action.wait_for_review',
]);

export function validateGraph(nodes: WorkflowNode[], edges: WorkflowEdge[]): GraphValidation {
  const problems: GraphProblem[] = [];
  const byId = new Map<string, WorkflowNode>();
  for (const node of nodes) {
    if (byId.has(node.id))
      problems.push({ nodeId: node.id, message: GRAPH_MESSAGES.DUPLICATE_NODE });
    byId.set(node.id, node);
  }

  const triggers = nodes.filter((n) => isNodeKind(n.type) && categoryOf(n.type) === 'trigger');
  if (triggers.length === 0) problems.push({ message: GRAPH_MESSAGES.NO_TRIGGER });
  if (triggers.length > 1) {
    for (const t of triggers)
      problems.push({ nodeId: t.id, message: GRAPH_MESSAGES.MANY_TRIGGERS });
  }

  for (const node of nodes) {
    if (!isNodeKind(node.type)) {
      problems.push({ nodeId: node.id, message: GRAPH_MESSAGES.UNKNOWN_KIND });
      continue;
    }
    const parsed = NODE_KINDS[node.type].config.safeParse(node.data.config);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.length > 0 ? String(issue.path[0]) : undefined;
        problems.push({
          nodeId: node.id,
          ...(field ? { field } : {}),
          message: `${GRAPH_MESSAGES.NOT_CONFIGURED} ${issue.message}`,
        });
      }
    }
  }

  const edgeIds = new Set<string>();
  const usable: WorkflowEdge[] = [];
  for (const edge of edges) {
    if (edgeIds.has(edge.id))
      problems.push({ edgeId: edge.id, message: GRAPH_MESSAGES.DUPLICATE_EDGE });
    edgeIds.add(edge.id);
    const source = byId.get(edge.source);
    const target = byId.get(edge.target);
    if (!source || !target) {
      problems.push({ edgeId: edge.id, message: GRAPH_MESSAGES.DANGLING_EDGE });
      continue;
    }
    if (edge.source === edge.target) {
      problems.push({ edgeId: edge.id, nodeId: edge.source, message: GRAPH_MESSAGES.SELF_LOOP });
      continue;
    }
    if (isNodeKind(target.type) && categoryOf(target.type) === 'trigger') {
      problems.push({ edgeId: edge.id, nodeId: target.id, message: GRAPH_MESSAGES.INTO_TRIGGER });
    }
    const isCondition = isNodeKind(source.type) && categoryOf(source.type) === 'condition';
    const handle = edge.sourceHandle ?? null;
    if (isCondition && !(BRANCH_HANDLES as readonly string[]).includes(handle ?? '')) {
      problems.push({ edgeId: edge.id, nodeId: source.id, message: GRAPH_MESSAGES.BRANCH_HANDLE });
    }
    if (!isCondition && handle !== null && handle !== '') {
      problems.push({
        edgeId: edge.id,
        nodeId: source.id,
        message: GRAPH_MESSAGES.NO_BRANCH_HANDLE,
      });
    }
    usable.push(edge);
  }

  for (const nodeId of findCycle(nodes, usable)) {
    problems.push({ nodeId, message: GRAPH_MESSAGES.CYCLE });
  }

  if (triggers.length === 1 && triggers[0]!.type !== 'trigger.document') {
    for (const node of nodes)
      if (isNodeKind(node.type) && DOCUMENT_ONLY_KINDS.has(node.type))
        problems.push({ nodeId: node.id, message: GRAPH_MESSAGES.NEEDS_DOCUMENT });
  }

  if (triggers.length === 1) {
    const reached = successors(triggers[0]!.id, usable).add(triggers[0]!.id);
    for (const node of nodes) {
      if (!reached.has(node.id))
        problems.push({ nodeId: node.id, message: GRAPH_MESSAGES.UNREACHABLE });
    }
  }

  return { ok: problems.length === 0, problems };
}

/** The nodes on some cycle (Kahn's algorithm: whatever is never freed lies on or behind a loop). */
function findCycle(nodes: WorkflowNode[], edges: WorkflowEdge[]): string[] {
  const indegree = new Map(nodes.map((n) => [n.id, 0]));
  const out = new Map<string, string[]>();
  for (const e of edges) {
    if (e.source === e.target) continue;
    indegree.set(e.target, (indegree.get(e.target) ?? 0) + 1);
    out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  }
  const queue = [...indegree].filter(([, d]) => d === 0).map(([id]) => id);
  while (queue.length > 0) {
    const id = queue.pop()!;
    for (const next of out.get(id) ?? []) {
      const d = (indegree.get(next) ?? 0) - 1;
      indegree.set(next, d);
      if (d === 0) queue.push(next);
    }
  }
  const left = new Set([...indegree].filter(([, d]) => d > 0).map(([id]) => id));
  // Keep only nodes that lie on a loop, not those merely downstream of one.
  const inner = edges.filter((e) => left.has(e.source) && left.has(e.target));
  return [...left].filter((id) => successors(id, inner).has(id));
}

/** Every node reachable from `start` by one or more edges. */
function successors(start: string, edges: WorkflowEdge[]): Set<string> {
  const out = new Map<string, string[]>();
  for (const e of edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target]);
  const seen = new Set<string>();
  const stack = [...(out.get(start) ?? [])];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(out.get(id) ?? []));
  }
  return seen;
}

/** The nodes an edge set leads to from `nodeId` by `handle` (null: every outgoing edge). */
export function nextNodes(nodeId: string, edges: WorkflowEdge[], handle: string | null): string[] {
  return edges
    .filter((e) => e.source === nodeId && (handle === null || e.sourceHandle === handle))
    .map((e) => e.target);
}
