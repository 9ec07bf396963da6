/**
 * Auto-layout: a simple layered drawing, left to right. Each node's layer is the longest path to
 * it from a node nothing points at (edges that close a cycle are ignored, so a graph the
 * validator refuses still lays out); inside a layer nodes are ordered by the mean position of
 * their predecessors (two sweeps), then every layer is centred on the same line.
 */
export interface LayoutEdge {
  source: string;
  target: string;
}

export interface Point {
  x: number;
  y: number;
}

export const LAYER_GAP = 300;
export const ROW_GAP = 130;

/** Edges that do not close a cycle, found by a depth-first walk in the given node order. */
function forwardEdges(ids: readonly string[], edges: readonly LayoutEdge[]): LayoutEdge[] {
  const known = new Set(ids);
  const out = new Map<string, LayoutEdge[]>();
  for (const edge of edges) {
    if (!known.has(edge.source) || !known.has(edge.target) || edge.source === edge.target) continue;
    out.set(edge.source, [...(out.get(edge.source) ?? []), edge]);
  }
  const state = new Map<string, 'open' | 'done'>();
  const kept: LayoutEdge[] = [];
  const visit = (id: string) => {
    state.set(id, 'open');
    for (const edge of out.get(id) ?? []) {
      const seen = state.get(edge.target);
      if (seen === 'open') continue; // closes a cycle
      kept.push(edge);
      if (seen === undefined) visit(edge.target);
    }
    state.set(id, 'done');
  };
  const incoming = new Set(edges.map((edge) => edge.target));
  for (const id of ids) if (!incoming.has(id) && !state.has(id)) visit(id);
  for (const id of ids) if (!state.has(id)) visit(id);
  return kept;
}

function layers(ids: readonly string[], edges: readonly LayoutEdge[]): Map<string, number> {
  const rank = new Map<string, number>(ids.map((id) => [id, 0]));
  const indegree = new Map<string, number>(ids.map((id) => [id, 0]));
  for (const edge of edges) indegree.set(edge.target, (indegree.get(edge.target) ?? 0) + 1);
  const queue = ids.filter((id) => indegree.get(id) === 0);
  while (queue.length > 0) {
    const id = queue.shift() as string;
    for (const edge of edges) {
      if (edge.source !== id) continue;
      rank.set(edge.target, Math.max(rank.get(edge.target) ?? 0, (rank.get(id) ?? 0) + 1));
      const left = (indegree.get(edge.target) ?? 0) - 1;
      indegree.set(edge.target, left);
      if (left === 0) queue.push(edge.target);
    }
  }
  return rank;
}

/** Positions for every node id, in the order of `ids` where nothing else decides. */
export function layeredLayout(
  ids: readonly string[],
  edges: readonly LayoutEdge[],
): Map<string, Point> {
  const kept = forwardEdges(ids, edges);
  const rank = layers(ids, kept);
  const depth = Math.max(0, ...rank.values());
  const byLayer: string[][] = Array.from({ length: depth + 1 }, () => []);
  for (const id of ids) byLayer[rank.get(id) ?? 0]?.push(id);

  const order = new Map<string, number>();
  const place = (layer: string[]) => layer.forEach((id, index) => order.set(id, index));
  byLayer.forEach(place);
  for (let sweep = 0; sweep < 2; sweep += 1) {
    for (const layer of byLayer.slice(1)) {
      const weight = (id: string) => {
        const from = kept.filter((edge) => edge.target === id).map((e) => order.get(e.source) ?? 0);
        return from.length === 0
          ? (order.get(id) ?? 0)
          : from.reduce((a, b) => a + b) / from.length;
      };
      const weights = new Map(layer.map((id) => [id, weight(id)]));
      layer.sort((a, b) => (weights.get(a) ?? 0) - (weights.get(b) ?? 0));
      place(layer);
    }
  }

  const positions = new Map<string, Point>();
  byLayer.forEach((layer, column) => {
    const top = -((layer.length - 1) * ROW_GAP) / 2;
    layer.forEach((id, row) =>
      positions.set(id, { x: column * LAYER_GAP, y: top + row * ROW_GAP }),
    );
  });
  return positions;
}
