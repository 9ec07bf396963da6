/**
 * Issue 16: stored documents read again (a re-split's re-extraction, a re-match after a case is
 * created) read a scanned claim number through the chosen case, as the pipeline's run does: the
 * raw file keeps which pages were read by OCR. A scan of the small bundle (PR-2 pp. 1-2, QME
 * pp. 3-5, proof of service p. 6) prints the claim ZNT-44-019283 as ZNT-44-O19283; it is processed
 * before its case exists, so it is left with the OCR reading and no case. A text layer printing
 * the same is left as printed, as is a document whose pages are not known to be OCR, and claim
 * numbers a person set are never changed. The pipeline is run here with an OCR engine that
 * answers each page's text, so no Tesseract is needed.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import {
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../src/server/db/schemaPipeline';
import { createStorage } from '../../src/server/domains/files/s3/createStorage';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { processRawFile } from '../../src/server/domains/pipeline/processRawFile';
import { rematchCompany } from '../../src/server/domains/pipeline/rematch';
import type { OcrEngine } from '../../src/server/pipeline/pages/ocr/types';
import {
  makeImagePdf,
  makeTextPdf,
  makeTextPng,
} from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_CASE, BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments, seedDocuments, seedRawFile } from './fixtures/documents';
import { registerOne, tusClient } from './fixtures/raw-files';

/** The claim number as OCR read it: the case's 0 read as the letter O. */
const READ = 'ZNT-44-O19283';
const NOTE = `claim number OCR read as ${READ} taken as ${BUNDLE_CASE.claim} (look-alikes)`;
const SCANNED_PAGES = BUNDLE_PAGES.map((lines) =>
  lines.map((line) => line.replace(BUNDLE_CASE.claim, READ)),
);

let server: TestServer;

/**
 * An OCR engine answering the pages' texts in order: the PDF reader asks for each page's
 * recognition in page order (pdfPages.ts readPage), whatever finishes first.
 */
function pagesOcr(pages: string[][]): OcrEngine {
  let next = 0;
  return {
    kind: 'wasm',
    concurrency: 1,
    recognize: () => {
      const lines = pages[next] ?? [];
      next += 1;
      return Promise.resolve({ text: lines.join('\n'), confidence: 0.9 });
    },
    close: () => Promise.resolve(),
  };
}

interface Firm {
  companyId: string;
  admin: TestUser;
  member: TestUser;
}

async function newFirm(): Promise<Firm> {
  const signedUp = await server.signUpCompany({ is_legal: true });
  const companyId = signedUp.company.id;
  const member = await server.addUser({ companyId, legalUserType: 'paralegal' });
  return { companyId, admin: signedUp.admin, member };
}

/** Uploads pages (a scan, or a text PDF) and runs the pipeline over them; their documents. */
async function processPages(firm: Firm, kind: 'scan' | 'text', pages: string[][]) {
  const name = `${kind}-bundle.pdf`;
  const bytes =
    kind === 'scan'
      ? await makeImagePdf(await Promise.all(pages.map((lines) => makeTextPng(lines, { dpi: 40 }))))
      : await makeTextPdf(pages);
  const file = await registerOne(server, firm.admin.token, firm.companyId, { name, bytes });
  const tus = tusClient(server, firm.admin.token);
  const created = await tus.create(file.id, bytes.length, name);
  expect(created.status).toBe(201);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  const outcome = await processRawFile(
    {
      db: server.db,
      storage: createStorage(server.config),
      ocr: () => Promise.resolve(pagesOcr(pages)),
    },
    file.id,
  );
  expect(outcome.status).toBe('processed');
  return { rawId: file.id, documents: await liveDocuments(server, file.id) };
}

/** The bundle with its OCR-read claim number, processed before its case exists. */
async function processBundle(firm: Firm, kind: 'scan' | 'text') {
  const { rawId, documents } = await processPages(firm, kind, SCANNED_PAGES);
  expect(documents.map((d) => [d.start_page_no, d.end_page_no])).toEqual([
    [1, 2],
    [3, 5],
    [6, 6],
  ]);
  // No case yet: the pipeline left the OCR reading as it was.
  expect(documents.map((d) => [d.claim_number, d.legal_case_id])).toEqual([
    [[READ], null],
    [[READ], null],
    [[], null],
  ]);
  return { rawId, documents };
}

/** The bundle's case, created after the bundle was processed (no re-match job runs behind it). */
async function createCase(firm: Firm): Promise<string> {
  const [legalCase] = await upsertCases(server.db, [
    {
      company_id: firm.companyId,
      case_number: 'WC-2023-0315',
      client_name: BUNDLE_CASE.applicant,
      eams_number: BUNDLE_CASE.adj,
      primary_number: BUNDLE_CASE.claim,
    },
  ]);
  return legalCase!.id;
}

async function rowOf(id: string): Promise<LegalProcessedFileRow> {
  const [row] = await server.db
    .select()
    .from(legalProcessedFile)
    .where(eq(legalProcessedFile.id, id));
  return row!;
}

