/**
 * GET /admin/eval (spec section 7, "Admin"): a company's measures over a period beside a compare
 * period, computed from what is stored. The current period is written through the product (edits
 * and review marks by GraphQL, a workflow and its runs); the compare period's rows are written
 * with past timestamps. Bad ranges are refused with the field named; only managers may ask.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { documentSyncLog, workflowNodeLog, workflowRun } from '../../src/server/db/schemaWorkflows';
import { DAY_MESSAGE } from '../../src/shared/documents/days';
import { EVAL_MESSAGES, type EvalResult } from '../../src/shared/evaluation';
import { PRODUCT_ERRORS, ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments, seedRawFile } from './fixtures/documents';
import { rest } from './fixtures/raw-files';
import { caseOf } from './fixtures/workflows';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let otherAdmin: TestUser;
const today = new Date().toISOString().slice(0, 10);

const evalPath = (query: Record<string, string>) =>
  `/admin/eval?${new URLSearchParams(query).toString()}`;

async function seedToday() {
  const caseId = await caseOf(server, companyId, 'ADJ-1');
  const raw = await seedRawFile(server, companyId, {
    createdAt: new Date(Date.now() - 90_000),
    pages: 4,
  });
  await server.db.update(rawFile).set({ processed_at: new Date() }).where(eq(rawFile.id, raw));
  const [first, second, third] = await seedDocuments(
    server,
    companyId,
    [
      { legal_case_id: caseId, applicant: 'Maria Gonzalez' },
      { legal_case_id: caseId },
      { start_page_no: 3, end_page_no: 4, exception_reasons: ['no_file_type'] },
    ],
    raw,
  );
  // A person corrects the first document and marks the first two reviewed.
  const edited = await server.gql(
    'mutation($id: ID!) { updateProcessedFile(id: $id, changes: { applicant: "Maria G. Gonzalez" }) { saved } }',
    { id: first },
    admin.token,
  );
  expect(edited.errors).toBeUndefined();
  for (const id of [first, second]) {
    const marked = await server.gql(
      'mutation($id: ID!) { markProcessedFileReviewed(id: $id) { id } }',
      { id },
      paralegal.token,
    );
    expect(marked.errors).toBeUndefined();
  }
  const created = await rest<{ id: string }>(server, 'POST', '/workflow/create', admin.token, {
    name: 'Sync',
    company_id: companyId,
  });
  const workflowId = created.body.data!.id;
  const started = new Date(Date.now() - 12_000);
  const runs = await server.db
    .insert(workflowRun)
    .values([
      {
        workflow_id: workflowId,
        company_id: companyId,
        version: 1,
        trigger: 'document_completed',
        legal_processed_file_id: first!,
        status: 'Completed',
        started_at: started,
        ended_at: new Date(started.getTime() + 8_000),
      },
      {
        workflow_id: workflowId,
        company_id: companyId,
        version: 1,
        trigger: 'document_completed',
        legal_processed_file_id: third!,
        status: 'Failed',
        started_at: started,
        ended_at: new Date(),
      },
    ])
    .returning({ id: workflowRun.id });
  const [log] = await server.db
    .insert(workflowNodeLog)
    .values([
      {
        run_id: runs[0]!.id,
        workflow_id: workflowId,
        company_id: companyId,
        legal_processed_file_id: first!,
        node_id: 'sync',
        node_type: 'action.sync_case',
        status: 'Completed',
        attempts: 1,
      },
      {
        run_id: runs[1]!.id,
        workflow_id: workflowId,
        company_id: companyId,
        legal_processed_file_id: third!,
        node_id: 'hook',
        node_type: 'action.webhook',
        status: 'Failed',
        attempts: 3,
      },
    ])
    .returning({ id: workflowNodeLog.id });
  await server.db.insert(documentSyncLog).values({
    company_id: companyId,
    legal_processed_file_id: first!,
    node_log_id: log!.id,
    legal_case_id: caseId,
    connector: 'local',
    status: 'Completed',
  });
}

async function seedJanuary2025() {
  const caseId = await caseOf(server, companyId, 'ADJ-2');
  const created = new Date('2025-01-10T09:00:00Z');
  const raw = await seedRawFile(server, companyId, { createdAt: created, pages: 2 });
  await server.db
    .update(rawFile)
    .set({ processed_at: new Date(created.getTime() + 30_000) })
    .where(eq(rawFile.id, raw));
  await seedDocuments(
    server,
    companyId,
    [
      { legal_case_id: caseId, created_at: created },
      { legal_case_id: caseId, created_at: created },
    ],
    raw,
  );
  // A deleted document does not count.
  await seedDocuments(server, companyId, [{ created_at: created, is_deleted: true }], raw);
}

beforeAll(async () => {
  server = await startTestServer();
  const signed = await server.signUpCompany({ is_legal: true });
  companyId = signed.company.id;
  admin = signed.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const other = await server.signUpCompany({ is_legal: true });
  otherAdmin = other.admin;
  // The other company's documents of today never count for the first.
  await seedDocuments(server, other.company.id, [{}, {}, {}, {}]);
  await seedToday();
  await seedJanuary2025();
}, 120_000);

afterAll(async () => server?.close());

describe('GET /admin/eval', () => {
  it('given a period and a compare period, then each is measured from its own stored rows', async () => {
    const r = await rest<EvalResult>(
      server,
      'GET',
      evalPath({
        startDate: today,
        endDate: today,
        company_id: companyId,
        compare_start_date: '2025-01-01',
        compare_end_date: '2025-01-31',
      }),
      admin.token,
    );
    expect(r.status).toBe(200);
    const { period, compare } = r.body.data!;
    expect(period).toMatchObject({ start_date: today, end_date: today });
    expect(period.metrics).toEqual({
      raw_files_processed: 1,
      documents_split: 3,
      pages_processed: 4,
      median_processing_seconds: expect.closeTo(90, -1) as number,
      exception_rate: 1 / 3,
      case_match_rate: 2 / 3,
      documents_reviewed: 2,
      accepted_rate: 0.5,
      documents_corrected: 1,
      field_corrections: 1,
      type_corrections: 0,
      split_corrections: 0,
      workflow_runs: 2,
      runs_completed: 1,
      runs_failed: 1,
      run_success_rate: 0.5,
      median_run_seconds: 8,
      step_retries: 2,
      documents_synced: 1,
    });
    expect(compare).toEqual({
      start_date: '2025-01-01',
      end_date: '2025-01-31',
      metrics: {
        raw_files_processed: 1,
        documents_split: 2,
        pages_processed: 2,
        median_processing_seconds: 30,
        exception_rate: 0,
        case_match_rate: 1,
        documents_reviewed: 0,
        accepted_rate: null,
        documents_corrected: 0,
        field_corrections: 0,
        type_corrections: 0,
        split_corrections: 0,
        workflow_runs: 0,
        runs_completed: 0,
        runs_failed: 0,
        run_success_rate: null,
        median_run_seconds: null,
        step_retries: 0,
        documents_synced: 0,
      },
    });
  });

  it('given no compare range, then compare is null; a period is whole days, both ends included', async () => {
    const r = await rest<EvalResult>(
      server,
      'GET',
      evalPath({ startDate: '2025-01-10', endDate: '2025-01-10', company_id: companyId }),
      admin.token,
    );
    expect(r.status).toBe(200);
    expect(r.body.data!.compare).toBeNull();
    expect(r.body.data!.period.metrics.documents_split).toBe(2);
    const before = await rest<EvalResult>(
      server,
      'GET',
      evalPath({ startDate: '2025-01-01', endDate: '2025-01-09', company_id: companyId }),
      admin.token,
    );
    expect(before.body.data!.period.metrics.documents_split).toBe(0);
  });

  it.each([
    [
      'the end before the start',
      { startDate: '2025-02-01', endDate: '2025-01-31' },
      'endDate',
      EVAL_MESSAGES.END_BEFORE_START,
    ],
    [
      'a start that is no date',
      { startDate: 'yesterday', endDate: '2025-01-31' },
      'startDate',
      DAY_MESSAGE,
    ],
    [
      'a day that does not exist',
      { startDate: '2025-02-29', endDate: '2025-03-01' },
      'startDate',
      DAY_MESSAGE,
    ],
    [
      'a compare end before its start',
      {
        startDate: '2025-02-01',
        endDate: '2025-02-28',
        compare_start_date: '2025-01-31',
        compare_end_date: '2025-01-01',
      },
      'compare_end_date',
      EVAL_MESSAGES.END_BEFORE_START,
    ],
    [
      'a compare start without an end',
      { startDate: '2025-02-01', endDate: '2025-02-28', compare_start_date: '2025-01-01' },
      'compare_end_date',
      EVAL_MESSAGES.COMPARE_PAIR,
    ],
    [
      'a period longer than allowed',
      { startDate: '1990-01-01', endDate: '2025-01-01' },
      'endDate',
      EVAL_MESSAGES.TOO_LONG,
    ],
  ])('given %s, then 400 INVALID_INPUT names the field', async (_, range, path, message) => {
    const r = await rest(server, 'GET', evalPath({ company_id: companyId, ...range }), admin.token);
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'INVALID_INPUT',
      message: PRODUCT_ERRORS.INVALID_INPUT,
    });
    expect((r.body.error as { issues?: unknown }).issues).toEqual([{ path, message }]);
  });

  it('given no company, then 400 names company_id', async () => {
    const r = await rest(
      server,
      'GET',
      evalPath({ startDate: today, endDate: today }),
      admin.token,
    );
    expect(r.status).toBe(400);
    expect((r.body.error as { issues?: Array<{ path: string }> }).issues?.[0]?.path).toBe(
      'company_id',
    );
  });

  it('given a paralegal of the company, then FORBIDDEN; another company answers like a missing one', async () => {
    const query = { startDate: today, endDate: today };
    const paralegalAsks = await rest(
      server,
      'GET',
      evalPath({ ...query, company_id: companyId }),
      paralegal.token,
    );
    expect(paralegalAsks.status).toBe(403);
    expect(paralegalAsks.body.error?.code).toBe('FORBIDDEN');
    const stranger = await rest(
      server,
      'GET',
      evalPath({ ...query, company_id: companyId }),
      otherAdmin.token,
    );
    const missing = await rest(
      server,
      'GET',
      evalPath({ ...query, company_id: '00000000-0000-4000-8000-000000000000' }),
      otherAdmin.token,
    );
    expect(stranger).toEqual(missing);
    expect(stranger).toMatchObject({
      status: 404,
      body: { error: { message: ERRORS.NO_COMPANY } },
    });
  });
});
