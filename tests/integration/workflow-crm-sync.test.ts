/**
 * Workflow sync steps go to the company's active external CRM (issues 17 and 18): with Clio
 * connected, "sync to case" uploads the document's PDF to the matter of its case (create, PUT the
 * bytes, mark fully uploaded) and writes the chosen extracted fields as one activity, through a
 * 401 (refresh) and a 429 (Retry-After); a final failure shows in the workflow logs and
 * retry-syncing finishes it once the fake answers again, without a second upload. The loopback
 * fake (tests/support/fakeClio.ts) counts what it received.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { legalIntegrationLog } from '../../src/server/db/schemaCrm';
import {
  legalCase,
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
} from '../../src/server/db/schemaPipeline';
import { documentSyncLog, workflowNodeLog } from '../../src/server/db/schemaWorkflows';
import { createStorage } from '../../src/server/domains/files/s3/createStorage';
import type { WorkflowLogGroup } from '../../src/shared/workflows';
import { matterFixture } from '../support/fakeClio';
import type { TestUser } from '../support/server';
import { untilValue } from '../support/until';
import { connectClio, startClioTestServer, type ClioTestServer } from './fixtures/clio';
import { rest } from './fixtures/raw-files';
import { activeWorkflow, completedDocument, edge, node } from './fixtures/workflows';

let clio: ClioTestServer;
let companyId: string;
let admin: TestUser;
let integrationId: string;
const PDF = Buffer.from('%PDF-1.4\n% a QME report\n%%EOF\n');

beforeAll(async () => {
  clio = await startClioTestServer(200, {
    config: { workflowWorkers: 2 },
    workflows: { retryBaseMs: 0, maxAttempts: 2, pollingIntervalSeconds: 1 },
  });
}, 120_000);

afterAll(async () => {
  await clio?.close();
});

beforeEach(async () => {
  const signed = await clio.server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  integrationId = (await connectClio(clio, companyId, admin.token)).id;
});

/** A matter in Clio, synced in as a LexDesk case; returns both ids. */
async function clioCase(matterId: number) {
  clio.fake.matters.push(matterFixture(matterId));
  const synced = await clio.server.app.lexdesk.services.crm.syncIntegration(
    integrationId,
    'manual',
  );
  expect(synced?.error).toBeUndefined();
  const [row] = await clio.server.db
    .select({ id: legalCase.id })
    .from(legalCase)
    .where(and(eq(legalCase.company_id, companyId), eq(legalCase.crm_case_ref, String(matterId))));
  return { caseId: row!.id, matterId: String(matterId) };
}

/** A document of the case with a stored PDF and an extracted applicant, then completed. */
async function documentOf(caseId: string) {
  const key = randomUUID();
  await createStorage(clio.server.config).put(companyId, key, PDF);
  const doc = await completedDocument(clio.server, companyId, {
    legal_case_id: caseId,
    s3_key: key,
    action_status: 'processing',
  });
  await clio.server.db.insert(legalExtractedDataForProcessedFile).values({
    processed_file_id: doc,
    data_field: 'Applicant Name',
    extracted_value: 'Maria Lopez',
  });
  await clio.server.db
    .update(legalProcessedFile)
    .set({ action_status: 'complete' })
    .where(eq(legalProcessedFile.id, doc));
  return doc;
}

const syncWorkflow = () =>
  activeWorkflow(
    clio.server,
    admin,
    companyId,
    [
      node('t', 'trigger.document', { event: 'completed' }),
      node('s', 'action.sync_case', {
        connector: 'crm',
        data_fields: ['Applicant Name'],
        activity_type: 'Document received',
      }),
    ],
    [edge('t', 's')],
  );

