/** Ids for new steps and connections: short, unique within a graph, and readable in logs. */
import type { NodeKind } from '../../../../shared/workflows';

function random(): string {
  return crypto.randomUUID().slice(0, 8);
}

export function newNodeId(kind: NodeKind): string {
  return `${kind.split('.')[1] ?? 'step'}-${random()}`;
}

export function newEdgeId(): string {
  return `edge-${random()}`;
}
