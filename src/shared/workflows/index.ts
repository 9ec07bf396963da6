/**
 * The workflow graph contract shared by the editor and the engine: node kinds and their config
 * schemas (nodes.ts), xyflow-compatible node/edge shapes (graph.ts), save-time validation
 * (validate.ts) and the run/log vocabulary (runs.ts).
 */
export * from './nodes';
export * from './graph';
export * from './validate';
export * from './runs';
