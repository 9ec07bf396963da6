/**
 * Workflows end to end (issue 17): a saved graph, a document the pipeline completes, the run and
 * its node logs, branching, every node type, a failing action retried from its node, retry
 * syncing, version pinning, and bad graphs refused with their problems.
 */
import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notification } from '../../src/server/db/schema';
import { legalProcessedFile } from '../../src/server/db/schemaPipeline';
import {
  caseActivity,
  documentSyncLog,
  workflowNodeLog,
  workflowRun,
} from '../../src/server/db/schemaWorkflows';
import { webhook } from '../../src/server/domains/workflows/engine/effects';
import type { DocumentFacts } from '../../src/server/domains/workflows/engine/facts';
import {
  GRAPH_MESSAGES,
  type WorkflowLogGroup,
  type WorkflowRunDetail,
} from '../../src/shared/workflows';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until, untilValue } from '../support/until';
import { rest } from './fixtures/raw-files';
import {
  activeWorkflow,
  caseOf,
  completedDocument,
  edge,
  fakeTarget,
  markReviewed,
  node,
} from './fixtures/workflows';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;

beforeAll(async () => {
  server = await startTestServer(
    { workflowWorkers: 2, workflowWebhookAllowPrivate: true },
    { workflows: { retryBaseMs: 0, maxAttempts: 2, pollingIntervalSeconds: 1 } },
  );
}, 120_000);

// Each test its own company, so one test's active workflows never run on another's documents.
beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
});

afterAll(async () => {
  await server?.close();
});

const trigger = (event: 'completed' | 'reviewed' = 'completed') =>
  node('t', 'trigger.document', { event });

async function nodeLogs(documentId: string) {
  return server.db
    .select()
    .from(workflowNodeLog)
    .where(eq(workflowNodeLog.legal_processed_file_id, documentId));
}

async function groupOf(workflowId: string, documentId: string, status: string) {
  return untilValue(
    async () => {
      const r = await rest<{ groupedWorkflowLogs: WorkflowLogGroup[] }>(
        server,
        'POST',
        '/workflow/logs',
        admin.token,
        {
          company_id: companyId,
          workflow_id: workflowId,
          limit: 100,
        },
      );
      return r.body.data?.groupedWorkflowLogs.find((g) => g.legal_processed_file_id === documentId);
    },
    (g) => g?.status === status,
    `the group of ${documentId} ${status}`,
  );
}

