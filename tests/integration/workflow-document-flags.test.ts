/**
 * The processed file's workflow fields stay true to what happened (issue 17): document_synced
 * follows the last sync step's outcome, workflow_crm_case_ids records the CRM case each CRM step
 * used, and are_workflows_run is true exactly while every run of the document is Completed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legalCase, legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { documentSyncLog, workflowRun } from '../../src/server/db/schemaWorkflows';
import type { WorkflowLogGroup } from '../../src/shared/workflows';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { untilValue } from '../support/until';
import { rest } from './fixtures/raw-files';
import {
  activeWorkflow,
  caseOf,
  completedDocument,
  edge,
  markReviewed,
  node,
} from './fixtures/workflows';

let server: TestServer;
let companyId: string;
let admin: TestUser;

beforeAll(async () => {
  server = await startTestServer(
    { workflowWorkers: 2 },
    { workflows: { retryBaseMs: 0, maxAttempts: 2, pollingIntervalSeconds: 1 } },
  );
}, 120_000);

beforeEach(async () => {
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
});

afterAll(async () => {
  await server?.close();
});

async function groupOf(workflowId: string, documentId: string, status: string) {
  return untilValue(
    async () => {
      const r = await rest<{ groupedWorkflowLogs: WorkflowLogGroup[] }>(
        server,
        'POST',
        '/workflow/logs',
        admin.token,
        { company_id: companyId, workflow_id: workflowId, limit: 100 },
      );
      return r.body.data?.groupedWorkflowLogs.find((g) => g.legal_processed_file_id === documentId);
    },
    (g) => g?.status === status,
    `the group of ${documentId} ${status}`,
  );
}

async function fileOf(id: string) {
  const [row] = await server.db
    .select()
    .from(legalProcessedFile)
    .where(eq(legalProcessedFile.id, id));
  return row!;
}

async function failedSyncLog(documentId: string) {
  const [log] = await server.db
    .select()
    .from(documentSyncLog)
    .where(
      and(
        eq(documentSyncLog.legal_processed_file_id, documentId),
        eq(documentSyncLog.status, 'Failed'),
      ),
    );
  return log!;
}

describe('the processed file after workflows', () => {
  it('records the CRM case id each sync and activity step used, with document_synced', async () => {
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('sync', 'action.sync_case'),
        node('act', 'action.crm_activity', { activity_type: 'Document received', note: '{name}' }),
      ],
      [edge('t', 'sync'), edge('sync', 'act')],
    );
    const caseId = await caseOf(server, companyId, 'C-300');
    const doc = await completedDocument(server, companyId, { legal_case_id: caseId });
    await groupOf(wf, doc, 'Completed');
    expect(await fileOf(doc)).toMatchObject({
      document_synced: true,
      sync_status: 'synced',
      crm_case_id: caseId,
      are_workflows_run: true,
      workflow_crm_case_ids: { [`${wf}:sync`]: [caseId], [`${wf}:act`]: [caseId] },
    });
    const read = await server.gql(
      `query($id: ID!) { processedFile(id: $id) { are_workflows_run document_synced
        workflow_crm_case_ids { workflow_id node_id case_ids } } }`,
      { id: doc },
      admin.token,
    );
    expect(read.data).toEqual({
      processedFile: {
        are_workflows_run: true,
        document_synced: true,
        workflow_crm_case_ids: expect.arrayContaining([
          { workflow_id: wf, node_id: 'sync', case_ids: [caseId] },
          { workflow_id: wf, node_id: 'act', case_ids: [caseId] },
        ]) as unknown,
      },
    });
  });

  it('marks a failed sync not synced, then synced with its case id after retry syncing', async () => {
    const wf = await activeWorkflow(
      server,
      admin,
      companyId,
      [node('t', 'trigger.document', { event: 'completed' }), node('sync', 'action.sync_case')],
      [edge('t', 'sync')],
    );
    // Synced once before (its case since deleted): the failing sync must not leave it "synced".
    const gone = await caseOf(server, companyId, 'C-OLD');
    const doc = await completedDocument(server, companyId, {
      legal_case_id: gone,
      crm_case_id: gone,
      document_synced: true,
      sync_status: 'synced',
    });
    await server.db.update(legalCase).set({ is_deleted: true }).where(eq(legalCase.id, gone));
    await groupOf(wf, doc, 'Failed');
    const failed = await fileOf(doc);
    expect(failed).toMatchObject({
      document_synced: false,
      sync_status: 'failed',
      are_workflows_run: false,
      workflow_crm_case_ids: {},
    });

    const caseId = await caseOf(server, companyId, 'C-301');
    await server.db
      .update(legalProcessedFile)
      .set({ legal_case_id: caseId })
      .where(eq(legalProcessedFile.id, doc));
    const log = await failedSyncLog(doc);
    const retried = await rest(server, 'POST', '/workflow/retry-syncing', admin.token, {
      id: log.id,
    });
    expect(retried.status).toBe(200);
    await groupOf(wf, doc, 'Completed');
    expect(await fileOf(doc)).toMatchObject({
      document_synced: true,
      sync_status: 'synced',
      crm_case_id: caseId,
      are_workflows_run: true,
      workflow_crm_case_ids: { [`${wf}:sync`]: [caseId] },
    });
  });

  it('keeps are_workflows_run false without a run, and false while a later run is not Completed', async () => {
    const onComplete = await activeWorkflow(
      server,
      admin,
      companyId,
      [
        node('t', 'trigger.document', { event: 'completed' }),
        node('tell', 'action.notify', { roles: ['admin'], message: '{name} arrived' }),
      ],
      [edge('t', 'tell')],
    );
    const onReview = await activeWorkflow(
      server,
      admin,
      companyId,
      [node('t', 'trigger.document', { event: 'reviewed' }), node('sync', 'action.sync_case')],
      [edge('t', 'sync')],
    );

    // A company with no active workflow: its document gets no run and stays false. Events are
    // taken in order, so once the later document's run is Completed the earlier one was seen.
    const other = await server.signUpCompany({ is_legal: true });
    const untouched = await completedDocument(server, other.company.id);
    const doc = await completedDocument(server, companyId);
    await groupOf(onComplete, doc, 'Completed');
    expect(await fileOf(doc)).toMatchObject({ are_workflows_run: true });
    expect(await fileOf(untouched)).toMatchObject({ are_workflows_run: false });
    expect(
      await server.db
        .select()
        .from(workflowRun)
        .where(eq(workflowRun.legal_processed_file_id, untouched)),
    ).toEqual([]);

    // Reviewed: the second workflow's sync fails (no case), so not every run has run through.
    await markReviewed(server, doc);
    await groupOf(onReview, doc, 'Failed');
    expect(await fileOf(doc)).toMatchObject({ are_workflows_run: false, document_synced: false });

    const caseId = await caseOf(server, companyId, 'C-302');
    await server.db
      .update(legalProcessedFile)
      .set({ legal_case_id: caseId })
      .where(eq(legalProcessedFile.id, doc));
    const log = await failedSyncLog(doc);
    expect(
      (await rest(server, 'POST', '/workflow/retry-syncing', admin.token, { id: log.id })).status,
    ).toBe(200);
    await groupOf(onReview, doc, 'Completed');
    expect(await fileOf(doc)).toMatchObject({
      are_workflows_run: true,
      document_synced: true,
      workflow_crm_case_ids: { [`${onReview}:sync`]: [caseId] },
    });
  });
});
