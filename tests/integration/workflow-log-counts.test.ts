/**
 * The logs screen's pager total against real PostgreSQL: without a status filter it sums the log
 * group counts kept by the deferred trigger of migration 0026, and it must equal count(*) of the
 * groups after concurrent transactions insert and update runs, create the same group at once,
 * and roll back a new group.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRun } from '../../src/server/db/schemaWorkflows';
import type { Pagination } from '../../src/shared/workflows';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { rest } from './fixtures/raw-files';
import { activeWorkflow, completedDocument, node } from './fixtures/workflows';

let server: TestServer;
let a: { companyId: string; admin: TestUser };
let b: { companyId: string; admin: TestUser };

beforeAll(async () => {
  server = await startTestServer();
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  a = { companyId: first.company.id, admin: first.admin };
  b = { companyId: second.company.id, admin: second.admin };
}, 120_000);
afterAll(async () => {
  await server.close();
});

// Reviewed-triggered workflows: no document here is marked reviewed, so every run is this test's.
const workflowOf = (side: { companyId: string; admin: TestUser }) =>
  activeWorkflow(
    server,
    side.admin,
    side.companyId,
    [node('t', 'trigger.document', { event: 'reviewed' })],
    [],
  );

/** One transaction: a run of the group, then (a second statement) its end. */
async function runOnce(
  companyId: string,
  workflowId: string,
  subject:
    | { legal_processed_file_id: string; trigger: 'document_completed' | 'document_reviewed' }
    | { scheduled_for: Date },
  rollback = false,
) {
  await server.db
    .transaction(async (tx) => {
      const [run] = await tx
        .insert(workflowRun)
        .values({
          workflow_id: workflowId,
          company_id: companyId,
          version: 1,
          status: 'In Progress',
          ...('scheduled_for' in subject ? { trigger: 'schedule' as const, ...subject } : subject),
        })
        .returning({ id: workflowRun.id });
      await tx.execute(
        sql`update workflow_run set status = 'Completed', ended_at = now() where id = ${run!.id}`,
      );
      if (rollback) tx.rollback();
    })
    .catch((error: unknown) => {
      if (!rollback) throw error;
    });
}

async function total(token: string, body: Record<string, unknown>): Promise<number> {
  const r = await rest<{ pagination: Pagination }>(server, 'POST', '/workflow/logs', token, {
    limit: 10,
    ...body,
  });
  expect(r.status).toBe(200);
  return r.body.data!.pagination.total;
}

async function counted(where: ReturnType<typeof sql>): Promise<number> {
  const r = await server.db.execute<{ n: number }>(
    sql`select count(*)::int as n from workflow_log_group where ${where}`,
  );
  return r.rows[0]!.n;
}

describe('workflow log group counts', () => {
  it('given concurrent runs creating and updating groups (the same group twice at once, one rolled back), when the logs are read, then every total equals count(*) of the groups', async () => {
    const [wf1, wf2, wfB] = [await workflowOf(a), await workflowOf(a), await workflowOf(b)];
    const docsA = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        completedDocument(server, a.companyId, { name: `A${i}` }),
      ),
    );
    const docsB = await Promise.all(
      Array.from({ length: 3 }, (_, i) =>
        completedDocument(server, b.companyId, { name: `B${i}` }),
      ),
    );
    const jobs: Array<() => Promise<void>> = [];
    for (const wf of [wf1, wf2])
      for (const doc of docsA)
        // Two transactions create the same group (two triggers of one document) at once.
        for (const trigger of ['document_completed', 'document_reviewed'] as const)
          jobs.push(() => runOnce(a.companyId, wf, { legal_processed_file_id: doc, trigger }));
    for (const doc of docsB)
      jobs.push(() =>
        runOnce(b.companyId, wfB, { legal_processed_file_id: doc, trigger: 'document_completed' }),
      );
    // Schedule runs share one group per workflow (no document).
    for (let i = 0; i < 3; i += 1)
      jobs.push(() =>
        runOnce(a.companyId, wf1, { scheduled_for: new Date(Date.UTC(2026, 0, 1, i)) }),
      );
    // A new group whose transaction rolls back is not counted.
    const lost = await completedDocument(server, a.companyId, { name: 'rolled back' });
    jobs.push(() =>
      runOnce(
        a.companyId,
        wf2,
        { legal_processed_file_id: lost, trigger: 'document_completed' },
        true,
      ),
    );
    // Shuffled, eight at a time (the pool's connections), so transactions overlap.
    jobs.sort(() => Math.random() - 0.5);
    for (let i = 0; i < jobs.length; i += 8)
      await Promise.all(jobs.slice(i, i + 8).map((j) => j()));

    const A = sql`company_id = ${a.companyId}`;
    // 2 workflows x 8 documents + the schedule group of wf1.
    expect(await counted(A)).toBe(17);
    expect(await total(a.admin.token, { company_id: a.companyId })).toBe(17);
    expect(await total(a.admin.token, { company_id: a.companyId, workflow_id: wf1 })).toBe(
      await counted(sql`${A} and workflow_id = ${wf1}`),
    );
    expect(await total(a.admin.token, { company_id: a.companyId, workflow_id: wf2 })).toBe(8);
    expect(await total(b.admin.token, { company_id: b.companyId })).toBe(3);
    // The status filter counts the groups themselves.
    expect(await total(a.admin.token, { company_id: a.companyId, status: 'Completed' })).toBe(
      await counted(sql`${A} and status = 'Completed'`),
    );
    // Another company's workflow: nothing of it.
    expect(await total(a.admin.token, { company_id: a.companyId, workflow_id: wfB })).toBe(0);

    // Later runs of an existing group and updates of every run add no group.
    await Promise.all(
      [3, 4, 5].map((h) =>
        runOnce(a.companyId, wf1, { scheduled_for: new Date(Date.UTC(2026, 0, 1, h)) }),
      ),
    );
    await server.db.execute(
      sql`update workflow_run set status = 'Failed' where company_id = ${a.companyId}`,
    );
    expect(await total(a.admin.token, { company_id: a.companyId })).toBe(await counted(A));
    expect(await total(a.admin.token, { company_id: a.companyId, status: 'Failed' })).toBe(17);

    // A new group after the batch is counted.
    const late = await completedDocument(server, a.companyId, { name: 'late' });
    await runOnce(a.companyId, wf2, {
      legal_processed_file_id: late,
      trigger: 'document_completed',
    });
    expect(await total(a.admin.token, { company_id: a.companyId })).toBe(18);

    // The kept counts are exactly the groups of every company and workflow.
    const kept = await server.db.execute<{ k: string; n: number }>(sql`
      select company_id || ':' || workflow_id as k, groups as n from workflow_log_group_count
      where company_id in (${a.companyId}, ${b.companyId}) order by 1`);
    const real = await server.db.execute<{ k: string; n: number }>(sql`
      select company_id || ':' || workflow_id as k, count(*)::int as n from workflow_log_group
      where company_id in (${a.companyId}, ${b.companyId}) group by 1 order by 1`);
    expect(kept.rows).toEqual(real.rows);
    expect(await counted(sql`legal_processed_file_id = ${lost}`)).toBe(0);
  }, 180_000);
});