/** The case's match reasons stored with the document. */
function reasonsFor(row: LegalProcessedFileRow, caseId: string): string[] {
  const entries = row.recommended_cases as Array<{ caseId: string; reasons: string[] }>;
  return entries.find((entry) => entry.caseId === caseId)?.reasons ?? [];
}

async function logsOf(id: string, action: string) {
  const rows = await server.db
    .select()
    .from(legalProcessedFileLog)
    .where(
      and(
        eq(legalProcessedFileLog.processed_file_id, id),
        eq(legalProcessedFileLog.action_type, action),
      ),
    );
  return rows.map((l) => [l.field, l.original_value, l.updated_value]);
}

async function update(id: string, changes: Record<string, unknown>, token: string) {
  const r = await server.gql<{ updateProcessedFile: { saved: boolean } }>(
    `mutation($id: ID!, $changes: ProcessedFileChanges!) {
      updateProcessedFile(id: $id, changes: $changes) { saved }
    }`,
    { id, changes },
    token,
  );
  expect(r.errors).toBeUndefined();
  expect(r.data?.updateProcessedFile.saved).toBe(true);
}

beforeAll(async () => {
  // No pipeline workers: each test runs the pipeline itself, with its page-answering OCR engine.
  server = await startTestServer();
}, 120_000);
afterAll(async () => server.close());

