/** The diff of a save of nodes and edges, as the update history keeps it. */
import type { WorkflowEdge, WorkflowNode } from '../../../shared/workflows';

export interface GraphDiff {
  nodes: { added: string[]; removed: string[]; changed: string[]; moved: string[] };
  edges: { added: string[]; removed: string[] };
}

const stable = (value: unknown): string =>
  JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)))
      : v,
  );

export function diffGraph(
  before: { nodes: WorkflowNode[]; edges: WorkflowEdge[] },
  after: { nodes: WorkflowNode[]; edges: WorkflowEdge[] },
): GraphDiff {
  const old = new Map(before.nodes.map((n) => [n.id, n]));
  const next = new Map(after.nodes.map((n) => [n.id, n]));
  const changed: string[] = [];
  const moved: string[] = [];
  for (const [id, node] of next) {
    const was = old.get(id);
    if (!was) continue;
    if (was.type !== node.type || stable(was.data) !== stable(node.data)) changed.push(id);
    else if (was.position.x !== node.position.x || was.position.y !== node.position.y)
      moved.push(id);
  }
  const edgeKey = (e: WorkflowEdge) => `${e.source}>${e.target}:${e.sourceHandle ?? ''}`;
  const oldEdges = new Set(before.edges.map(edgeKey));
  const newEdges = new Set(after.edges.map(edgeKey));
  return {
    nodes: {
      added: [...next.keys()].filter((id) => !old.has(id)),
      removed: [...old.keys()].filter((id) => !next.has(id)),
      changed,
      moved,
    },
    edges: {
      added: [...newEdges].filter((k) => !oldEdges.has(k)),
      removed: [...oldEdges].filter((k) => !newEdges.has(k)),
    },
  };
}