async function groupOf(workflowId: string, documentId: string, status: string) {
  return untilValue(
    async () => {
      const r = await rest<{ groupedWorkflowLogs: WorkflowLogGroup[] }>(
        clio.server,
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

/** Whether a document of the company is row-locked now (by a step's open transaction). */
async function documentLocked(): Promise<boolean> {
  try {
    await clio.server.db.transaction((tx) =>
      tx.execute(
        sql`select id from legal_processed_file where company_id = ${companyId} for update nowait`,
      ),
    );
    return false;
  } catch (error) {
    const text = `${String(error)} ${String((error as { cause?: unknown }).cause)}`;
    if (/could not obtain lock/.test(text)) return true;
    throw error;
  }
}

const fileOf = async (id: string) =>
  (await clio.server.db.select().from(legalProcessedFile).where(eq(legalProcessedFile.id, id)))[0]!;

const syncLogs = (documentId: string) =>
  clio.server.db
    .select()
    .from(documentSyncLog)
    .where(eq(documentSyncLog.legal_processed_file_id, documentId));

/** The fake's documents on a matter, and the calls it answered for them. */
function uploadsTo(matterId: string) {
  const docs = [...clio.fake.documents.values()].filter((d) => d.matter_id === matterId);
  const uuids = new Set(docs.map((d) => d.uuid));
  const puts = clio.fake.requests.filter(
    (r) => r.method === 'PUT' && uuids.has(r.path.replace('/upload/', '')),
  );
  return { docs, puts };
}

describe('workflow sync steps to Clio', () => {
  it('uploads the PDF to the matter and writes the extracted fields once, through a 401 and a 429', async () => {
    const { caseId, matterId } = await clioCase(9101);
    const wf = await syncWorkflow();
    clio.fake.expireAccessTokens();
    clio.fake.fail('/api/v4/documents.json', [{ status: 429, retryAfter: '7' }]);
    const grantsBefore = clio.fake.tokenGrants.length;
    // The 429's Retry-After wait is in the middle of the upload: the step holds no transaction,
    // so the document is not locked while Clio is called.
    const lockedDuringCall: boolean[] = [];
    clio.duringWait.run = async () => {
      lockedDuringCall.push(await documentLocked());
    };
    const doc = await documentOf(caseId);

    await groupOf(wf, doc, 'Completed');
    clio.duringWait.run = undefined;
    expect(lockedDuringCall.length).toBeGreaterThan(0);
    expect(lockedDuringCall).not.toContain(true);
    const { docs, puts } = uploadsTo(matterId);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({ name: 'QME Report.pdf', fully_uploaded: true });
    expect(docs[0]!.bytes?.equals(PDF)).toBe(true);
    expect(puts).toHaveLength(1);
    expect(clio.fake.tokenGrants.slice(grantsBefore)).toEqual(['refresh_token']);
    expect(clio.waits).toContain(7000);
    const activities = clio.fake.activities.filter(
      (a) => (a.matter as { id: string }).id === matterId,
    );
    expect(activities).toHaveLength(1);
    expect(activities[0]!.note).toBe('Document received: QME Report\nApplicant Name: Maria Lopez');

    const file = await fileOf(doc);
    expect(file).toMatchObject({
      document_synced: true,
      crm_case_id: matterId,
      sync_status: 'synced',
    });
    expect(file.workflow_crm_case_ids).toEqual({ [`${wf}:s`]: [matterId] });
    const [value] = await clio.server.db
      .select()
      .from(legalExtractedDataForProcessedFile)
      .where(eq(legalExtractedDataForProcessedFile.processed_file_id, doc));
    expect(value!.is_saved_in_crm).toBe(true);
    const logs = await syncLogs(doc);
    expect(logs.map((l) => [l.status, l.connector])).toEqual([['Completed', 'clio']]);
    expect(logs[0]!.data).toMatchObject({ crm_case_id: matterId, case_id: caseId });
    const calls = await clio.server.db
      .select()
      .from(legalIntegrationLog)
      .where(
        and(
          eq(legalIntegrationLog.integration_id, integrationId),
          eq(legalIntegrationLog.sync_type, 'workflow'),
        ),
      );
    expect(calls.map((c) => [c.operation, c.outcome, c.http_status])).toEqual(
      expect.arrayContaining([
        ['upload_document', 'retried', 401],
        ['upload_document', 'retried', 429],
        ['upload_document', 'ok', 201],
        ['create_activity', 'ok', 201],
      ]),
    );
  });

  it('shows a final failure in the logs, and retry-syncing finishes it without a second upload', async () => {
    const { caseId, matterId } = await clioCase(9202);
    const wf = await syncWorkflow();
    // Every "fully uploaded" of both engine attempts (4 HTTP attempts each) fails.
    clio.fake.fail(
      '/api/v4/documents/',
      Array.from({ length: 8 }, () => ({ status: 503 })),
    );
    const doc = await documentOf(caseId);

    await groupOf(wf, doc, 'Failed');
    const [nodeLog] = await clio.server.db
      .select()
      .from(workflowNodeLog)
      .where(
        and(eq(workflowNodeLog.node_id, 's'), eq(workflowNodeLog.legal_processed_file_id, doc)),
      );
    expect(nodeLog).toMatchObject({ status: 'Failed', error: 'fake fault 503', attempts: 2 });
    expect(await fileOf(doc)).toMatchObject({ document_synced: false, sync_status: 'failed' });
    const failed = (await syncLogs(doc)).find((l) => l.status === 'Failed')!;
    expect(failed.connector).toBe('clio');
    let uploads = uploadsTo(matterId);
    expect(uploads.docs).toHaveLength(1);
    expect(uploads.docs[0]!.fully_uploaded).toBe(false);

    const retried = await rest(clio.server, 'POST', '/workflow/retry-syncing', admin.token, {
      id: failed.id,
    });
    expect(retried.status).toBe(200);
    await groupOf(wf, doc, 'Completed');
    uploads = uploadsTo(matterId);
    expect(uploads.docs).toHaveLength(1);
    expect(uploads.docs[0]!.fully_uploaded).toBe(true);
    expect(uploads.puts).toHaveLength(1);
    expect(
      clio.fake.activities.filter((a) => (a.matter as { id: string }).id === matterId),
    ).toHaveLength(1);
    expect(await fileOf(doc)).toMatchObject({ document_synced: true, crm_case_id: matterId });
    expect((await syncLogs(doc)).map((l) => l.status).sort()).toEqual(['Completed', 'Failed']);
  });

  it('refuses a case that is not one of Clio, naming it, and sends nothing', async () => {
    const [local] = await clio.server.db
      .insert(legalCase)
      .values({ company_id: companyId, case_number: 'LOCAL-1' })
      .returning({ id: legalCase.id });
    const wf = await syncWorkflow();
    const before = clio.fake.documents.size;
    const doc = await documentOf(local!.id);
    await groupOf(wf, doc, 'Failed');
    const [nodeLog] = await clio.server.db
      .select()
      .from(workflowNodeLog)
      .where(
        and(eq(workflowNodeLog.node_id, 's'), eq(workflowNodeLog.legal_processed_file_id, doc)),
      );
    expect(nodeLog!.error).toMatch(/^The case LOCAL-1 is not a case of Clio Manage/);
    expect(clio.fake.documents.size).toBe(before);
    expect((await syncLogs(doc)).map((l) => [l.status, l.connector])).toEqual([['Failed', 'clio']]);
  });
});
