/**
 * The workflow calls of spec section 7 over REST, each answer checked with zod and each failure
 * carrying the catalogue message of its operation (section 8):
 * POST /workflow/get-workflows, POST /workflow/get-workflow, POST /workflow/update-nodes-and-edges,
 * GET /workflow/get-workflow-update-history, POST /workflow/logs, POST /workflow/log-details,
 * POST /workflow/sync-logs, POST /workflow/process-node, POST /workflow/retry-syncing,
 * POST /workflow/test-run.
 * Answers are {data: ...}; failures {error: {code, message, issues?}} (rest.ts).
 */
import { z } from 'zod';
import { ERRORS, PRODUCT_ERRORS } from '../../../shared/errors';
import {
  LOG_STATUSES,
  workflowEdgeSchema,
  workflowNodeSchema,
  type WorkflowEdge,
  type WorkflowNode,
} from '../../../shared/workflows';
import { call, type Connection } from './rest';

export type { Connection } from './rest';

const status = z.enum(LOG_STATUSES);

export const WorkflowAnswer = z.object({
  id: z.string(),
  name: z.string(),
  company_id: z.string(),
  is_active: z.boolean(),
  is_deleted: z.boolean(),
  version: z.number().optional(),
  nodes: z.array(workflowNodeSchema),
  edges: z.array(workflowEdgeSchema),
  created_at: z.string().optional(),
  updated_at: z.string(),
});
export type Workflow = z.infer<typeof WorkflowAnswer>;

export const PaginationAnswer = z.object({
  page: z.number(),
  limit: z.number(),
  total: z.number(),
  totalPages: z.number(),
});
export type Pagination = z.infer<typeof PaginationAnswer>;

export function fetchWorkflows(connection: Connection, companyId: string): Promise<Workflow[]> {
  return call(
    connection,
    '/workflow/get-workflows',
    { method: 'POST', body: { company_id: companyId, is_deleted: false } },
    z.object({ data: z.array(WorkflowAnswer) }).transform((answer) => answer.data),
    ERRORS.FETCH_WORKFLOWS_FAILED,
  );
}

export function fetchWorkflow(connection: Connection, id: string): Promise<Workflow> {
  return call(
    connection,
    '/workflow/get-workflow',
    { method: 'POST', body: { id } },
    z.object({ data: WorkflowAnswer }).transform((answer) => answer.data),
    ERRORS.FETCH_WORKFLOW_BY_ID_FAILED,
  );
}

export function saveNodesAndEdges(
  connection: Connection,
  body: { workflowId: string; userId: string; newNodes: WorkflowNode[]; newEdges: WorkflowEdge[] },
): Promise<Workflow> {
  return call(
    connection,
    '/workflow/update-nodes-and-edges',
    { method: 'POST', body },
    z.object({ data: WorkflowAnswer }).transform((answer) => answer.data),
    ERRORS.UPDATE_NODES_AND_EDGES_FAILED,
  );
}

