/**
 * The live workflow logs (workflowLogsChanged) against real PostgreSQL and the real engine: the
 * triggers of migration 0018 announce each run write (the engine writes its run with every node
 * log), the bus hands it to that
 * company's subscribers only, and each event carries the group as the logs screen shows it. A
 * subscriber watches its document's group turn Completed; another company hears nothing of it and
 * cannot follow a company it cannot see.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowLogGroup, workflowRun } from '../../src/server/db/schemaWorkflows';
import type { WorkflowLogGroup } from '../../src/shared/workflows';
import { subscribe, type LiveFeed } from '../support/live';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { rest } from './fixtures/raw-files';
import { activeWorkflow, completedDocument, edge, node } from './fixtures/workflows';

interface Change {
  workflowLogsChanged: {
    company_id: string;
    reason: 'subscribed' | 'changed';
    group: WorkflowLogGroup | null;
  } | null;
}
const FIELDS = `company_id reason group { key legal_workflow_id workflow_name legal_processed_file_id
  processed_file_name case { id case_number } status started_at ended_at run_ids }`;
const LIVE = `subscription { workflowLogsChanged { ${FIELDS} } }`;
const LIVE_FOR = (id: string) =>
  `subscription { workflowLogsChanged(company_id: "${id}") { ${FIELDS} } }`;

let server: TestServer;
let a: { companyId: string; admin: TestUser };
let b: { companyId: string; admin: TestUser };
const feeds: Array<LiveFeed<Change>> = [];

function follow(user: TestUser, query = LIVE): LiveFeed<Change> {
  const feed = subscribe<Change>(server.url, user.token, query);
  feeds.push(feed);
  return feed;
}

/** The feed's events until one whose group has `status` (the groups seen on the way included). */
async function until(feed: LiveFeed<Change>, key: string, status: string) {
  const seen: WorkflowLogGroup[] = [];
  for (;;) {
    const group = (await feed.next(60_000)).workflowLogsChanged?.group;
    if (!group) continue;
    seen.push(group);
    if (group.key === key && group.status === status) return seen;
  }
}

beforeAll(async () => {
  server = await startTestServer(
    { workflowWorkers: 1 },
    { workflows: { retryBaseMs: 0, maxAttempts: 2, pollingIntervalSeconds: 1 } },
  );
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  a = { companyId: first.company.id, admin: first.admin };
  b = { companyId: second.company.id, admin: second.admin };
}, 120_000);
afterAll(async () => {
  for (const feed of feeds) await feed.dispose();
  await server.close();
});

