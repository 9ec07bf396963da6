/**
 * Tenant isolation of workflows: company A has a workflow with a run, a failed node and a failed
 * sync log of one of its documents; B's admin and B's provider manager get nothing of them, cannot
 * change, retry or copy them, and A's ids answer exactly like missing ones.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { rawFile } from '../../../src/server/db/schema';
import { legalProcessedFile } from '../../../src/server/db/schemaPipeline';
import {
  documentSyncLog,
  workflow,
  workflowNodeLog,
  workflowRun,
} from '../../../src/server/db/schemaWorkflows';
import { subscribe } from '../../support/live';
import { rest } from '../fixtures/raw-files';
import { MISSING, type IsolationContext, type IsolationModule } from './context';

let workflowOfA = '';
let nodeLogOfA = '';
let syncLogOfA = '';
let documentOfA = '';

export const setup: IsolationModule['setup'] = async (ctx) => {
  const created = await rest<{ id: string }>(
    ctx.server,
    'POST',
    '/workflow/create',
    ctx.adminA.token,
    {
      name: 'Secret intake',
      company_id: ctx.companyA,
    },
  );
  workflowOfA = created.body.data!.id;
  const [raw] = await ctx.server.db
    .insert(rawFile)
    .values({
      name: 'wf.pdf',
      size: 1,
      status: 'Processed',
      company_id: ctx.companyA,
      idempotency_key: randomUUID(),
    })
    .returning({ id: rawFile.id });
  const [doc] = await ctx.server.db
    .insert(legalProcessedFile)
    .values({
      name: 'workflow secret',
      legal_raw_file_id: raw!.id,
      company_id: ctx.companyA,
      start_page_no: 1,
      end_page_no: 1,
      action_status: 'processing',
    })
    .returning({ id: legalProcessedFile.id });
  documentOfA = doc!.id;
  const [run] = await ctx.server.db
    .insert(workflowRun)
    .values({
      workflow_id: workflowOfA,
      company_id: ctx.companyA,
      version: 1,
      trigger: 'document_completed',
      legal_processed_file_id: documentOfA,
      status: 'Failed',
      ended_at: new Date(),
    })
    .returning({ id: workflowRun.id });
  const [log] = await ctx.server.db
    .insert(workflowNodeLog)
    .values({
      run_id: run!.id,
      workflow_id: workflowOfA,
      company_id: ctx.companyA,
      legal_processed_file_id: documentOfA,
      node_id: 'sync',
      node_type: 'action.sync_case',
      status: 'Failed',
      error: 'secret error',
      attempts: 1,
    })
    .returning({ id: workflowNodeLog.id });
  nodeLogOfA = log!.id;
  const [sync] = await ctx.server.db
    .insert(documentSyncLog)
    .values({
      company_id: ctx.companyA,
      legal_processed_file_id: documentOfA,
      node_log_id: nodeLogOfA,
      connector: 'local',
      status: 'Failed',
    })
    .returning({ id: documentSyncLog.id });
  syncLogOfA = sync!.id;
};

async function unchanged(ctx: IsolationContext) {
  const [row] = await ctx.server.db.select().from(workflow).where(eq(workflow.id, workflowOfA));
  expect(row).toMatchObject({
    name: 'Secret intake',
    is_active: false,
    is_deleted: false,
    version: 1,
  });
  const [log] = await ctx.server.db
    .select()
    .from(workflowNodeLog)
    .where(eq(workflowNodeLog.id, nodeLogOfA));
  expect(log).toMatchObject({ status: 'Failed', attempts: 1 });
}

/** B's admin and B's manager: A's id answers like a missing one, and nothing of A changes. */
async function bothSameAsMissing(
  ctx: IsolationContext,
  path: string,
  body: (id: string) => unknown,
  idOfA: string,
) {
  const first = await ctx.restSameAsMissing('POST', () => path, body, idOfA);
  await ctx.restSameAsMissing('POST', () => path, body, idOfA, ctx.managerOfB.token);
  await unchanged(ctx);
  return first;
}

const same = async (...args: Parameters<typeof bothSameAsMissing>): Promise<void> => {
  await bothSameAsMissing(...args);
};

async function listsNothingOfA(
  ctx: IsolationContext,
  path: string,
  body: (companyId: string) => unknown,
) {
  const r = await bothSameAsMissing(ctx, path, body, ctx.companyA);
  expect(JSON.stringify(r)).not.toContain(workflowOfA);
  expect(JSON.stringify(r)).not.toContain('secret');
}

interface LogsChange {
  workflowLogsChanged: {
    company_id: string;
    reason: string;
    group: { legal_workflow_id: string; workflow_name: string } | null;
  } | null;
}
const FOLLOW_LOGS = (id: string) =>
  `subscription { workflowLogsChanged(company_id: "${id}") { company_id reason group { legal_workflow_id workflow_name } } }`;

/** What following `companyId`'s workflow logs answers first: the first event, or the refusal. */
async function firstLogsAnswer(url: string, token: string, companyId: string): Promise<string> {
  const feed = subscribe<LogsChange>(url, token, FOLLOW_LOGS(companyId));
  try {
    return await feed.next(30_000).then(
      (value) => JSON.stringify(value),
      (error: Error) => error.message,
    );
  } finally {
    await feed.dispose();
  }
}

/** B cannot follow A's workflow logs (A's id answers like a missing company), and B's own feed
 * hears nothing of A's runs: a write to A's run, then one to B's, and B hears B's only. */
