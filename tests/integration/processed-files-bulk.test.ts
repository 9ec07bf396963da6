/**
 * Bulk actions on documents (issue 15 item 16) against real PostgreSQL: one bulkProcessedFiles
 * call per action; each document is checked as a single edit is (another tenant's id answers like
 * a missing one), the batch is all or nothing (one bad document changes none), every document
 * gets the same change logs a single edit writes, and delete is undone by restore.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  legalFileType,
  legalProcessedFile,
  legalProcessedFileLog,
} from '../../src/server/db/schemaPipeline';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments } from './fixtures/documents';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let paralegal: TestUser;
let otherAdmin: TestUser;
let otherCompany: string;
let caseId: string;
let otherCaseId: string;
let qmeTypeId: string;

const BULK = `mutation($input: BulkProcessedFilesInput!) {
  bulkProcessedFiles(input: $input) { action ids }
}`;

async function bulk(token: string, input: Record<string, unknown>) {
  const r = await server.gql<{ bulkProcessedFiles: { action: string; ids: string[] } }>(
    BULK,
    { input },
    token,
  );
  return {
    result: r.data?.bulkProcessedFiles,
    code: r.errors?.[0]?.extensions?.code,
    issues: (r.errors?.[0]?.extensions?.issues ?? []) as Array<{ path: string; message: string }>,
  };
}

const rows = (ids: string[]) =>
  server.db
    .select()
    .from(legalProcessedFile)
    .where(inArray(legalProcessedFile.id, ids))
    .orderBy(legalProcessedFile.start_page_no);

const logsOf = (ids: string[]) =>
  server.db
    .select()
    .from(legalProcessedFileLog)
    .where(inArray(legalProcessedFileLog.processed_file_id, ids));

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  paralegal = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const other = await server.signUpCompany({ name: 'Beta Law', is_legal: true });
  otherCompany = other.company.id;
  otherAdmin = other.admin;
  const types = await server.gql<{ legalFileTypes: unknown[] }>(
    'query($c: ID!) { legalFileTypes(company_id: $c) { id } }',
    { c: companyId },
    admin.token,
  );
  expect(types.data?.legalFileTypes.length).toBeGreaterThan(5);
  const [qme] = await server.db
    .select({ id: legalFileType.id })
    .from(legalFileType)
    .where(eq(legalFileType.key, 'qme_report'));
  qmeTypeId = qme!.id;
  const cases = await upsertCases(server.db, [
    { company_id: companyId, case_number: 'WC-2023-0415', client_name: 'Maria Gonzalez' },
    { company_id: otherCompany, case_number: 'WC-B-1' },
  ]);
  caseId = cases[0]!.id;
  otherCaseId = cases[1]!.id;
}, 120_000);
afterAll(async () => server.close());

describe('bulkProcessedFiles', () => {
  it('given three documents, when a paralegal marks them reviewed, then all are reviewed and each is logged as a single review is', async () => {
    const ids = await seedDocuments(server, companyId, [
      { exception_reasons: ['needs_case_number'] },
      {},
      {},
    ]);
    const r = await bulk(paralegal.token, { action: 'mark_reviewed', ids });
    expect(r.code).toBeUndefined();
    expect(r.result).toEqual({ action: 'mark_reviewed', ids });
    const after = await rows(ids);
    expect(after.every((row) => row.reviewed_at !== null && !row.is_exception)).toBe(true);
    expect(after.every((row) => row.reviewed_by === paralegal.user.id)).toBe(true);
    const logs = await logsOf(ids);
    expect(logs.map((log) => [log.processed_file_id, log.action_type, log.field]).sort()).toEqual(
      ids.map((id) => [id, 'reviewed', 'reviewed_at']).sort(),
    );
    expect(new Set(logs.map((log) => log.updated_by_id))).toEqual(new Set([paralegal.user.id]));
  });

  it('given a case and a type, when assigned in bulk, then every document has them and each change is logged by name', async () => {
    const ids = await seedDocuments(server, companyId, [{}, {}]);
    expect(
      (await bulk(admin.token, { action: 'assign_case', ids, legal_case_id: caseId })).code,
    ).toBeUndefined();
    expect(
      (await bulk(admin.token, { action: 'change_type', ids, legal_file_type_id: qmeTypeId })).code,
    ).toBeUndefined();
    const after = await rows(ids);
    expect(after.map((row) => [row.legal_case_id, row.legal_file_type_id])).toEqual([
      [caseId, qmeTypeId],
      [caseId, qmeTypeId],
    ]);
    const logs = await logsOf(ids);
    expect(
      logs.filter((log) => log.field === 'legal_case').map((log) => log.updated_value),
    ).toEqual(['WC-2023-0415', 'WC-2023-0415']);
    expect(logs.filter((log) => log.field === 'legal_file_type')).toHaveLength(2);
  });

  it('given one document of another company among them, then nothing is changed and its place is named', async () => {
    const mine = await seedDocuments(server, companyId, [{}, {}]);
    const [theirs] = await seedDocuments(server, otherCompany, [{}]);
    const ids = [mine[0]!, theirs!, mine[1]!];
    const r = await bulk(admin.token, { action: 'mark_reviewed', ids });
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues).toEqual([
      { path: 'ids.1', message: 'No such document; nothing was changed.' },
    ]);
    expect((await rows(ids)).every((row) => row.reviewed_at === null)).toBe(true);
    expect(await logsOf(ids)).toEqual([]);

    // The other company cannot touch ours either; their own document is theirs to change.
    expect((await bulk(otherAdmin.token, { action: 'delete', ids: mine })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await rows(mine)).every((row) => !row.is_deleted)).toBe(true);
    expect((await bulk(otherAdmin.token, { action: 'delete', ids: [theirs!] })).code).toBe(
      undefined,
    );
  });

  it('given a case or type of another company, then nothing is changed', async () => {
    const ids = await seedDocuments(server, companyId, [{}, {}]);
    const r = await bulk(admin.token, { action: 'assign_case', ids, legal_case_id: otherCaseId });
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues[0]?.path).toBe('ids.0');
    expect((await rows(ids)).every((row) => row.legal_case_id === null)).toBe(true);
  });

  it('given a delete, when undone with restore, then the documents come back and both are logged', async () => {
    const ids = await seedDocuments(server, companyId, [{}, {}, {}]);
    expect((await bulk(paralegal.token, { action: 'delete', ids })).code).toBeUndefined();
    expect((await rows(ids)).every((row) => row.is_deleted)).toBe(true);
    // A deleted document cannot be reviewed: the whole batch is refused.
    expect((await bulk(paralegal.token, { action: 'mark_reviewed', ids })).code).toBe(
      'INVALID_INPUT',
    );
    expect((await bulk(paralegal.token, { action: 'restore', ids })).code).toBeUndefined();
    expect((await rows(ids)).every((row) => !row.is_deleted && row.deleted_at === null)).toBe(true);
    const actions = (await logsOf(ids)).map((log) => log.action_type).sort();
    expect(actions).toEqual(['deleted', 'deleted', 'deleted', 'restored', 'restored', 'restored']);
  });

  it('given bad input, then it is refused with a clear issue, never a 500', async () => {
    const [id] = await seedDocuments(server, companyId, [{}]);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ action: 'mark_reviewed', ids: [] }, 'Choose at least one document.'],
      [{ action: 'mark_reviewed', ids: [id, id] }, 'Each document may be named once.'],
      [{ action: 'assign_case', ids: [id] }, 'Choose a case.'],
      [{ action: 'explode', ids: [id] }, ''],
    ];
    for (const [input, message] of cases) {
      const r = await bulk(admin.token, input);
      expect(r.code).toBe('INVALID_INPUT');
      if (message) expect(r.issues.map((issue) => issue.message)).toContain(message);
    }
    expect((await bulk('', { action: 'delete', ids: [id] })).code).toBe('NOT_AUTHENTICATED');
  });
});