describe('workflowLogsChanged', () => {
  it("given subscribers of two companies, when A's document runs through A's workflow, then A watches its group turn Completed and B hears nothing", async () => {
    const feedA = follow(a.admin);
    const feedB = follow(b.admin);
    expect((await feedA.next(30_000)).workflowLogsChanged).toMatchObject({
      company_id: a.companyId,
      reason: 'subscribed',
      group: null,
    });
    expect((await feedB.next(30_000)).workflowLogsChanged?.reason).toBe('subscribed');
    const handedToB: string[] = [];
    const offB = server.app.lexdesk.bus.onWorkflowLogsChanged(b.companyId, (event) =>
      handedToB.push(event.company_id),
    );

    const wf = await activeWorkflow(
      server,
      a.admin,
      a.companyId,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('tell', 'action.notify', { roles: ['admin'], message: 'New {name}' }),
      ],
      [edge('t', 'tell')],
    );
    const doc = await completedDocument(server, a.companyId, { name: 'Live letter' });
    const seen = await until(feedA, `${wf}:${doc}`, 'Completed');
    const last = seen.at(-1)!;
    expect(last).toMatchObject({
      legal_workflow_id: wf,
      legal_processed_file_id: doc,
      processed_file_name: 'Live letter',
      status: 'Completed',
      case: null,
    });
    expect(last.ended_at).not.toBeNull();
    expect(last.run_ids).toHaveLength(1);
    // Every event of the way was this group: nothing of another workflow or document.
    expect(new Set(seen.map((g) => g.key))).toEqual(new Set([`${wf}:${doc}`]));

    // B writes a run of its own: the first change B hears is that one, and the bus handed B only it.
    const wfB = await activeWorkflow(
      server,
      b.admin,
      b.companyId,
      [node('t', 'trigger.document', { event: 'reviewed' })],
      [],
    );
    await server.db.insert(workflowRun).values({
      workflow_id: wfB,
      company_id: b.companyId,
      version: 1,
      trigger: 'schedule',
      scheduled_for: new Date(),
    });
    const heardByB = (await feedB.next(30_000)).workflowLogsChanged;
    expect(heardByB).toMatchObject({ company_id: b.companyId, reason: 'changed' });
    expect(heardByB?.group?.legal_workflow_id).toBe(wfB);
    offB();
    expect(handedToB).toEqual([b.companyId]);
  }, 180_000);

  it('given a subscriber, when a run is written step by step, then each write is heard with the group as it is', async () => {
    const wf = await activeWorkflow(
      server,
      a.admin,
      a.companyId,
      [node('t', 'trigger.document', { event: 'reviewed' })],
      [],
    );
    const feed = follow(a.admin);
    expect((await feed.next(30_000)).workflowLogsChanged?.reason).toBe('subscribed');
    const next = async () => (await feed.next(30_000)).workflowLogsChanged?.group;

    const [run] = await server.db
      .insert(workflowRun)
      .values({
        workflow_id: wf,
        company_id: a.companyId,
        version: 1,
        trigger: 'schedule',
        scheduled_for: new Date(),
      })
      .returning({ id: workflowRun.id });
    expect(await next()).toMatchObject({ key: `${wf}:`, status: 'Queued', ended_at: null });

    await server.db
      .update(workflowRun)
      .set({ status: 'In Progress' })
      .where(eq(workflowRun.id, run!.id));
    expect(await next()).toMatchObject({ status: 'In Progress' });

    await server.db
      .update(workflowRun)
      .set({ status: 'Failed', ended_at: new Date() })
      .where(eq(workflowRun.id, run!.id));
    const failed = await next();
    expect(failed).toMatchObject({ key: `${wf}:`, status: 'Failed', run_ids: [run!.id] });
    expect(failed?.ended_at).not.toBeNull();
  });

  it('given groups of several runs, when the logs are read, then each group has the section 4 status and unfinished groups come first, then the newest end', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const wf = await activeWorkflow(
      server,
      admin,
      company.id,
      [node('t', 'trigger.document', { event: 'reviewed' })],
      [],
    );
    const docs = [
      await completedDocument(server, company.id, { name: 'Old' }),
      await completedDocument(server, company.id, { name: 'New' }),
      await completedDocument(server, company.id, { name: 'Open' }),
    ];
    const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 0, minutes));
    const run = (doc: string, trigger: string, status: string, ended: Date | null) =>
      server.db.insert(workflowRun).values({
        workflow_id: wf,
        company_id: company.id,
        version: 1,
        trigger,
        legal_processed_file_id: doc,
        status,
        started_at: at(0),
        ended_at: ended,
      });
    // Old: Completed then Failed (ends 10, 20); New: Completed (ends 30); Open: Completed + Queued.
    await run(docs[0]!, 'document_completed', 'Completed', at(10));
    await run(docs[0]!, 'document_reviewed', 'Failed', at(20));
    await run(docs[1]!, 'document_completed', 'Completed', at(30));
    await run(docs[2]!, 'document_completed', 'Completed', at(40));
    await run(docs[2]!, 'document_reviewed', 'Queued', null);

    const answer = await rest<{
      groupedWorkflowLogs: WorkflowLogGroup[];
      pagination: { total: number };
    }>(server, 'POST', '/workflow/logs', admin.token, { company_id: company.id });
    const groups = answer.body.data!.groupedWorkflowLogs;
    expect(groups.map((g) => [g.processed_file_name, g.status, g.run_ids.length])).toEqual([
      ['Open', 'Completed', 2],
      ['New', 'Completed', 1],
      ['Old', 'Failed', 2],
    ]);
    expect(groups[0]!.ended_at).toBeNull();
    expect(groups[2]!.ended_at).toBe(at(20).toISOString());
    expect(answer.body.data!.pagination.total).toBe(3);

    // The open run ends: its group is finished and, ending last, comes first still.
    await server.db
      .update(workflowRun)
      .set({ status: 'Completed', ended_at: at(50) })
      .where(and(eq(workflowRun.workflow_id, wf), eq(workflowRun.status, 'Queued')));
    const again = await rest<{ groupedWorkflowLogs: WorkflowLogGroup[] }>(
      server,
      'POST',
      '/workflow/logs',
      admin.token,
      { company_id: company.id, status: 'Failed' },
    );
    expect(again.body.data!.groupedWorkflowLogs.map((g) => g.processed_file_name)).toEqual(['Old']);
    const [open] = await server.db
      .select()
      .from(workflowLogGroup)
      .where(eq(workflowLogGroup.legal_processed_file_id, docs[2]!));
    expect(open).toMatchObject({ status: 'Completed', open: false, runs: 2 });
    expect(open!.ended_at).toEqual(at(50));
  });

  it("given a user of B, when they ask to follow A's workflow logs, then they are refused", async () => {
    const feed = follow(b.admin, LIVE_FOR(a.companyId));
    await expect(feed.next(30_000)).rejects.toThrow(/No Company Found/);
  });
});
