/**
 * REST of workflows (spec section 7 "Workflows"; the calls the spec lists under the data service,
 * create, rename, duplicate, toggle, delete, by id, log details and sync logs, are POSTs beside
 * them). Replies are {data: ...} or {error: {code, message}}; each failure answers its section 8
 * message.
 */
import type { FastifyInstance } from 'fastify';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';

export const WORKFLOW_ROUTES = [
  'POST /workflow/get-workflows',
  'POST /workflow/get-workflow',
  'POST /workflow/create',
  'POST /workflow/rename',
  'POST /workflow/duplicate',
  'POST /workflow/toggle-active',
  'POST /workflow/delete',
  'POST /workflow/update-nodes-and-edges',
  'GET /workflow/get-workflow-update-history',
  'POST /workflow/logs',
  'POST /workflow/log-details',
  'POST /workflow/process-node',
  'POST /workflow/retry-syncing',
  'POST /workflow/sync-log',
  'POST /workflow/sync-logs',
  'POST /workflow/test-run',
] as const;

export const WORKFLOW_READ_ONLY_POSTS = [
  'POST /workflow/get-workflows',
  'POST /workflow/get-workflow',
  'POST /workflow/logs',
  'POST /workflow/log-details',
  'POST /workflow/sync-log',
  'POST /workflow/sync-logs',
  'POST /workflow/test-run',
] as const;

export function registerWorkflowRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const workflows = services.workflows;
  const logs = services.workflowLogs;
  const handle = viewerRoute(services.auth, 'workflow request');
  const post = (
    path: string,
    code: Parameters<typeof handle>[0],
    work: Parameters<typeof handle>[1],
  ) => app.post(path, handle(code, work));

  post('/workflow/get-workflows', 'FETCH_WORKFLOWS_FAILED', (v, r) => workflows.list(v, r.body));
  post('/workflow/get-workflow', 'FETCH_WORKFLOW_BY_ID_FAILED', (v, r) => workflows.get(v, r.body));
  post('/workflow/create', 'CREATE_WORKFLOW_FAILED', (v, r) => workflows.create(v, r.body));
  post('/workflow/rename', 'UPDATE_WORKFLOW_NAME_FAILED', (v, r) => workflows.rename(v, r.body));
  post('/workflow/duplicate', 'DUPLICATE_WORKFLOW_FAILED', (v, r) =>
    workflows.duplicate(v, r.body),
  );
  post('/workflow/toggle-active', 'TOGGLE_WORKFLOW_ACTIVE_FAILED', (v, r) =>
    workflows.toggleActive(v, r.body),
  );
  post('/workflow/delete', 'DELETE_WORKFLOW_FAILED', (v, r) => workflows.remove(v, r.body));
  post('/workflow/update-nodes-and-edges', 'UPDATE_NODES_AND_EDGES_FAILED', (v, r) =>
    workflows.updateNodesAndEdges(v, r.body),
  );
  app.get(
    '/workflow/get-workflow-update-history',
    handle('FETCH_WORKFLOW_HISTORY_FAILED', (v, r) => workflows.history(v, r.query), {
      readOnly: true,
    }),
  );
  post('/workflow/logs', 'FETCH_WORKFLOW_LOGS_FAILED', (v, r) => logs.grouped(v, r.body));
  post('/workflow/log-details', 'FETCH_WORKFLOW_LOG_DETAILS_FAILED', (v, r) =>
    logs.details(v, r.body),
  );
  post('/workflow/process-node', 'RETRY_NODE_FAILED', (v, r) => logs.retryNode(v, r.body));
  post('/workflow/retry-syncing', 'RETRY_SYNCING_FAILED', (v, r) => logs.retrySyncing(v, r.body));
  post('/workflow/sync-log', 'FETCH_SYNC_LOG_FAILED', (v, r) => logs.syncLog(v, r.body));
  post('/workflow/sync-logs', 'FETCH_SYNC_LOG_FAILED', (v, r) => logs.syncLogs(v, r.body));
  post('/workflow/test-run', 'TEST_RUN_WORKFLOW_FAILED', (v, r) =>
    services.workflowTestRun(v, r.body),
  );
}
