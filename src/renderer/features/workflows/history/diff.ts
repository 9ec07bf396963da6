/**
 * What one save changed: the steps and connections added, removed and changed between the graph
 * before and after it, in words a person reads ("Notify: settings", "moved"). Pure, so the history
 * screen and its test agree on what "changed" means.
 */
import { isNodeKind, NODE_KINDS } from '../../../../shared/workflows';

export interface DiffNode {
  id: string;
  type: string;
  position?: { x: number; y: number };
  data?: { config?: Record<string, unknown>; label?: string };
}

export interface DiffEdge {
  id: string;
  source: string;
  target: string;
  sourceHandle?: string | null;
}

export interface GraphDiff {
  nodes: { added: string[]; removed: string[]; changed: string[] };
  edges: { added: string[]; removed: string[] };
  empty: boolean;
}

function nodeName(node: DiffNode): string {
  const kind = isNodeKind(node.type) ? NODE_KINDS[node.type].label : node.type;
  return node.data?.label ? `${node.data.label} (${kind})` : kind;
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function edgeName(edge: DiffEdge, names: Map<string, string>): string {
  const from = names.get(edge.source) ?? edge.source;
  const to = names.get(edge.target) ?? edge.target;
  const branch = edge.sourceHandle ? ` (${edge.sourceHandle})` : '';
  return `${from}${branch} → ${to}`;
}

/** Edges are compared by what they join, not by id: a connection redrawn is not a change. */
function edgeKey(edge: DiffEdge): string {
  return `${edge.source}|${edge.sourceHandle ?? ''}|${edge.target}`;
}

export function diffGraphs(
  before: { nodes: DiffNode[]; edges: DiffEdge[] },
  after: { nodes: DiffNode[]; edges: DiffEdge[] },
): GraphDiff {
  const old = new Map(before.nodes.map((node) => [node.id, node]));
  const now = new Map(after.nodes.map((node) => [node.id, node]));
  const names = new Map([...before.nodes, ...after.nodes].map((node) => [node.id, nodeName(node)]));

  const added = after.nodes.filter((node) => !old.has(node.id)).map(nodeName);
  const removed = before.nodes.filter((node) => !now.has(node.id)).map(nodeName);
  const changed: string[] = [];
  for (const node of after.nodes) {
    const was = old.get(node.id);
    if (!was) continue;
    const what: string[] = [];
    if (was.type !== node.type) what.push('kind');
    if (!same(was.data?.config, node.data?.config)) what.push('settings');
    if ((was.data?.label ?? '') !== (node.data?.label ?? '')) what.push('label');
    if (!same(was.position, node.position)) what.push('moved');
    if (what.length > 0) changed.push(`${nodeName(node)}: ${what.join(', ')}`);
  }

  const oldEdges = new Set(before.edges.map(edgeKey));
  const newEdges = new Set(after.edges.map(edgeKey));
  const edgesAdded = after.edges.filter((e) => !oldEdges.has(edgeKey(e))).map((e) => edgeName(e, names));
  const edgesRemoved = before.edges
    .filter((e) => !newEdges.has(edgeKey(e)))
    .map((e) => edgeName(e, names));

  return {
    nodes: { added, removed, changed },
    edges: { added: edgesAdded, removed: edgesRemoved },
    empty:
      added.length + removed.length + changed.length + edgesAdded.length + edgesRemoved.length === 0,
  };
}
