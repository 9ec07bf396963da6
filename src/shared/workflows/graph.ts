/**
 * A workflow's nodes and edges as saved (POST /workflow/update-nodes-and-edges) and as the editor
 * holds them: the shapes are @xyflow/react's (`Node`: id, type, position, data; `Edge`: id, source,
 * target, sourceHandle, targetHandle), so the canvas uses them as they are. A node's settings are
 * `data.config`, parsed by its kind's schema (nodes.ts) when validated.
 */
import { z } from 'zod';

export const workflowNodeSchema = z.object({
  id: z.string().min(1).max(100),
  type: z.string().min(1).max(100),
  position: z.object({ x: z.number().finite(), y: z.number().finite() }),
  data: z
    .object({
      /** The kind's configuration (nodes.ts); checked by validateGraph, not here. */
      config: z.record(z.string(), z.unknown()).default({}),
      /** Optional title shown on the canvas. */
      label: z.string().max(200).optional(),
    })
    .default({ config: {} }),
});

export const workflowEdgeSchema = z.object({
  id: z.string().min(1).max(200),
  source: z.string().min(1),
  target: z.string().min(1),
  /** 'true' / 'false' from a condition; null or absent for every other node. */
  sourceHandle: z.string().nullish(),
  targetHandle: z.string().nullish(),
});

export type WorkflowNode = z.infer<typeof workflowNodeSchema>;
export type WorkflowEdge = z.infer<typeof workflowEdgeSchema>;

/** Limits that keep one graph a reasonable size to store, diff and run. */
export const GRAPH_LIMITS = { nodes: 200, edges: 400 } as const;

export const workflowGraphSchema = z.object({
  nodes: z.array(workflowNodeSchema).max(GRAPH_LIMITS.nodes),
  edges: z.array(workflowEdgeSchema).max(GRAPH_LIMITS.edges),
});
export type WorkflowGraph = z.infer<typeof workflowGraphSchema>;

/** The body of POST /workflow/update-nodes-and-edges. */
export const updateNodesAndEdgesBody = z.object({
  workflowId: z.uuid(),
  userId: z.uuid(),
  newNodes: z.array(workflowNodeSchema).max(GRAPH_LIMITS.nodes),
  newEdges: z.array(workflowEdgeSchema).max(GRAPH_LIMITS.edges),
});
export type UpdateNodesAndEdgesBody = z.infer<typeof updateNodesAndEdgesBody>;
