/**
 * Where each validation problem shows: on its node (outlined, with the message under it), on its
 * edge (drawn red, with the message as its label), beside its field in the side panel, or above the
 * canvas for problems of the whole graph (no trigger). The same mapping serves the editor's own
 * check before saving and the problems the server answers a refused save with.
 */
import type { GraphProblem } from '../../../../shared/workflows';

export interface ProblemMap {
  byNode: ReadonlyMap<string, string[]>;
  byEdge: ReadonlyMap<string, string[]>;
  /** `${nodeId}:${field}` -> the first message about that field. */
  byField: ReadonlyMap<string, string>;
  graph: string[];
  count: number;
}

function push(map: Map<string, string[]>, key: string, message: string) {
  const list = map.get(key) ?? [];
  if (!list.includes(message)) list.push(message);
  map.set(key, list);
}

export function mapProblems(problems: readonly GraphProblem[]): ProblemMap {
  const byNode = new Map<string, string[]>();
  const byEdge = new Map<string, string[]>();
  const byField = new Map<string, string>();
  const graph: string[] = [];
  for (const problem of problems) {
    if (problem.edgeId) push(byEdge, problem.edgeId, problem.message);
    if (problem.nodeId && !problem.edgeId) push(byNode, problem.nodeId, problem.message);
    if (problem.nodeId && problem.field) {
      const key = `${problem.nodeId}:${problem.field}`;
      if (!byField.has(key)) byField.set(key, problem.message);
    }
    if (!problem.nodeId && !problem.edgeId && !graph.includes(problem.message)) {
      graph.push(problem.message);
    }
  }
  return { byNode, byEdge, byField, graph, count: problems.length };
}

export const NO_PROBLEMS: ProblemMap = mapProblems([]);

/** The message for one field of one node, for the side panel. */
export function fieldProblem(map: ProblemMap, nodeId: string, field: string): string | undefined {
  return map.byField.get(`${nodeId}:${field}`);
}
