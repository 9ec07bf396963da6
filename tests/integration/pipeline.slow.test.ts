/**
 * The document pipeline end to end: a bundle uploaded with tus goes through the pg-boss queue
 * into processed files with their own PDFs, types, numbers and the matched case; unreadable PDFs
 * end UNACCESSIBLE with the reason; reprocessing keeps staff edits; a failing run is retried
 * without writing any document twice.
 */
import { eq } from 'drizzle-orm';
import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifierModel,
  legalCase,
  legalProcessedFile,
  legalProcessedFileLog,
} from '../../src/server/db/schemaPipeline';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { learnTypeCorrection } from '../../src/server/domains/pipeline/corrections';
import { makeEncryptedPdf, makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { loadFixtures } from '../corpus';
import { liveDocuments } from './fixtures/documents';
import { settledRow } from './fixtures/pipeline-runs';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_CASE, BUNDLE_PAGES, BUNDLE_TRUTH } from './fixtures/bundle';
import { FIXTURES, PDF_END } from './fixtures/files';
import { registerOne, tusClient } from './fixtures/raw-files';
import { until } from '../support/until';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let caseId: string;

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const file = await registerOne(server, admin.token, companyId, { name, bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, name);
  expect(created.status).toBe(201);
  const patched = await tus.patch(created.location, 0, bytes);
  expect(patched.status).toBe(204);
  return file.id;
}

/** Waits for the pipeline to be done with the raw file, and returns its row. */
const settled = (id: string, timeoutMs?: number) => settledRow(server, id, timeoutMs);

const documentsOf = (id: string) => liveDocuments(server, id);

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  const [row] = await upsertCases(server.db, [
    {
      company_id: companyId,
      case_number: 'WC-2023-0415',
      client_name: BUNDLE_CASE.applicant,
      eams_number: BUNDLE_CASE.adj,
      date_of_injury: BUNDLE_CASE.injury,
    },
    {
      company_id: companyId,
      case_number: 'WC-2022-0099',
      client_name: 'Luis Ortega',
      eams_number: 'ADJ9876543',
    },
  ]);
  caseId = row!.id;
}, 120_000);
afterAll(async () => server.close());