describe('workflows', () => {
  it('runs a completed document down the branch its case decides, with a log per node', async () => {
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        trigger(),
        node('c', 'condition.case_matched'),
        node('sync', 'action.sync_case'),
        node('act', 'action.crm_activity', { activity_type: 'Document received', note: '{name}' }),
        node('tell', 'action.notify', { roles: ['admin'], message: 'No case for {name}' }),
      ],
      [edge('t', 'c'), edge('c', 'sync', 'true'), edge('sync', 'act'), edge('c', 'tell', 'false')],
    );
    const caseId = await caseOf(server, companyId, 'C-100');
    const matched = await completedDocument(server, companyId, { legal_case_id: caseId });
    const unmatched = await completedDocument(server, companyId, { name: 'Orphan letter' });

    await groupOf(wf, matched, 'Completed');
    await groupOf(wf, unmatched, 'Completed');

    const [doc] = await server.db
      .select()
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, matched));
    expect(doc).toMatchObject({
      document_synced: true,
      crm_case_id: caseId,
      are_workflows_run: true,
    });
    const activities = await server.db
      .select()
      .from(caseActivity)
      .where(eq(caseActivity.legal_case_id, caseId));
    expect(activities.map((a) => [a.activity_type, a.note])).toEqual([
      ['Document received', 'QME Report'],
    ]);
    expect((await nodeLogs(matched)).map((l) => [l.node_id, l.status]).sort()).toEqual([
      ['act', 'Completed'],
      ['c', 'Completed'],
      ['sync', 'Completed'],
      ['t', 'Completed'],
    ]);
    expect((await nodeLogs(unmatched)).map((l) => l.node_id).sort()).toEqual(['c', 't', 'tell']);
    const told = await server.db
      .select()
      .from(notification)
      .where(
        and(
          eq(notification.receiver_id, admin.user.id),
          eq(notification.content, 'No case for Orphan letter'),
        ),
      );
    expect(told).toHaveLength(1);

    const details = await rest<WorkflowRunDetail[]>(
      server,
      'POST',
      '/workflow/log-details',
      admin.token,
      {
        workflow_id: wf,
        legal_processed_file_id: matched,
      },
    );
    const sync = details.body.data![0]!.nodes.find((n) => n.node_id === 'sync')!;
    expect(sync).toMatchObject({ status: 'Completed', attempts: 1, error: null });
    expect(sync.started_at).not.toBeNull();
    expect(sync.output).toMatchObject({ case_id: caseId, connector: 'local' });
  });

  it('checks fields, sets the name, waits for review, then calls the signed webhook once', async () => {
    const target = await fakeTarget();
    try {
      const wf = await activeWorkflow(
        server,
        admin,
        companyId,
        [
          trigger(),
          node('f', 'condition.field', {
            field: 'applicant',
            operator: 'contains',
            value: 'lopez',
          }),
          node('conf', 'condition.confidence', { measure: 'type', threshold: 0.5 }),
          node('name', 'action.set_fields', { name: '{applicant} - review' }),
          node('wait', 'action.wait_for_review'),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [
          edge('t', 'f'),
          edge('f', 'conf', 'true'),
          edge('conf', 'name', 'true'),
          edge('name', 'wait'),
          edge('wait', 'hook'),
        ],
      );
      const doc = await completedDocument(server, companyId, { type_confidence: 0.2 });
      await until(
        async () =>
          (await nodeLogs(doc)).some((l) => l.node_id === 'wait' && l.status === 'In Progress'),
        60_000,
        'the run to wait for review',
      );
      const [renamed] = await server.db
        .select()
        .from(legalProcessedFile)
        .where(eq(legalProcessedFile.id, doc));
      expect(renamed!.name).toBe('Maria Lopez - review');
      expect(target.calls).toHaveLength(0);

      await markReviewed(server, doc);
      await groupOf(wf, doc, 'Completed');
      expect(target.calls).toHaveLength(1);
      const call = target.calls[0]!;
      const expected = `sha256=${createHmac('sha256', 'a-secret-of-16-chars').update(call.body).digest('hex')}`;
      expect(call.signature).toBe(expected);
      expect(JSON.parse(call.body)).toMatchObject({ workflow_id: wf, document: { id: doc } });
    } finally {
      await target.close();
    }
  });

  it('retries a transient failure, then waits Failed for a person, who retries from the node', async () => {
    let answer = 503;
    const target = await fakeTarget(() => answer);
    try {
      const wf = await activeWorkflow(
        server,
        admin,
        companyId,
        [
          trigger(),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [edge('t', 'hook')],
      );
      const doc = await completedDocument(server, companyId);
      await groupOf(wf, doc, 'Failed');
      const failed = (await nodeLogs(doc)).find((l) => l.node_id === 'hook')!;
      expect(failed).toMatchObject({
        status: 'Failed',
        attempts: 2,
        error: 'The webhook answered 503.',
      });
      expect(target.calls).toHaveLength(2);

      answer = 200;
      const retried = await rest(server, 'POST', '/workflow/process-node', paralegal.token, {
        id: failed.id,
      });
      expect(retried.status).toBe(200);
      await groupOf(wf, doc, 'Completed');
      const done = (await nodeLogs(doc)).find((l) => l.node_id === 'hook')!;
      expect(done).toMatchObject({ status: 'Completed', attempts: 3 });
      expect(target.calls).toHaveLength(3);
      // A repeat of the node (a crash after the call, before its commit) reads the recorded
      // effect instead of calling the receiver again.
      const [run] = await server.db
        .select()
        .from(workflowRun)
        .where(eq(workflowRun.id, done.run_id));
      const replay = await webhook(
        {
          db: server.db,
          facts: { id: doc } as DocumentFacts,
          run: run!,
          log: done,
          allowPrivateWebhooks: true,
          mailer: undefined,
        },
        { url: target.url, secret: 'a-secret-of-16-chars' },
      );
      expect(replay).toMatchObject({ status: 200, replayed: true });
      expect(target.calls).toHaveLength(3);
      // A completed node is not run again by a second retry.
      const again = await rest(server, 'POST', '/workflow/process-node', admin.token, {
        id: failed.id,
      });
      expect(again.status).toBe(400);
    } finally {
      await target.close();
    }
  });

  it('logs a failed sync and syncs on retry once the document has its case', async () => {
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [trigger(), node('sync', 'action.sync_case')],
      [edge('t', 'sync')],
    );
    const doc = await completedDocument(server, companyId);
    await groupOf(wf, doc, 'Failed');
    const [log] = await server.db
      .select()
      .from(documentSyncLog)
      .where(eq(documentSyncLog.legal_processed_file_id, doc));
    expect(log).toMatchObject({ status: 'Failed' });
    const byId = await rest(server, 'POST', '/workflow/sync-log', admin.token, { id: log!.id });
    expect(byId.body.data).toMatchObject({ id: log!.id, status: 'Failed', attempt: 1 });

    const caseId = await caseOf(server, companyId, 'C-200');
    await server.db
      .update(legalProcessedFile)
      .set({ legal_case_id: caseId })
      .where(eq(legalProcessedFile.id, doc));
    expect(
      (await rest(server, 'POST', '/workflow/retry-syncing', admin.token, { id: log!.id })).status,
    ).toBe(200);
    await groupOf(wf, doc, 'Completed');
    const [synced] = await server.db
      .select()
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, doc));
    expect(synced).toMatchObject({ document_synced: true, crm_case_id: caseId });
    const logs = await rest<Array<{ status: string }>>(
      server,
      'POST',
      '/workflow/sync-logs',
      admin.token,
      {
        legal_processed_file_id: doc,
      },
    );
    expect(logs.body.data!.map((l) => l.status).sort()).toEqual(['Completed', 'Failed']);
  });

  it('keeps a run on the version it started with when the workflow is edited', async () => {
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        trigger(),
        node('wait', 'action.wait_for_review'),
        node('name', 'action.set_fields', { name: 'old version' }),
      ],
      [edge('t', 'wait'), edge('wait', 'name')],
    );
    const doc = await completedDocument(server, companyId);
    await until(
      async () => (await nodeLogs(doc)).some((l) => l.node_id === 'wait'),
      60_000,
      'the wait',
    );
    const saved = await rest(server, 'POST', '/workflow/update-nodes-and-edges', admin.token, {
      workflowId: wf,
      userId: admin.user.id,
      newNodes: [
        trigger(),
        node('wait', 'action.wait_for_review'),
        node('name', 'action.set_fields', { name: 'new version' }),
      ],
      newEdges: [edge('t', 'wait'), edge('wait', 'name')],
    });
    expect(saved.status).toBe(200);
    await markReviewed(server, doc);
    await groupOf(wf, doc, 'Completed');
    const [row] = await server.db
      .select()
      .from(legalProcessedFile)
      .where(eq(legalProcessedFile.id, doc));
    expect(row!.name).toBe('old version');

    const history = await rest<{
      history: Array<{ action: string; diff: { nodes?: { changed: string[] } } }>;
    }>(
      server,
      'GET',
      `/workflow/get-workflow-update-history?companyId=${companyId}&workflowId=${wf}`,
      admin.token,
    );
    expect(history.body.data!.history.map((h) => h.action)).toEqual([
      'nodes_and_edges',
      'activated',
      'nodes_and_edges',
      'created',
    ]);
    expect(history.body.data!.history[0]!.diff.nodes?.changed).toEqual(['name']);
  });

  it("runs each node once while sweeps race to queue it again, and takes back a dead worker's node", async () => {
    const target = await fakeTarget();
    try {
      const wf = await activeWorkflow(
        server,
        admin,
        companyId,
        [
          trigger(),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [edge('t', 'hook')],
      );
      const engine = server.app.lexdesk.workflows;
      const doc = await completedDocument(server, companyId);
      await until(
        async () => {
          await Promise.all([engine.sweep(), engine.sweep(), engine.sweep()]);
          return (await nodeLogs(doc)).some(
            (l) => l.node_id === 'hook' && l.status === 'Completed',
          );
        },
        60_000,
        'the webhook node to complete',
      );
      expect(target.calls).toHaveLength(1);

      // A worker that died after committing its start leaves the node In Progress, unlocked.
      const hook = (await nodeLogs(doc)).find((l) => l.node_id === 'hook')!;
      await server.db
        .update(workflowNodeLog)
        .set({ status: 'In Progress', ended_at: null, retry_round: 1 })
        .where(eq(workflowNodeLog.id, hook.id));
      // The engine's own periodic sweep may take it back first; either way it runs once more.
      await until(
        async () => {
          await engine.sweep();
          return (await nodeLogs(doc)).some((l) => l.id === hook.id && l.status === 'Completed');
        },
        60_000,
        "the dead worker's node to be run again",
      );
      await groupOf(wf, doc, 'Completed');
      expect(target.calls).toHaveLength(2);
      expect(target.calls[1]!.key).toBe(`${hook.run_id}:hook:1`);
    } finally {
      await target.close();
    }
  });

  it('test-runs a workflow on one document without any effect', async () => {
    const target = await fakeTarget();
    try {
      const wf = await activeWorkflow(
        server,
        admin,
        companyId,
        [
          trigger(),
          node('c', 'condition.case_matched'),
          node('sync', 'action.sync_case'),
          node('name', 'action.set_fields', { name: '{applicant} letter' }),
          node('hook', 'action.webhook', { url: target.url, secret: 'a-secret-of-16-chars' }),
        ],
        [
          edge('t', 'c'),
          edge('c', 'sync', 'true'),
          edge('c', 'name', 'false'),
          edge('name', 'hook'),
        ],
      );
      await rest(server, 'POST', '/workflow/toggle-active', admin.token, {
        id: wf,
        is_active: false,
      });
      const doc = await completedDocument(server, companyId);
      const r = await rest<{
        steps: Array<{
          node_id: string;
          outcome: string;
          branch?: string;
          detail: Record<string, unknown>;
        }>;
      }>(server, 'POST', '/workflow/test-run', paralegal.token, {
        id: wf,
        legal_processed_file_id: doc,
      });
      expect(r.body.data!.steps.map((s) => [s.node_id, s.outcome, s.branch ?? null])).toEqual([
        ['t', 'passed', null],
        ['c', 'passed', 'false'],
        ['name', 'would run', null],
        ['hook', 'would run', null],
        ['sync', 'not started', null],
      ]);
      expect(r.body.data!.steps[2]!.detail).toMatchObject({ name: 'Maria Lopez letter' });
      expect(target.calls).toHaveLength(0);
      expect(await nodeLogs(doc)).toEqual([]);
      const [row] = await server.db
        .select()
        .from(legalProcessedFile)
        .where(eq(legalProcessedFile.id, doc));
      expect(row!.name).toBe('QME Report');
    } finally {
      await target.close();
    }
  });

  it('refuses bad graphs with each problem, and saves only for managers', async () => {
    const created = await rest<{ id: string }>(server, 'POST', '/workflow/create', admin.token, {
      name: 'bad',
      company_id: companyId,
    });
    const id = created.body.data!.id;
    const save = (token: string, userId: string, nodes: unknown[], edges: unknown[]) =>
      rest<unknown>(server, 'POST', '/workflow/update-nodes-and-edges', token, {
        workflowId: id,
        userId,
        newNodes: nodes,
        newEdges: edges,
      });
    const bad = await save(
      admin.token,
      admin.user.id,
      [
        trigger(),
        node('t2', 'trigger.schedule', { cron: 'nope' }),
        node('a', 'action.wait_for_review'),
        node('b', 'action.sync_case'),
      ],
      [edge('t', 'a'), edge('a', 'b'), edge('b', 'a'), edge('a', 'gone')],
    );
    expect(bad.status).toBe(400);
    const issues = (
      bad.body.error as unknown as { issues: Array<{ path: string; message: string }> }
    ).issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'nodes.t2', message: GRAPH_MESSAGES.MANY_TRIGGERS },
        {
          path: 'nodes.t2.cron',
          message: 'This step is not configured: The schedule is not a valid cron expression.',
        },
        { path: 'nodes.a', message: GRAPH_MESSAGES.CYCLE },
        { path: 'edges.a-gone', message: GRAPH_MESSAGES.DANGLING_EDGE },
      ]),
    );
    const asParalegal = await save(paralegal.token, paralegal.user.id, [trigger()], []);
    expect(asParalegal.status).toBe(403);
    const asSomeoneElse = await save(admin.token, paralegal.user.id, [trigger()], []);
    expect(asSomeoneElse.status).toBe(403);
    const empty = await rest(server, 'POST', '/workflow/toggle-active', admin.token, {
      id,
      is_active: true,
    });
    expect(empty.status).toBe(400);
  });
});
