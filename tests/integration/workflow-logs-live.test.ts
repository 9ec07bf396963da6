/**
 * The live workflow logs (workflowLogsChanged) against real PostgreSQL and the real engine: the
 * triggers of migration 0018 announce each run write (the engine writes its run with every node
 * log), the bus hands it to that
 * company's subscribers only, and each event carries the group as the logs screen shows it. A
 * subscriber watches its document's group turn Completed; another company hears nothing of it and
 * cannot follow a company it cannot see.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowRun } from '../../src/server/db/schemaWorkflows';
import type { WorkflowLogGroup } from '../../src/shared/workflows';
import { subscribe, type LiveFeed } from '../support/live';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
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

  it("given a user of B, when they ask to follow A's workflow logs, then they are refused", async () => {
    const feed = follow(b.admin, LIVE_FOR(a.companyId));
    await expect(feed.next(30_000)).rejects.toThrow(/No Company Found/);
  });
});