describe('stored documents read again read a scanned claim number through their case', () => {
  it('given a scan, then its raw file keeps its OCR pages, and a text PDF none', async () => {
    const firm = await newFirm();
    const scan = await processBundle(firm, 'scan');
    const text = await processBundle(firm, 'text');
    const ocrPages = async (id: string) =>
      (await server.db.select().from(rawFile).where(eq(rawFile.id, id)))[0]?.ocr_pages;
    expect(await ocrPages(scan.rawId)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(await ocrPages(text.rawId)).toEqual([]);
  });

  it('given a scanned document re-split after its case was created, then its re-extraction reads the claim number as the case’s and logs it', async () => {
    const firm = await newFirm();
    const { documents } = await processBundle(firm, 'scan');
    const caseId = await createCase(firm);
    const [pr2, qme] = documents;

    // The QME grows over the proof of service: its pages are read again and matched to the case.
    await update(qme!.id, { end_page_no: 6 }, firm.member.token);
    const after = await rowOf(qme!.id);
    expect(after).toMatchObject({
      start_page_no: 3,
      end_page_no: 6,
      legal_case_id: caseId,
      claim_number: [BUNDLE_CASE.claim],
    });
    expect(reasonsFor(after, caseId)).toContain(NOTE);
    expect(await logsOf(qme!.id, 'resplit')).toEqual(
      expect.arrayContaining([
        ['claim_number', READ, BUNDLE_CASE.claim],
        ['legal_case', null, 'WC-2023-0315'],
      ]),
    );
    // The PR-2, whose pages did not change, is not read again.
    expect(await rowOf(pr2!.id)).toEqual(pr2);
  });

  it('given a person set a scanned document’s claim number, when it is re-split, then the person’s number stays and no reading is noted', async () => {
    const firm = await newFirm();
    const { documents } = await processBundle(firm, 'scan');
    const caseId = await createCase(firm);
    const [, qme] = documents;
    // Without the person's edit this is one the case's number would be read through.
    await update(qme!.id, { claim_number: ['ZNT44O19283'] }, firm.member.token);

    await update(qme!.id, { end_page_no: 6 }, firm.member.token);
    const after = await rowOf(qme!.id);
    expect(after).toMatchObject({ legal_case_id: caseId, claim_number: ['ZNT44O19283'] });
    expect(reasonsFor(after, caseId).some((reason) => reason.includes(' taken as '))).toBe(false);
    expect((await logsOf(qme!.id, 'resplit')).some(([field]) => field === 'claim_number')).toBe(
      false,
    );
  });

  it('given caseless scanned documents, when they are re-matched after their case is created, then they get the case and the claim number read through it, except one a person set', async () => {
    const firm = await newFirm();
    const { documents } = await processBundle(firm, 'scan');
    const [pr2, qme, proof] = documents;
    await update(pr2!.id, { claim_number: ['ZNT44O19283'] }, firm.member.token);
    const caseId = await createCase(firm);

    const result = await rematchCompany(server.db, firm.companyId);
    expect(result).toMatchObject({ examined: 3, matched: 3 });

    const matched = await rowOf(qme!.id);
    expect(matched).toMatchObject({ legal_case_id: caseId, claim_number: [BUNDLE_CASE.claim] });
    expect(reasonsFor(matched, caseId)).toContain(NOTE);
    expect(await logsOf(qme!.id, 'rematched')).toEqual(
      expect.arrayContaining([
        ['legal_case_id', null, caseId],
        ['claim_number', READ, BUNDLE_CASE.claim],
      ]),
    );
    // The person's claim number stays (the case is still the pipeline's to choose).
    const edited = await rowOf(pr2!.id);
    expect(edited).toMatchObject({ legal_case_id: caseId, claim_number: ['ZNT44O19283'] });
    expect(reasonsFor(edited, caseId)).not.toContain(NOTE);
    expect((await logsOf(pr2!.id, 'rematched')).map(([field]) => field)).not.toContain(
      'claim_number',
    );
    // The proof of service has no claim number: only its case changes.
    expect(await rowOf(proof!.id)).toMatchObject({ legal_case_id: caseId, claim_number: [] });
  });

  it('given scanned documents whose applicant OCR damaged, when re-matched after their case is created, then the applicant is read as the case’s client and the name follows, except a name a person set', async () => {
    const firm = await newFirm();
    const damaged = SCANNED_PAGES.map((lines) =>
      lines.map((line) =>
        line
          .replace('Maria Gonzalez', 'Maria Gonzalcz')
          .replace('MARIA GONZALEZ', 'MARIA GONZALCZ'),
      ),
    );
    const { documents } = await processPages(firm, 'scan', damaged);
    const [pr2, qme] = documents;
    expect([pr2!.applicant, qme!.applicant]).toEqual(['Maria Gonzalcz', 'MARIA GONZALCZ']);
    expect(pr2!.name).toContain('Maria Gonzalcz');
    await update(qme!.id, { name: 'QME report from Dr. Lin' }, firm.member.token);
    const caseId = await createCase(firm);

    await rematchCompany(server.db, firm.companyId);
    const renamed = await rowOf(pr2!.id);
    expect(renamed).toMatchObject({ legal_case_id: caseId, applicant: 'Maria Gonzalez' });
    expect(renamed.name).toBe(pr2!.name.replace('Maria Gonzalcz', 'Maria Gonzalez'));
    expect(reasonsFor(renamed, caseId)).toContain(
      "applicant OCR read as Maria Gonzalcz taken as Maria Gonzalez (the case's client)",
    );
    expect(await logsOf(pr2!.id, 'rematched')).toEqual(
      expect.arrayContaining([
        ['applicant', 'Maria Gonzalcz', 'Maria Gonzalez'],
        ['name', pr2!.name, renamed.name],
      ]),
    );
    // A person named the QME report: its applicant is read through the case (in the capitals it
    // prints), its name stays theirs.
    const named = await rowOf(qme!.id);
    expect(named).toMatchObject({ applicant: 'MARIA GONZALEZ', name: 'QME report from Dr. Lin' });
    expect((await logsOf(qme!.id, 'rematched')).map(([field]) => field)).not.toContain('name');
  });

  it('given a text layer, or pages not known to be OCR, when re-matched, then the claim number stays as printed', async () => {
    const firm = await newFirm();
    const { documents } = await processBundle(firm, 'text');
    // A document processed before OCR pages were kept: its raw file's ocr_pages is null.
    const older = await seedRawFile(server, firm.companyId, { pages: 1 });
    const [unknown] = await seedDocuments(
      server,
      firm.companyId,
      [
        {
          adj_number: [BUNDLE_CASE.adj],
          eams_number: [BUNDLE_CASE.adj],
          claim_number: [READ],
          applicant: BUNDLE_CASE.applicant,
          exception_reasons: ['needs_case_number'],
        },
      ],
      older,
    );
    const caseId = await createCase(firm);

    await rematchCompany(server.db, firm.companyId);
    for (const id of [documents[0]!.id, documents[1]!.id, unknown!]) {
      const row = await rowOf(id);
      expect(row).toMatchObject({ legal_case_id: caseId, claim_number: [READ] });
      expect(reasonsFor(row, caseId)).not.toContain(NOTE);
      expect((await logsOf(id, 'rematched')).map(([field]) => field)).not.toContain('claim_number');
    }
  });
});

describe("the pipeline's run reads a scan's applicant through its case and its parties through the file", () => {
  it('given a case, when a scan prints its applicant and carrier damaged on one page, then that page reads them as the case and the other pages do, and a text layer stays as printed', async () => {
    const firm = await newFirm();
    const caseId = await createCase(firm);
    // The PR-2's page damaged: an "e" read as "c" in the surname, "m" as "rn" in the carrier.
    const damaged = BUNDLE_PAGES.map((lines, page) =>
      page === 0
        ? lines.map((line) =>
            line.replace('Maria Gonzalez', 'Maria Gonzalcz').replace('Company', 'Cornpany'),
          )
        : lines,
    );
    const scan = await processPages(firm, 'scan', damaged);
    const pr2 = await rowOf(scan.documents[0]!.id);
    expect(pr2).toMatchObject({
      legal_case_id: caseId,
      applicant: 'Maria Gonzalez',
      // The file prints the carrier in small letters only on the damaged page: the captions' capitals.
      defendants: ['Acme Warehousing Inc.', 'ZENITH INSURANCE COMPANY'],
    });
    expect(reasonsFor(pr2, caseId)).toContain(
      "applicant OCR read as Maria Gonzalcz taken as Maria Gonzalez (the case's client)",
    );
    const text = await processPages(firm, 'text', damaged);
    expect(await rowOf(text.documents[0]!.id)).toMatchObject({
      applicant: 'Maria Gonzalcz',
      defendants: ['Acme Warehousing Inc.', 'Zenith Insurance Cornpany'],
    });
  });
});
