/**
 * Node jobs in batches (issue 17, engine/batch.ts): the nodes of many runs are claimed at once and
 * run in one transaction with the nodes after them that have no external effect; a node that
 * fails there (a database error in its savepoint) fails alone, and the others of its batch
 * commit. A node started inside the transaction that failed leaves no attempt behind.
 */
import { eq } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { workflowNodeLog, workflowRun } from '../../src/server/db/schemaWorkflows';
import {
  startWorkflowEngine,
  type WorkflowEngine,
} from '../../src/server/domains/workflows/engine/engine';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/until';
import { activeWorkflow, completedDocument, edge, fakeTarget, node } from './fixtures/workflows';

let server: TestServer;
let worker: WorkflowEngine | undefined;
const silent = { info: () => undefined, error: () => undefined };

const engine = (workers: number) =>
  startWorkflowEngine({
    databaseUrl: server.config.databaseUrl!,
    db: server.db,
    workers,
    allowPrivateWebhooks: true,
    log: silent,
    maxAttempts: 2,
    retryBaseMs: 0,
    pollingIntervalSeconds: 1,
    sweepIntervalMs: 60_000,
  });

beforeAll(async () => {
  // The server only queues: the runs are started by hand, then one worker takes every job.
  server = await startTestServer({ workflowWorkers: 0 });
  // A document whose name is set to "Poisoned …" cannot be renamed: the database refuses it
  // inside the batch's transaction, in that node's savepoint.
  await server.db.execute(sql`
    create function test_refuse_poisoned() returns trigger language plpgsql as $$
    begin
      if new.name like 'Poisoned%checked' then raise exception 'poisoned document'; end if;
      return new;
    end $$`);
  await server.db.execute(sql`
    create trigger test_refuse_poisoned before update of name on legal_processed_file
    for each row execute function test_refuse_poisoned()`);
}, 120_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
});

describe('batches', () => {
  it('runs many runs in one claim, and one failing node does not fail the others', async () => {
    const target = await fakeTarget();
    try {
      const { company, admin } = await server.signUpCompany({ is_legal: true });
      const wf = await activeWorkflow(
        server,
        admin,
        company.id,
        [
          node('t', 'trigger.document', { event: 'completed' }),
          node('c', 'condition.field', { field: 'applicant', operator: 'contains', value: 'a' }),
          node('set', 'action.set_fields', { name: '{name} checked' }),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [edge('t', 'c'), edge('c', 'set', 'true'), edge('set', 'hook')],
      );
      const documents: string[] = [];
      for (let i = 0; i < 11; i += 1) documents.push(await completedDocument(server, company.id));
      const poisoned = await completedDocument(server, company.id, { name: 'Poisoned letter' });

      // The runs start in one drain; then one worker fetches all their jobs in one batch.
      const starter = await engine(0);
      try {
        expect(await starter.drainEvents()).toBe(12);
      } finally {
        await starter.stop();
      }
      worker = await engine(1);

      const runs = async () =>
        server.db.select().from(workflowRun).where(eq(workflowRun.workflow_id, wf));
      await until(
        async () => {
          const all = await runs();
          return all.length === 12 && all.every((r) => r.ended_at !== null);
        },
        60_000,
        'every run to end',
      );
      const all = await runs();
      const failedRun = all.find((r) => r.legal_processed_file_id === poisoned);
      expect(failedRun?.status).toBe('Failed');
      expect(all.filter((r) => r.status === 'Completed')).toHaveLength(11);

      const logs = await server.db
        .select()
        .from(workflowNodeLog)
        .where(eq(workflowNodeLog.workflow_id, wf));
      const of = (nodeId: string, ok = true) =>
        logs.filter((l) => l.node_id === nodeId && (l.legal_processed_file_id === poisoned) !== ok);
      // One claim: the conditions of all twelve runs started by one statement.
      const conditions = of('c').concat(of('c', false));
      expect(conditions).toHaveLength(12);
      expect(new Set(conditions.map((l) => l.started_at!.getTime())).size).toBe(1);
      expect(conditions.every((l) => l.status === 'Completed' && l.attempts === 1)).toBe(true);
      // The renames of the eleven others ran in that same transaction, once each.
      expect(of('set')).toHaveLength(11);
      expect(new Set(of('set').map((l) => l.started_at!.getTime())).size).toBe(1);
      expect(of('set').every((l) => l.status === 'Completed' && l.attempts === 1)).toBe(true);
      // The poisoned rename: its try in the batch's transaction left no attempt; it then ran on
      // its own twice (maxAttempts 2) and waits Failed for a person, its webhook never queued.
      const [refused] = of('set', false);
      expect(refused).toMatchObject({ status: 'Failed', attempts: 2, round_attempts: 2 });
      // The stored error is the refused statement (drizzle's message; the trigger's is its cause).
      expect(refused!.error).toMatch(/update "legal_processed_file" set "name"/);
      expect(of('hook', false)).toHaveLength(0);

      const names = await server.db
        .select({ id: legalProcessedFile.id, name: legalProcessedFile.name })
        .from(legalProcessedFile)
        .where(eq(legalProcessedFile.company_id, company.id));
      expect(names.find((d) => d.id === poisoned)?.name).toBe('Poisoned letter');
      expect(
        names.filter((d) => documents.includes(d.id)).every((d) => d.name === 'QME Report checked'),
      ).toBe(true);
      // Each other run called the webhook once.
      expect(of('hook').every((l) => l.status === 'Completed')).toBe(true);
      expect(target.calls).toHaveLength(11);
      expect(new Set(target.calls.map((c) => c.key)).size).toBe(11);
    } finally {
      await target.close();
    }
  });
});
