/**
 * Re-splitting documents of a real PDF: a bundle is uploaded with tus and split by the pipeline
 * (PR-2 pp. 1-2, QME pp. 3-5, proof of service p. 6); then a person moves a document's edges and
 * the neighbours take or give up the pages. Every changed document gets a new PDF of exactly its
 * pages (checked with pdf-lib), its text and a name following the pages; removed neighbours can
 * only be restored once their pages are free; re-splits are logged and conflict-checked; and a
 * person's edits survive reprocessing.
 */
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import {
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../src/server/db/schemaPipeline';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_CASE, BUNDLE_PAGES, BUNDLE_TRUTH } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { settledRow } from './fixtures/pipeline-runs';
import { registerOne, tusClient } from './fixtures/raw-files';
import { until } from '../support/until';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let member: TestUser;

async function uploadBundle(name: string): Promise<string> {
  const bytes = await makeTextPdf(BUNDLE_PAGES);
  const file = await registerOne(server, admin.token, companyId, { name, bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, name);
  expect(created.status).toBe(201);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  const raw = await settled(file.id);
  expect(raw.status).toBe('Processed');
  const documents = await documentsOf(file.id);
  expect(documents.map((d) => [d.start_page_no, d.end_page_no])).toEqual(
    BUNDLE_TRUTH.map((t) => [t.startPage, t.endPage]),
  );
  return file.id;
}

/** Waits for the pipeline to be done with the raw file, and returns its row. */
const settled = (id: string, timeoutMs?: number) => settledRow(server, id, timeoutMs);

const documentsOf = (rawId: string) => liveDocuments(server, rawId);

async function rowOf(id: string): Promise<LegalProcessedFileRow> {
  const [row] = await server.db
    .select()
    .from(legalProcessedFile)
    .where(eq(legalProcessedFile.id, id));
  return row!;
}

/** The document's stored PDF, fetched like the renderer does; null when it is gone. */
async function pdfPages(url: string): Promise<number | null> {
  const response = await fetch(`${server.url}${url}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  if (response.status === 404) return null;
  expect(response.status).toBe(200);
  const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
  return pdf.getPageCount();
}

async function resplit(
  id: string,
  changes: Record<string, unknown>,
  base?: Record<string, unknown>,
  token = member.token,
) {
  const r = await server.gql<{
    updateProcessedFile: {
      saved: boolean;
      conflicts: Array<{ field: string }>;
      file: { start_page_no: number; end_page_no: number; version: number; name: string };
    };
  }>(
    `mutation($id: ID!, $changes: ProcessedFileChanges!, $base: ProcessedFileChanges) {
      updateProcessedFile(id: $id, changes: $changes, base: $base) {
        saved conflicts { field } file { start_page_no end_page_no version name }
      }
    }`,
    { id, changes, ...(base ? { base } : {}) },
    token,
  );
  return {
    result: r.data?.updateProcessedFile,
    code: r.errors?.[0]?.extensions?.code,
    issues: r.errors?.[0]?.extensions?.issues ?? [],
  };
}

async function logsOf(id: string) {
  return server.db
    .select()
    .from(legalProcessedFileLog)
    .where(eq(legalProcessedFileLog.processed_file_id, id));
}

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  member = await server.addUser({ companyId, legalUserType: 'paralegal' });
}, 120_000);
afterAll(async () => server.close());

describe('re-splitting a PDF bundle', () => {
  it('given the QME grows over the proof of service and then shrinks back, then the pages move and new PDFs hold them', async () => {
    const rawId = await uploadBundle('grow.pdf');
    const [pr2, qme, proof] = await documentsOf(rawId);
    expect(qme!.name).toBe('QME Report - Maria Gonzalez - 03/15/2023');
    const oldQmeUrl = qme!.url;

    // Grow: pages 3-6; the one-page proof of service is left empty and removed.
    const grown = await resplit(qme!.id, { end_page_no: 6 });
    expect(grown.result?.saved).toBe(true);
    expect(grown.result?.file).toMatchObject({ start_page_no: 3, end_page_no: 6, version: 2 });
    // Its name follows its type, applicant and date, not its pages.
    expect(grown.result?.file.name).toBe(qme!.name);
    const afterGrow = await rowOf(qme!.id);
    expect(await pdfPages(afterGrow.url)).toBe(4);
    expect(afterGrow.content.split('\f')).toHaveLength(4);
    expect(afterGrow.content.split('\f')[3]).toMatch(/PROOF OF SERVICE/);
    expect(afterGrow.edited_fields).toEqual(['end_page_no']);
    const removed = await rowOf(proof!.id);
    expect(removed).toMatchObject({ is_deleted: true });
    expect(removed.deleted_at).toBeInstanceOf(Date);
    // The QME's old 3-page PDF is no longer kept.
    expect(await pdfPages(oldQmeUrl)).toBeNull();
    expect((await rowOf(pr2!.id)).version).toBe(1); // the other side is untouched
    const [raw] = await server.db.select().from(rawFile).where(eq(rawFile.id, rawId));
    expect(raw?.processed_files_count).toBe(2);

    const qmeLogs = await logsOf(qme!.id);
    expect(
      qmeLogs
        .filter((l) => l.action_type === 'resplit')
        .map((l) => [l.field, l.original_value, l.updated_value])
        .sort(),
    ).toEqual([['end_page_no', '5', '6']]);
    const proofLogs = await logsOf(proof!.id);
    expect(proofLogs.filter((l) => l.action_type === 'resplit')).toMatchObject([
      {
        field: 'is_deleted',
        original_value: 'false',
        updated_value: 'true',
        updated_by_id: member.user.id,
      },
    ]);

    // The removed neighbour cannot come back while its page belongs to the QME.
    const blocked = await server.gql(
      'mutation($id: ID!) { restoreProcessedFile(id: $id) { id } }',
      { id: proof!.id },
      member.token,
    );
    expect(blocked.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');

    // Shrink the end again: no neighbour after it, so page 6 becomes a new untyped document.
    const shrunk = await resplit(qme!.id, { end_page_no: 5 });
    expect(shrunk.result?.file).toMatchObject({ start_page_no: 3, end_page_no: 5, version: 3 });
    const documents = await documentsOf(rawId);
    expect(documents.map((d) => [d.start_page_no, d.end_page_no])).toEqual([
      [1, 2],
      [3, 5],
      [6, 6],
    ]);
    const fresh = documents[2]!;
    expect(fresh.id).not.toBe(proof!.id);
    // The freed page is read again like the pipeline reads a document: typed, its fields found.
    expect(fresh).toMatchObject({
      legal_file_type_id: proof!.legal_file_type_id,
      applicant: 'MARIA GONZALEZ',
      adj_number: [BUNDLE_CASE.adj],
      is_exception: false,
      exception_reasons: [],
      name: 'Proof of Service - Maria Gonzalez',
    });
    expect(fresh.content).toMatch(/PROOF OF SERVICE/);
    expect(await pdfPages(fresh.url)).toBe(1);
    expect(await pdfPages((await rowOf(qme!.id)).url)).toBe(3);
    expect((await logsOf(fresh.id)).map((l) => [l.field, l.updated_value, l.action_type])).toEqual([
      ['document', '6', 'resplit'],
    ]);
  });

  it('given the QME shrinks at its start, then the PR-2 before it takes the page', async () => {
    const rawId = await uploadBundle('shrink.pdf');
    const [pr2, qme, proof] = await documentsOf(rawId);
    const r = await resplit(qme!.id, { start_page_no: 4 }, { start_page_no: 3 });
    expect(r.result).toMatchObject({ saved: true, file: { start_page_no: 4, end_page_no: 5 } });
    const before = await rowOf(pr2!.id);
    expect(before).toMatchObject({ start_page_no: 1, end_page_no: 3, version: 2 });
    // Read again with the QME's first page, whose caption names the applicant in capitals.
    expect(before.name).toBe('PR-2 Progress Report - Maria Gonzalez - 03/15/2023');
    expect(await pdfPages(before.url)).toBe(3);
    expect(before.content.split('\f')[2]).toMatch(/QUALIFIED MEDICAL EVALUATOR/);
    expect(await pdfPages((await rowOf(qme!.id)).url)).toBe(2);
    expect((await rowOf(proof!.id)).version).toBe(1);
    const pr2Logs = await logsOf(pr2!.id);
    expect(
      pr2Logs
        .filter((l) => l.field === 'end_page_no')
        .map((l) => [l.original_value, l.updated_value, l.action_type]),
    ).toEqual([['2', '3', 'resplit']]);
  });

  it('given a document the pipeline left without applicant and numbers and a person’s values, when it grows, then it is read again and the person’s values stay', async () => {
    const [legalCase] = await upsertCases(server.db, [
      {
        company_id: companyId,
        case_number: 'WC-2023-0315',
        eams_number: BUNDLE_CASE.adj,
        client_name: BUNDLE_CASE.applicant,
      },
    ]);
    const rawId = await uploadBundle('reextract.pdf');
    const [pr2, qme] = await documentsOf(rawId);
    // As the issue found it: the QME without applicant, numbers or case, "Needs case number".
    await server.db
      .update(legalProcessedFile)
      .set({
        applicant: null,
        adj_number: [],
        eams_number: [],
        claim_number: [],
        case_number: [],
        legal_case_id: null,
        recommended_cases: [],
        exception_reasons: ['needs_case_number'],
        is_exception: true,
      })
      .where(eq(legalProcessedFile.id, qme!.id));
    const edit = await server.gql<{ updateProcessedFile: { saved: boolean } }>(
      'mutation($id: ID!) { updateProcessedFile(id: $id, changes: { defendant: "Acme (entered)", date_of_injury: "2023-03-16" }) { saved } }',
      { id: qme!.id },
      member.token,
    );
    expect(edit.data?.updateProcessedFile.saved).toBe(true);

    const grown = await resplit(qme!.id, { end_page_no: 6 });
    expect(grown.result?.saved).toBe(true);
    const after = await rowOf(qme!.id);
    expect(after).toMatchObject({
      start_page_no: 3,
      end_page_no: 6,
      applicant: 'MARIA GONZALEZ',
      claim_number: [BUNDLE_CASE.claim],
      legal_case_id: legalCase!.id,
      exception_reasons: [],
      is_exception: false,
      // What the person entered stays, and the name follows it.
      defendant: 'Acme (entered)',
      date_of_injury: '2023-03-16',
      name: 'QME Report - Maria Gonzalez - 03/16/2023',
    });
    expect(after.adj_number).toContain(BUNDLE_CASE.adj);
    expect([...after.edited_fields].sort()).toEqual(['date_of_injury', 'defendant', 'end_page_no']);
    const found = (await logsOf(qme!.id)).filter((l) => l.action_type === 'resplit');
    expect(found.map((l) => [l.field, l.original_value, l.updated_value])).toEqual(
      expect.arrayContaining([
        ['applicant', null, 'MARIA GONZALEZ'],
        ['legal_case', null, 'WC-2023-0315'],
      ]),
    );
    expect(found.some((l) => l.field === 'defendant' || l.field === 'date_of_injury')).toBe(false);
    // The PR-2, whose pages did not change, keeps everything.
    const untouched = await rowOf(pr2!.id);
    expect(untouched).toEqual(pr2);
  });

  it('given two editors re-split the same document, then the second one gets a conflict and nothing moves', async () => {
    const rawId = await uploadBundle('conflict.pdf');
    const [, qme] = await documentsOf(rawId);
    const base = { start_page_no: 3, end_page_no: 5 };
    expect(
      (await resplit(qme!.id, { ...base, end_page_no: 4 }, base, admin.token)).result?.saved,
    ).toBe(true);
    const second = await resplit(qme!.id, { ...base, end_page_no: 6 }, base);
    expect(second.result?.saved).toBe(false);
    expect(second.result?.conflicts).toEqual([{ field: 'end_page_no' }]);
    expect((await documentsOf(rawId)).map((d) => [d.start_page_no, d.end_page_no])).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
    ]);
  });

  it('given impossible ranges or a raw file being processed, then INVALID_INPUT and nothing moves', async () => {
    const rawId = await uploadBundle('invalid.pdf');
    const [, qme] = await documentsOf(rawId);
    for (const changes of [
      { end_page_no: 7 },
      { start_page_no: 6 },
      { start_page_no: 5, end_page_no: 4 },
    ]) {
      const r = await resplit(qme!.id, changes);
      expect(r.code).toBe('INVALID_INPUT');
      expect(r.issues).toHaveLength(1);
    }
    await server.db.update(rawFile).set({ status: 'Processing' }).where(eq(rawFile.id, rawId));
    const busy = await resplit(qme!.id, { end_page_no: 4 });
    expect(busy.code).toBe('INVALID_INPUT');
    await server.db.update(rawFile).set({ status: 'Processed' }).where(eq(rawFile.id, rawId));
    expect((await rowOf(qme!.id)).version).toBe(1);
  });

  it('given a person edited a document, when the raw file is reprocessed, then the edit and the id stay', async () => {
    const rawId = await uploadBundle('reprocess.pdf');
    const [pr2, qme] = await documentsOf(rawId);
    const edit = await server.gql<{ updateProcessedFile: { saved: boolean } }>(
      'mutation($id: ID!, $type: ID!) { updateProcessedFile(id: $id, changes: { applicant: "Maria G. Gonzalez", claim_number: ["CLM-77"], legal_file_type_id: $type }) { saved } }',
      { id: pr2!.id, type: qme!.legal_file_type_id },
      member.token,
    );
    expect(edit.data?.updateProcessedFile.saved).toBe(true);
    const asked = await server.gql(
      'mutation($id: ID!) { reprocessRawFile(id: $id) { status } }',
      { id: rawId },
      admin.token,
    );
    expect(asked.errors).toBeUndefined();
    await until(
      async () => (await logsOf(pr2!.id)).some((l) => l.action_type === 'reprocessed'),
      60_000,
      'the reprocessed log',
    );
    await settled(rawId);
    const after = await rowOf(pr2!.id);
    expect(after).toMatchObject({
      is_deleted: false,
      applicant: 'Maria G. Gonzalez',
      claim_number: ['CLM-77'],
      legal_file_type_id: qme!.legal_file_type_id,
      // The name follows the person's type and applicant, not the pipeline's.
      name: 'QME Report - Maria G. Gonzalez - 03/15/2023',
    });
    expect(after.edited_fields.sort()).toEqual(['applicant', 'claim_number', 'legal_file_type_id']);
  });
});