const diffIds = z.array(z.string());
export const HistoryEntryAnswer = z.object({
  id: z.string(),
  workflow_id: z.string(),
  workflow_name: z.string(),
  action: z.string(),
  version: z.number(),
  diff: z
    .object({
      nodes: z.object({
        added: diffIds.default([]),
        removed: diffIds.default([]),
        changed: diffIds.default([]),
        moved: diffIds.default([]),
      }),
      edges: z.object({ added: diffIds.default([]), removed: diffIds.default([]) }),
    })
    .nullable()
    .catch(null),
  created_at: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntryAnswer>;

export function fetchUpdateHistory(
  connection: Connection,
  query: { companyId: string; page: number; limit: number },
): Promise<{ items: HistoryEntry[]; pagination: Pagination }> {
  const params = new URLSearchParams({
    companyId: query.companyId,
    page: String(query.page),
    limit: String(query.limit),
  });
  return call(
    connection,
    `/workflow/get-workflow-update-history?${params.toString()}`,
    { method: 'GET' },
    z
      .object({
        data: z.object({ history: z.array(HistoryEntryAnswer), pagination: PaginationAnswer }),
      })
      .transform(({ data }) => ({ items: data.history, pagination: data.pagination })),
    ERRORS.FETCH_WORKFLOW_HISTORY_FAILED,
  );
}

export const LogGroupAnswer = z.object({
  key: z.string(),
  legal_workflow_id: z.string(),
  workflow_name: z.string(),
  legal_processed_file_id: z.string().nullable(),
  processed_file_name: z.string().nullable(),
  case: z.object({ id: z.string(), case_number: z.string().nullable() }).nullable(),
  status: z.union([status, z.literal('')]),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
  run_ids: z.array(z.string()),
});
export type LogGroup = z.infer<typeof LogGroupAnswer>;

export function fetchLogs(
  connection: Connection,
  body: { company_id: string; page: number; limit: number; workflow_id?: string },
): Promise<{ groups: LogGroup[]; pagination: Pagination }> {
  return call(
    connection,
    '/workflow/logs',
    { method: 'POST', body },
    z
      .object({
        data: z.object({
          groupedWorkflowLogs: z.array(LogGroupAnswer),
          pagination: PaginationAnswer,
        }),
      })
      .transform(({ data }) => ({ groups: data.groupedWorkflowLogs, pagination: data.pagination })),
    ERRORS.FETCH_WORKFLOW_LOGS_FAILED,
  );
}

const NodeLogAnswer = z.object({
  id: z.string(),
  run_id: z.string(),
  node_id: z.string(),
  node_type: z.string(),
  status,
  input: z.unknown(),
  output: z.unknown(),
  error: z.string().nullable(),
  attempts: z.number(),
  queued_at: z.string(),
  started_at: z.string().nullable(),
  ended_at: z.string().nullable(),
});

export const RunDetailAnswer = z.object({
  id: z.string(),
  workflow_id: z.string(),
  workflow_version: z.number(),
  legal_processed_file_id: z.string().nullable(),
  status,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  nodes: z.array(NodeLogAnswer),
});
export type RunDetail = z.infer<typeof RunDetailAnswer>;

/**
 * Log detail (spec: "log details by workflow_id"): the runs of one workflow, for one processed
 * file when given, newest first, each with every node's execution.
 */
export function fetchRunDetails(
  connection: Connection,
  query: { workflowId: string; processedFileId: string | null },
): Promise<RunDetail[]> {
  return call(
    connection,
    '/workflow/log-details',
    {
      method: 'POST',
      body: {
        workflow_id: query.workflowId,
        ...(query.processedFileId ? { legal_processed_file_id: query.processedFileId } : {}),
      },
    },
    z.object({ data: z.array(RunDetailAnswer) }).transform((answer) => answer.data),
    ERRORS.FETCH_WORKFLOW_LOG_DETAILS_FAILED,
  );
}

export const SyncLogAnswer = z.object({
  id: z.string(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  status,
  attempt: z.number(),
  company_id: z.string(),
  data: z.unknown(),
  legal_processed_file_id: z.string(),
});
export type SyncLog = z.infer<typeof SyncLogAnswer>;

/** The document sync logs of one processed file (id, started_at, ended_at, status, attempt, data). */
export function fetchSyncLogs(connection: Connection, processedFileId: string): Promise<SyncLog[]> {
  return call(
    connection,
    '/workflow/sync-logs',
    { method: 'POST', body: { legal_processed_file_id: processedFileId } },
    z.object({ data: z.array(SyncLogAnswer) }).transform((answer) => answer.data),
    ERRORS.FETCH_SYNC_LOG_FAILED,
  );
}

export function retryNode(connection: Connection, id: string): Promise<unknown> {
  return call(
    connection,
    '/workflow/process-node',
    { method: 'POST', body: { id } },
    z.unknown(),
    ERRORS.RETRY_NODE_FAILED,
  );
}

export function retrySyncing(connection: Connection, id: string): Promise<unknown> {
  return call(
    connection,
    '/workflow/retry-syncing',
    { method: 'POST', body: { id } },
    z.unknown(),
    ERRORS.RETRY_SYNCING_FAILED,
  );
}

export const TestStepAnswer = z.object({
  node_id: z.string(),
  node_type: z.string(),
  outcome: z.enum(['would run', 'would wait', 'would fail', 'passed', 'not started']),
  branch: z.enum(['true', 'false']).optional(),
  detail: z.record(z.string(), z.unknown()),
});
export type TestStep = z.infer<typeof TestStepAnswer>;

/**
 * A test run of the saved graph on one document (POST /workflow/test-run): what each step would
 * do, with no effect at all.
 */
export function testRun(
  connection: Connection,
  body: { id: string; legal_processed_file_id: string },
): Promise<{ version: number; steps: TestStep[] }> {
  return call(
    connection,
    '/workflow/test-run',
    { method: 'POST', body },
    z
      .object({ data: z.object({ version: z.number(), steps: z.array(TestStepAnswer) }) })
      .transform(({ data }) => data),
    PRODUCT_ERRORS.TEST_RUN_WORKFLOW_FAILED,
  );
}