async function liveLogsOfAUnheard(ctx: IsolationContext) {
  const { server, userB, managerOfB, companyA, companyB } = ctx;
  for (const user of [userB, managerOfB]) {
    const aboutA = await firstLogsAnswer(server.url, user.token, companyA);
    expect(aboutA).toEqual(await firstLogsAnswer(server.url, user.token, MISSING));
    expect(aboutA).toMatch(/No Company Found/);
  }
  const [ownWorkflow] = await server.db
    .insert(workflow)
    .values({ company_id: companyB, name: 'B own', is_deleted: true })
    .returning({ id: workflow.id });
  const feed = subscribe<LogsChange>(server.url, userB.token, FOLLOW_LOGS(companyB));
  const handedToB: string[] = [];
  const off = server.app.lexdesk.bus.onWorkflowLogsChanged(companyB, (event) =>
    handedToB.push(event.company_id),
  );
  try {
    expect((await feed.next(30_000)).workflowLogsChanged?.reason).toBe('subscribed');
    await server.db
      .update(workflowRun)
      .set({ status: 'Failed' })
      .where(eq(workflowRun.workflow_id, workflowOfA));
    await server.db.insert(workflowRun).values({
      workflow_id: ownWorkflow!.id,
      company_id: companyB,
      version: 1,
      trigger: 'schedule',
      scheduled_for: new Date(),
    });
    expect((await feed.next(30_000)).workflowLogsChanged).toEqual({
      company_id: companyB,
      reason: 'changed',
      group: { legal_workflow_id: ownWorkflow!.id, workflow_name: 'B own' },
    });
    expect(handedToB).toEqual([companyB]);
  } finally {
    off();
    await feed.dispose();
  }
}

export const cases: IsolationModule['cases'] = (ctx) => ({
  'Subscription.workflowLogsChanged': () => liveLogsOfAUnheard(ctx()),
  'POST /workflow/get-workflows': () =>
    listsNothingOfA(ctx(), '/workflow/get-workflows', (id) => ({ company_id: id })),
  'POST /workflow/get-workflow': () =>
    same(ctx(), '/workflow/get-workflow', (id) => ({ id }), workflowOfA),
  'POST /workflow/create': async () => {
    const c = ctx();
    const r = await bothSameAsMissing(
      c,
      '/workflow/create',
      (id) => ({ name: 'planted', company_id: id }),
      c.companyA,
    );
    expect(r).toMatchObject({ status: 404 });
  },
  'POST /workflow/rename': () =>
    same(ctx(), '/workflow/rename', (id) => ({ id, name: 'Taken over' }), workflowOfA),
  'POST /workflow/duplicate': async () => {
    const c = ctx();
    // Copying A's workflow into B, and B's... nothing into A: both answer like missing.
    await bothSameAsMissing(
      c,
      '/workflow/duplicate',
      (id) => ({ id, name: 'Copy', company_id: c.companyB }),
      workflowOfA,
    );
  },
  'POST /workflow/toggle-active': () =>
    same(ctx(), '/workflow/toggle-active', (id) => ({ id, is_active: true }), workflowOfA),
  'POST /workflow/delete': () => same(ctx(), '/workflow/delete', (id) => ({ id }), workflowOfA),
  'POST /workflow/update-nodes-and-edges': async () => {
    const c = ctx();
    const me = await c.server.gql<{ viewer: { user: { id: string } } }>(
      '{ viewer { user { id } } }',
      {},
      c.userB.token,
    );
    const r = await c.restSameAsMissing(
      'POST',
      () => '/workflow/update-nodes-and-edges',
      (id) => ({ workflowId: id, userId: me.data!.viewer.user.id, newNodes: [], newEdges: [] }),
      workflowOfA,
    );
    expect(r).toMatchObject({ status: 404 });
    await unchanged(c);
  },
  'GET /workflow/get-workflow-update-history': async () => {
    const c = ctx();
    const path = (id: string) => `/workflow/get-workflow-update-history?companyId=${id}`;
    await c.restSameAsMissing('GET', path, () => undefined, c.companyA);
    await c.restSameAsMissing('GET', path, () => undefined, c.companyA, c.managerOfB.token);
  },
  'POST /workflow/logs': () =>
    listsNothingOfA(ctx(), '/workflow/logs', (id) => ({ company_id: id })),
  'POST /workflow/log-details': async () => {
    const r = await bothSameAsMissing(
      ctx(),
      '/workflow/log-details',
      (id) => ({ workflow_id: id }),
      workflowOfA,
    );
    expect(r).toMatchObject({ status: 200, body: { data: [] } });
  },
  'POST /workflow/process-node': () =>
    same(ctx(), '/workflow/process-node', (id) => ({ id }), nodeLogOfA),
  'POST /workflow/retry-syncing': () =>
    same(ctx(), '/workflow/retry-syncing', (id) => ({ id }), syncLogOfA),
  'POST /workflow/sync-log': () => same(ctx(), '/workflow/sync-log', (id) => ({ id }), syncLogOfA),
  'POST /workflow/test-run': async () => {
    const c = ctx();
    await same(
      c,
      '/workflow/test-run',
      (id) => ({ id, legal_processed_file_id: documentOfA }),
      workflowOfA,
    );
    // B's own workflow over A's document answers like a missing document.
    const mine = await rest<{ id: string }>(c.server, 'POST', '/workflow/create', c.userB.token, {
      name: 'B probe',
      company_id: c.companyB,
    });
    await c.restSameAsMissing(
      'POST',
      () => '/workflow/test-run',
      (id) => ({ id: mine.body.data!.id, legal_processed_file_id: id }),
      documentOfA,
    );
  },
  'POST /workflow/sync-logs': async () => {
    const r = await bothSameAsMissing(
      ctx(),
      '/workflow/sync-logs',
      (id) => ({ legal_processed_file_id: id }),
      documentOfA,
    );
    expect(r).toMatchObject({ status: 200, body: { data: [] } });
  },
});
