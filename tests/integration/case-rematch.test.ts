/**
 * Issue 15 item 5: a case created or imported later is matched to the company's documents that
 * have none, in the background (the pipeline's re-match job), with the pipeline's own matcher.
 * A case a person chose (or cleared) is never overwritten, a matched document keeps its case,
 * deleted documents and other companies' are left alone, every change is logged, and a run is
 * bounded (batches, a cap, a follow-up run carrying on where it stopped).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legalProcessedFile,
  legalProcessedFileLog,
  type LegalProcessedFileRow,
} from '../../src/server/db/schemaPipeline';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { rematchCompany } from '../../src/server/domains/pipeline/rematch';
import { REMATCH_QUEUE } from '../../src/server/domains/pipeline/rematchQueue';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let companyId: string;
let otherCompanyId: string;
let admin: TestUser;

/** A document as the pipeline leaves one it could not match: numbers and applicant, no case. */
const unmatchedDoc = (adj: string, applicant: string) => ({
  adj_number: [adj],
  eams_number: [adj],
  applicant,
  exception_reasons: ['needs_case_number'],
});

async function rows(ids: string[]): Promise<LegalProcessedFileRow[]> {
  const found = await server.db
    .select()
    .from(legalProcessedFile)
    .where(inArray(legalProcessedFile.id, ids));
  return ids.map((id) => found.find((row) => row.id === id)!);
}

/** Whether no re-match job of the company is waiting or running. */
async function rematchIdle(company: string): Promise<boolean> {
  const result = await server.db.execute<{ n: number }>(sql`
    SELECT count(*)::int AS n FROM pgboss.job
    WHERE name = ${REMATCH_QUEUE} AND singleton_key = ${company}
      AND state IN ('created', 'retry', 'active')`);
  return result.rows[0]?.n === 0;
}

async function caseIdOf(caseNumber: string, company = companyId): Promise<string> {
  const result = await server.db.execute<{ id: string }>(
    sql`SELECT id FROM legal_case WHERE company_id = ${company} AND case_number = ${caseNumber}`,
  );
  return result.rows[0]!.id;
}

beforeAll(async () => {
  server = await startTestServer(
    { pipelineWorkers: 1 },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  const signedUp = await server.signUpCompany({ is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  otherCompanyId = (await server.signUpCompany({ is_legal: true })).company.id;
}, 120_000);
afterAll(async () => server.close());

describe('re-matching documents when cases are added', () => {
  it('given documents without a case, when a case with their number is created, then the unmatched ones get it in the background', async () => {
    const [existing] = await upsertCases(server.db, [
      { company_id: companyId, case_number: 'OLD-1', name: 'Someone else', client_name: 'Ann Lee' },
    ]);
    const [waiting, personCleared, alreadyMatched, deleted] = await seedDocuments(
      server,
      companyId,
      [
        unmatchedDoc('ADJ10234567', 'Maria Gonzalez'),
        { ...unmatchedDoc('ADJ10234567', 'Maria Gonzalez'), edited_fields: ['legal_case_id'] },
        { ...unmatchedDoc('ADJ10234567', 'Maria Gonzalez'), legal_case_id: existing!.id },
        { ...unmatchedDoc('ADJ10234567', 'Maria Gonzalez'), is_deleted: true },
      ],
    );
    const [elsewhere] = await seedDocuments(server, otherCompanyId, [
      unmatchedDoc('ADJ10234567', 'Maria Gonzalez'),
    ]);
    const before = await rows([waiting!, personCleared!, alreadyMatched!, deleted!, elsewhere!]);

    const created = await server.gql<{ createLegalCase: { id: string } }>(
      'mutation($c: ID!, $i: LegalCaseInput!) { createLegalCase(company_id: $c, input: $i) { id } }',
      {
        c: companyId,
        i: {
          case_number: 'HV-2023-0415',
          client_name: 'Maria Gonzalez',
          eams_number: 'ADJ10234567',
        },
      },
      admin.token,
    );
    expect(created.errors).toBeUndefined();
    const caseId = created.data!.createLegalCase.id;

    await until(
      async () => (await rows([waiting!]))[0]!.legal_case_id === caseId,
      60_000,
      'the waiting document to be matched',
    );
    await until(() => rematchIdle(companyId), 60_000, 'the re-match job to end');

    const [matched, ...untouched] = await rows([
      waiting!,
      personCleared!,
      alreadyMatched!,
      deleted!,
      elsewhere!,
    ]);
    expect(matched).toMatchObject({
      legal_case_id: caseId,
      exception_reasons: [],
      is_exception: false,
      version: before[0]!.version + 1,
    });
    expect(matched!.recommended_cases).toEqual([expect.objectContaining({ caseId })]);
    // A person's choice, a case already there, a deleted document and another company: unchanged.
    expect(untouched).toEqual(before.slice(1));

    const logs = await server.db
      .select()
      .from(legalProcessedFileLog)
      .where(
        and(
          eq(legalProcessedFileLog.processed_file_id, waiting!),
          eq(legalProcessedFileLog.action_type, 'rematched'),
        ),
      );
    expect(logs).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          field: 'legal_case_id',
          original_value: null,
          updated_value: caseId,
          updated_by_name: 'LexDesk pipeline',
        }),
      ]),
    );
  }, 120_000);

  it('given a document without a case, when cases are imported from a CSV, then it is matched to the imported case', async () => {
    const [waiting] = await seedDocuments(server, companyId, [
      unmatchedDoc('ADJ13304418', 'Linh Nguyen'),
    ]);
    const imported = await server.gql<{ importLegalCases: { created: number } }>(
      'mutation($c: ID!, $csv: String!) { importLegalCases(company_id: $c, csv: $csv) { created } }',
      {
        c: companyId,
        csv: 'case_number,client_name,eams_number\nHV-2021-0233,Linh Nguyen,ADJ13304418\n',
      },
      admin.token,
    );
    expect(imported.data?.importLegalCases.created).toBe(1);
    const caseId = await caseIdOf('HV-2021-0233');
    await until(
      async () => (await rows([waiting!]))[0]!.legal_case_id === caseId,
      60_000,
      'the document to be matched to the imported case',
    );
  }, 120_000);

  it('given more unmatched documents than a run may take, then it stops at its cap and the next run carries on', async () => {
    const company = (await server.signUpCompany({ is_legal: true })).company.id;
    // Written straight to the table: no re-match job runs for this company behind the test.
    await upsertCases(server.db, [
      {
        company_id: company,
        case_number: 'C-1',
        client_name: 'Ray Ortiz',
        eams_number: 'ADJ20000001',
      },
    ]);
    const ids = await seedDocuments(
      server,
      company,
      Array.from({ length: 5 }, () => unmatchedDoc('ADJ20000001', 'Ray Ortiz')),
    );
    const sorted = [...ids].sort();
    const caseId = await caseIdOf('C-1', company);

    const first = await rematchCompany(server.db, company, { batchSize: 2, cap: 3 });
    expect(first).toEqual({ examined: 3, matched: 3, recommended: 0, next: sorted[2] });
    const second = await rematchCompany(server.db, company, {
      after: first.next!,
      batchSize: 2,
      cap: 3,
    });
    expect(second).toEqual({ examined: 2, matched: 2, recommended: 0, next: null });
    expect((await rows(ids)).map((row) => row.legal_case_id)).toEqual(ids.map(() => caseId));

    // Nothing is left to match: a further run examines nothing.
    expect(await rematchCompany(server.db, company)).toEqual({
      examined: 0,
      matched: 0,
      recommended: 0,
      next: null,
    });
  });
});
