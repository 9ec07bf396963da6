/**
 * Runs scale out (issue 17): two engines on one database, each with its own job loops (two
 * `npm run worker` processes), race on the same runs; every node executes once and the webhook
 * receiver sees each effect once.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowNodeLog, workflowRun } from '../../src/server/db/schemaWorkflows';
import {
  startWorkflowEngine,
  type WorkflowEngine,
} from '../../src/server/domains/workflows/engine/engine';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { activeWorkflow, completedDocument, edge, fakeTarget, node } from './fixtures/workflows';

let server: TestServer;
const engines: WorkflowEngine[] = [];
const silent = { info: () => undefined, error: () => undefined };

beforeAll(async () => {
  // The server only queues; the two workers below do all the work.
  server = await startTestServer({ workflowWorkers: 0 });
  for (let i = 0; i < 2; i += 1)
    engines.push(
      await startWorkflowEngine({
        databaseUrl: server.config.databaseUrl!,
        db: server.db,
        workers: 3,
        allowPrivateWebhooks: true,
        log: silent,
        retryBaseMs: 0,
        pollingIntervalSeconds: 1,
        sweepIntervalMs: 500,
      }),
    );
}, 120_000);

afterAll(async () => {
  for (const engine of engines) await engine.stop();
  await server?.close();
});

describe('two workers', () => {
  it('race on the same runs and do every node once', async () => {
    const target = await fakeTarget();
    try {
      const { company, admin } = await server.signUpCompany({ is_legal: true });
      const wf = await activeWorkflow(
        server,
        admin,
        company.id,
        [
          node('t', 'trigger.document', { event: 'completed' }),
          node('f', 'condition.field', { field: 'applicant', operator: 'contains', value: 'a' }),
          node('tell', 'action.notify', { roles: ['admin'], message: 'Got {name}' }),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
          node('hook2', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [
          edge('t', 'f'),
          edge('f', 'tell', 'true'),
          edge('tell', 'hook'),
          edge('f', 'hook2', 'true'),
        ],
      );
      const documents = 12;
      for (let i = 0; i < documents; i += 1) await completedDocument(server, company.id);
      // Both engines are told about every event and every queued node (sweeps included).
      await Promise.all(engines.map((e) => e.drainEvents()));
      await until(
        async () => {
          const runs = await server.db
            .select({ status: workflowRun.status })
            .from(workflowRun)
            .where(eq(workflowRun.workflow_id, wf));
          return runs.length === documents && runs.every((r) => r.status === 'Completed');
        },
        120_000,
        'every run to complete',
      );
      await Promise.all(engines.map((e) => e.sweep()));
      const logs = await server.db
        .select()
        .from(workflowNodeLog)
        .where(eq(workflowNodeLog.workflow_id, wf));
      expect(logs).toHaveLength(documents * 5);
      expect(logs.every((l) => l.status === 'Completed' && l.attempts === 1)).toBe(true);
      expect(target.calls).toHaveLength(documents * 2);
      expect(new Set(target.calls.map((c) => c.key)).size).toBe(documents * 2);
    } finally {
      await target.close();
    }
  });
});