describe('document pipeline through the queue', () => {
  it('given an uploaded bundle, then it becomes typed documents with their pages, numbers and case', async () => {
    const id = await upload('bundle.pdf', await makeTextPdf(BUNDLE_PAGES));
    const raw = await settled(id);
    expect(raw.status).toBe('Processed');
    expect(raw.no_of_pages).toBe(6);
    expect(raw.processed_files_count).toBe(3);
    const stages = (raw.processing_stages as Array<{ stage: string }>).map((s) => s.stage);
    expect(stages).toEqual(['pages', 'split', 'classify', 'extract', 'match', 'write']);

    const documents = await documentsOf(id);
    expect(documents.map((d) => [d.start_page_no, d.end_page_no])).toEqual(
      BUNDLE_TRUTH.map((t) => [t.startPage, t.endPage]),
    );
    const [pr2, qme] = documents;
    expect(pr2?.adj_number).toEqual([BUNDLE_CASE.adj]);
    expect(pr2?.claim_number).toEqual([BUNDLE_CASE.claim]);
    expect(pr2?.date_of_injury).toBe(BUNDLE_CASE.injury);
    expect(pr2?.legal_case_id).toBe(caseId);
    expect(qme?.applicant?.toUpperCase()).toBe('MARIA GONZALEZ');
    expect(qme?.is_exception).toBe(false);
    // Each document's own PDF holds exactly its pages.
    for (const document of documents) {
      const response = await fetch(`${server.url}${document.url}`, {
        headers: { authorization: `Bearer ${admin.token}` },
      });
      expect(response.status).toBe(200);
      const pdf = await PDFDocument.load(new Uint8Array(await response.arrayBuffer()));
      expect(pdf.getPageCount()).toBe(document.end_page_no - document.start_page_no + 1);
    }
    const logs = await server.db
      .select()
      .from(legalProcessedFileLog)
      .where(eq(legalProcessedFileLog.processed_file_id, pr2!.id));
    expect(logs.map((l) => l.action_type)).toEqual(['separated']);
  });

  it.each([
    // It ends like a PDF (so the upload takes it); inside it is nothing a reader can parse.
    [
      'corrupted',
      () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4000, 0x41), PDF_END]),
    ],
    ['encrypted', () => makeEncryptedPdf('secret')],
    [
      '0-page',
      async () => Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false })),
    ],
  ])(
    'given a %s PDF, then the raw file is UNACCESSIBLE with the reason and no documents',
    async (_, make) => {
      const id = await upload('broken.pdf', new Uint8Array(await make()));
      const raw = await settled(id);
      expect(raw.status).toBe('UNACCESSIBLE');
      expect(raw.processing_error).toBeTruthy();
      expect(await documentsOf(id)).toEqual([]);
    },
  );

  it('given an image that is only headers, then it is UNACCESSIBLE and the server keeps working', async () => {
    const id = await upload('photo.png', FIXTURES.png);
    const raw = await settled(id);
    expect(raw.status).toBe('UNACCESSIBLE');
    expect(raw.processing_error).toMatch(/not a readable image/);
    const again = await upload('after.pdf', await makeTextPdf(BUNDLE_PAGES));
    expect((await settled(again)).status).toBe('Processed');
  });

  it('given the generated 40-document bundle from the corpus, then every document is written once, in page order', async () => {
    // 40 documents generated; its truth files the proofs of service attached to a lien as the
    // lien's last page (issue 16's convention), so it holds fewer.
    const [fixture] = (await loadFixtures('text')).filter(
      (f) => f.truth.generator.documents === 40,
    );
    expect(fixture).toBeDefined();
    const id = await upload('corpus.pdf', new Uint8Array(await readFile(fixture!.pdfPath)));
    const raw = await settled(id, 120_000);
    expect(raw.status).toBe('Processed');
    expect(raw.no_of_pages).toBe(fixture!.truth.pageCount);
    const documents = await documentsOf(id);
    // Pages covered exactly once, in order; most boundaries right (accuracy is npm run eval's job).
    let next = 1;
    for (const d of documents) {
      expect(d.start_page_no).toBe(next);
      next = d.end_page_no + 1;
    }
    expect(next).toBe(fixture!.truth.pageCount + 1);
    const truthStarts = new Set(fixture!.truth.documents.map((d) => d.startPage));
    const right = documents.filter((d) => truthStarts.has(d.start_page_no)).length;
    expect(right / fixture!.truth.documents.length).toBeGreaterThan(0.9);
  }, 180_000);

  it('given a 500-page PDF, then it is processed page by page with memory bounded', async () => {
    // Five bundles' worth of pages over and over: 500 pages, many documents.
    const pages = Array.from({ length: 500 }, (_, i) => BUNDLE_PAGES[i % BUNDLE_PAGES.length]!);
    const id = await upload('big-bundle.pdf', await makeTextPdf(pages));
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 50);
    let raw;
    try {
      raw = await settled(id, 240_000);
    } finally {
      clearInterval(sampler);
    }
    expect(raw.status).toBe('Processed');
    expect(raw.no_of_pages).toBe(500);
    expect((peak - before) / 1024 / 1024).toBeLessThan(300);
    const documents = await documentsOf(id);
    expect(documents.at(-1)?.end_page_no).toBe(500);
  }, 300_000);

  it('given a processed bundle with a saved staff edit, when reprocessed, then the edit and the ids stay', async () => {
    const id = await upload('again.pdf', await makeTextPdf(BUNDLE_PAGES));
    await settled(id);
    const before = await documentsOf(id);
    const first = before[0]!;
    await server.db
      .update(legalProcessedFile)
      .set({ applicant: 'Maria G. Gonzalez', edited_fields: ['applicant'] })
      .where(eq(legalProcessedFile.id, first.id));
    const asked = await server.gql<{ reprocessRawFile: { status: string } }>(
      'mutation($id: ID!) { reprocessRawFile(id: $id) { status } }',
      { id },
      admin.token,
    );
    expect(asked.data?.reprocessRawFile.status).toBe('Uploaded');
    // Wait for the second run: its write logs "reprocessed" on every kept document.
    await until(
      async () =>
        (
          await server.db
            .select()
            .from(legalProcessedFileLog)
            .where(eq(legalProcessedFileLog.processed_file_id, first.id))
        ).some((l) => l.action_type === 'reprocessed'),
      60_000,
      'the reprocessed log',
    );
    const after = await documentsOf(id);
    expect(after.map((d) => d.id)).toEqual(before.map((d) => d.id));
    expect(after[0]?.applicant).toBe('Maria G. Gonzalez');
    expect(after[1]?.applicant?.toUpperCase()).toBe('MARIA GONZALEZ');
  });

  it('given a file still uploading, when reprocessing is asked, then it is refused plainly', async () => {
    const file = await registerOne(server, admin.token, companyId, {
      name: 'pending.pdf',
      bytes: await makeTextPdf([['x']]),
    });
    const asked = await server.gql(
      'mutation($id: ID!) { reprocessRawFile(id: $id) { status } }',
      { id: file.id },
      admin.token,
    );
    expect(asked.errors?.[0]?.message).toBe(
      'This file cannot be processed until its upload has finished.',
    );
  });

  it('shows the last run stage by stage on the raw file', async () => {
    const id = await upload('stages.pdf', await makeTextPdf(BUNDLE_PAGES));
    await settled(id);
    const r = await server.gql<{
      rawFile: {
        processing_stages: Array<{ stage: string; ms: number; attempt: number }>;
        processing_attempts: number;
        processed_at: string;
      };
    }>(
      'query($id: ID!) { rawFile(id: $id) { processing_stages { stage ms attempt } processing_attempts processed_at } }',
      { id },
      admin.token,
    );
    expect(r.data?.rawFile.processing_stages.map((s) => s.stage)).toContain('pages');
    expect(r.data?.rawFile.processing_attempts).toBe(1);
    expect(Date.parse(r.data?.rawFile.processed_at ?? '')).toBeGreaterThan(0);
  });

  it('given a staff correction of a type, then the company model learns it and is kept', async () => {
    const id = await upload('learn.pdf', await makeTextPdf(BUNDLE_PAGES));
    await settled(id);
    const service = (await documentsOf(id))[2]!;
    const learned = await learnTypeCorrection(server.db, {
      companyId,
      processedFileId: service.id,
      typeKey: 'correspondence',
    });
    expect(learned.predicted).toBe('correspondence');
    const [row] = await server.db
      .select()
      .from(classifierModel)
      .where(eq(classifierModel.company_id, companyId));
    expect(row?.examples).toBe(learned.examples);
    await expect(
      learnTypeCorrection(server.db, {
        companyId: admin.user.company_id!,
        processedFileId: '00000000-0000-4000-8000-000000000000',
        typeKey: 'pr2',
      }),
    ).rejects.toThrow(/not found/);
  });

  it('keeps cases in the database the matcher can find by number', async () => {
    const cases = await server.db
      .select()
      .from(legalCase)
      .where(eq(legalCase.company_id, companyId));
    expect(cases.find((c) => c.id === caseId)?.match_numbers).toContain('ADJ10234567');
  });
});
