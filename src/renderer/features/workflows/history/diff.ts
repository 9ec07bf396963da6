/**
 * The history screen's words for one entry's diff. The server keeps, per save, the node ids added,
 * removed, changed (kind or settings) and moved, and the edges added and removed as
 * `source>target:handle`; this names each step by its label or kind, read from the workflow's
 * current graph, and falls back to the id for a step that is gone.
 */
import { isNodeKind, NODE_KINDS } from '../../../../shared/workflows';

export interface ServerDiff {
  nodes: { added: string[]; removed: string[]; changed: string[]; moved: string[] };
  edges: { added: string[]; removed: string[] };
}

export interface NamedNode {
  id: string;
  type: string;
  data?: { label?: string | undefined };
}

export interface DiffLines {
  added: string[];
  removed: string[];
  changed: string[];
  moved: string[];
  edgesAdded: string[];
  edgesRemoved: string[];
  empty: boolean;
}

export function nodeName(node: NamedNode): string {
  const kind = isNodeKind(node.type) ? NODE_KINDS[node.type].label : node.type;
  return node.data?.label ? `${node.data.label} (${kind})` : kind;
}

export function describeDiff(diff: ServerDiff, nodes: readonly NamedNode[]): DiffLines {
  const names = new Map(nodes.map((node) => [node.id, nodeName(node)]));
  const name = (id: string) => names.get(id) ?? id;
  const edge = (key: string) => {
    const match = /^(.*)>(.*):(.*)$/.exec(key);
    if (!match) return key;
    const [, source = '', target = '', handle = ''] = match;
    return `${name(source)}${handle ? ` (${handle})` : ''} → ${name(target)}`;
  };
  const lines = {
    added: diff.nodes.added.map(name),
    removed: diff.nodes.removed.map(name),
    changed: diff.nodes.changed.map(name),
    moved: diff.nodes.moved.map(name),
    edgesAdded: diff.edges.added.map(edge),
    edgesRemoved: diff.edges.removed.map(edge),
  };
  return { ...lines, empty: Object.values(lines).every((list) => list.length === 0) };
}
