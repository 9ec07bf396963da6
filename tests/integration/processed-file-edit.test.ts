/**
 * One processed file against real PostgreSQL: reading it (GraphQL and REST) with its type and
 * folder, case, recommended cases and extracted values; editing with logs, admin logs, conflict
 * detection between two editors, exception reasons recomputed and the company's model learning
 * a type correction; review mark, soft delete and undo; change logs; column configuration;
 * extracted values; the notifications about a document; and bad input answered INVALID_INPUT
 * with issues, never a 500. Re-splitting real PDFs is in processed-file-resplit.test.ts.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import {
  adminFileChangeLog,
  classifierModel,
  legalCompanyDataForExtraction,
  legalExtractedDataForProcessedFile,
  legalFileType,
  legalProcessedFile,
  legalProcessedFileLog,
  dataFieldPrompts,
} from '../../src/server/db/schemaPipeline';
import { upsertCases } from '../../src/server/domains/pipeline/cases';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments, seedRawFile } from './fixtures/documents';
import { rest } from './fixtures/raw-files';

const MISSING = '00000000-0000-4000-8000-000000000000';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let member: TestUser;
let otherCompany: string;
let otherAdmin: TestUser;
let caseId: string;
let deletedCaseId: string;
let otherCaseId: string;
let qmeTypeId: string;
let pr2TypeId: string;
let otherTypeId: string;

interface FileView {
  id: string;
  name: string;
  applicant: string | null;
  defendant: string | null;
  adj_number: string[];
  claim_number: string[];
  version: number;
  edited_fields: string[];
  is_exception: boolean;
  exception_reasons: string[];
  legal_file_type_id: string | null;
  legal_case_id: string | null;
  crm_case_id: string | null;
  date_of_injury: string | null;
  date_of_injury_end: string | null;
  is_deleted: boolean;
  deleted_at: string | null;
  reviewed_at: string | null;
  reviewed_by: string | null;
}
const FILE_FIELDS = `id name applicant defendant adj_number claim_number version edited_fields is_exception
  exception_reasons legal_file_type_id legal_case_id crm_case_id date_of_injury date_of_injury_end
  is_deleted deleted_at reviewed_at reviewed_by`;

interface Conflict {
  field: string;
  base_value: string | null;
  server_value: string | null;
  your_value: string | null;
}
interface Issue {
  path: string;
  message: string;
}

async function update(
  token: string,
  id: string,
  changes: Record<string, unknown>,
  base?: Record<string, unknown>,
) {
  const r = await server.gql<{
    updateProcessedFile: { saved: boolean; conflicts: Conflict[]; file: FileView };
  }>(
    `mutation($id: ID!, $changes: ProcessedFileChanges!, $base: ProcessedFileChanges) {
      updateProcessedFile(id: $id, changes: $changes, base: $base) {
        saved conflicts { field base_value server_value your_value } file { ${FILE_FIELDS} }
      }
    }`,
    { id, changes, ...(base ? { base } : {}) },
    token,
  );
  return {
    result: r.data?.updateProcessedFile,
    code: r.errors?.[0]?.extensions?.code,
    message: r.errors?.[0]?.message,
    issues: (r.errors?.[0]?.extensions?.issues ?? []) as Issue[],
  };
}

async function fileOf(id: string, token = admin.token): Promise<FileView | null | undefined> {
  const r = await server.gql<{ processedFile: FileView | null }>(
    `query($id: ID!) { processedFile(id: $id) { ${FILE_FIELDS} } }`,
    { id },
    token,
  );
  expect(r.errors).toBeUndefined();
  return r.data?.processedFile;
}

async function logsOf(id: string) {
  const r = await server.gql<{
    processedFileLogs: Array<{
      field: string;
      original_value: string | null;
      updated_value: string | null;
      updated_by_name: string | null;
      updated_by_email: string | null;
      updated_by_id: string | null;
      updated_by_role: string | null;
      action_type: string;
      is_exception_value: boolean;
    }>;
  }>(
    `query($id: ID!) { processedFileLogs(processed_file_id: $id) {
      field original_value updated_value updated_by_name updated_by_email updated_by_id
      updated_by_role action_type is_exception_value created_at } }`,
    { id },
    admin.token,
  );
  return r.data?.processedFileLogs ?? [];
}

async function mutate(token: string, name: string, id: string) {
  const r = await server.gql<Record<string, FileView>>(
    `mutation($id: ID!) { ${name}(id: $id) { ${FILE_FIELDS} } }`,
    { id },
    token,
  );
  return {
    file: r.data?.[name],
    code: r.errors?.[0]?.extensions?.code,
    issues: (r.errors?.[0]?.extensions?.issues ?? []) as Issue[],
  };
}

const typeId = async (company: string, key: string) => {
  const [row] = await server.db
    .select({ id: legalFileType.id })
    .from(legalFileType)
    .where(and(eq(legalFileType.company_id, company), eq(legalFileType.key, key)));
  return row!.id;
};

beforeAll(async () => {
  server = await startTestServer();
  const signedUp = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  companyId = signedUp.company.id;
  admin = signedUp.admin;
  member = await server.addUser({ companyId, legalUserType: 'paralegal' });
  const other = await server.signUpCompany({ name: 'Beta Law', is_legal: true });
  otherCompany = other.company.id;
  otherAdmin = other.admin;
  // The pickers' query seeds the default taxonomy of each company.
  for (const [company, token] of [
    [companyId, admin.token],
    [otherCompany, otherAdmin.token],
  ] as const) {
    const types = await server.gql<{ legalFileTypes: unknown[] }>(
      'query($c: ID!) { legalFileTypes(company_id: $c) { id } }',
      { c: company },
      token,
    );
    expect(types.data?.legalFileTypes.length).toBeGreaterThan(5);
  }
  qmeTypeId = await typeId(companyId, 'qme_report');
  pr2TypeId = await typeId(companyId, 'pr2');
  otherTypeId = await typeId(otherCompany, 'qme_report');
  const cases = await upsertCases(server.db, [
    { company_id: companyId, case_number: 'WC-2023-0415', client_name: 'Maria Gonzalez' },
    { company_id: companyId, case_number: 'WC-OLD-1', is_deleted: true },
    { company_id: otherCompany, case_number: 'WC-B-1' },
  ]);
  caseId = cases[0]!.id;
  deletedCaseId = cases[1]!.id;
  otherCaseId = cases[2]!.id;
}, 120_000);
afterAll(async () => server.close());

describe('reading a processed file', () => {
  let id: string;
  beforeAll(async () => {
    [id] = (await seedDocuments(server, companyId, [
      {
        name: 'QME Report - Maria Gonzalez (p. 1)',
        url: '/files/abcdefghijklmnopqrstuvwxyz012345',
        legal_file_type_id: qmeTypeId,
        legal_case_id: caseId,
        date_of_injury: '2023-03-15',
        date_of_injury_end: '2023-09-30',
        adj_number: ['ADJ10234567'],
        recommended_cases: [
          { caseId, score: 0.95, reasons: ['ADJ number ADJ10234567 matches'] },
          { caseId: deletedCaseId, score: 0.5, reasons: ['applicant name agrees'] },
        ],
      },
    ])) as [string];
    await server.db.insert(legalExtractedDataForProcessedFile).values([
      { processed_file_id: id, data_field: 'employer', extracted_value: 'Acme Warehousing' },
      {
        processed_file_id: id,
        data_field: 'gone',
        extracted_value: 'old',
        is_deleted: true,
      },
    ]);
  });

  it('given a document with type, case, recommendations and values, then GraphQL returns them all', async () => {
    const r = await server.gql<{ processedFile: Record<string, unknown> }>(
      `query($id: ID!) { processedFile(id: $id) {
        id url raw_file_name raw_file_uploaded_at date_of_injury date_of_injury_end
        legal_file_type { id name company_id legal_document_folder { id name hex_code } }
        legal_case { id case_id case_number documents_count }
        recommended_cases { case_id score reasons case { case_number } }
        extracted_data { data_field extracted_value is_saved_in_crm }
        version snippet rank
      } }`,
      { id },
      member.token,
    );
    expect(r.errors).toBeUndefined();
    const file = r.data!.processedFile;
    expect(file.url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/files\/abcdefghijklmnopqrstuvwxyz012345\?expires=\d+&sig=/,
    );
    expect(file.raw_file_name).toMatch(/^bundle-.*\.pdf$/);
    expect(file.date_of_injury).toBe('2023-03-15');
    expect(file.date_of_injury_end).toBe('2023-09-30');
    expect(file.legal_file_type).toMatchObject({
      id: qmeTypeId,
      company_id: companyId,
      legal_document_folder: { name: expect.any(String), hex_code: expect.stringMatching(/^#/) },
    });
    expect(file.legal_case).toEqual({
      id: caseId,
      case_id: caseId,
      case_number: 'WC-2023-0415',
      documents_count: 1,
    });
    expect(file.recommended_cases).toEqual([
      {
        case_id: caseId,
        score: 0.95,
        reasons: ['ADJ number ADJ10234567 matches'],
        case: { case_number: 'WC-2023-0415' },
      },
      { case_id: deletedCaseId, score: 0.5, reasons: ['applicant name agrees'], case: null },
    ]);
    expect(file.extracted_data).toEqual([
      { data_field: 'employer', extracted_value: 'Acme Warehousing', is_saved_in_crm: false },
    ]);
    expect(file).toMatchObject({ version: 1, snippet: null, rank: null });
  });

  it('given the REST details route, then the same document comes with type, case and values', async () => {
    const r = await rest<Record<string, unknown>>(
      server,
      'GET',
      `/processed-legal-file/${id}`,
      member.token,
    );
    expect(r.status).toBe(200);
    const data = r.body.data!;
    expect(data).toMatchObject({
      id,
      legal_file_type: { id: qmeTypeId, legal_document_folder: { name: expect.any(String) } },
      legal_case: { case_number: 'WC-2023-0415' },
      recommended_cases: [
        { case_id: caseId, case: { case_number: 'WC-2023-0415' } },
        { case_id: deletedCaseId, case: null },
      ],
      extracted_data: [{ data_field: 'employer', extracted_value: 'Acme Warehousing' }],
      date_of_injury: '2023-03-15',
    });
    expect(data.url).toMatch(/\/files\/abcdefghijklmnopqrstuvwxyz012345\?expires=/);
    expect(data).not.toHaveProperty('content');
  });

  it('given a missing id, a malformed id or no session, then null / 404 / 401, never a 500', async () => {
    expect(await fileOf(MISSING)).toBeNull();
    expect(await fileOf('not-a-uuid')).toBeNull();
    for (const bad of [MISSING, 'not-a-uuid']) {
      const r = await rest(server, 'GET', `/processed-legal-file/${bad}`, member.token);
      expect(r).toEqual({
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'Not found.' } },
      });
    }
    const anonymous = await fetch(`${server.url}/processed-legal-file/${id}`);
    expect(anonymous.status).toBe(401);
  });

  it('given the pickers, then live types come with their folders and deleted types are left out', async () => {
    await server.db
      .update(legalFileType)
      .set({ is_deleted: true })
      .where(eq(legalFileType.id, await typeId(companyId, 'proof_of_service')));
    const r = await server.gql<{
      legalFileTypes: Array<{ id: string; legal_document_folder: { name: string } }>;
    }>(
      'query($c: ID!) { legalFileTypes(company_id: $c) { id name legal_document_folder { name hex_code } } }',
      { c: companyId },
      member.token,
    );
    const ids = r.data!.legalFileTypes.map((t) => t.id);
    expect(ids).toContain(qmeTypeId);
    expect(ids).not.toContain(await typeId(companyId, 'proof_of_service'));
    expect(r.data!.legalFileTypes.every((t) => t.legal_document_folder.name)).toBe(true);
  });
});

describe('editing a processed file', () => {
  it('given a member edits fields, then they are saved, logged per changed field and kept as edited', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      { applicant: 'Maria Gonzalez', adj_number: ['ADJ1'], defendant: 'Acme' },
    ])) as [string];
    const { result } = await update(member.token, id, {
      applicant: ' Maria G. Gonzalez ',
      adj_number: ['ADJ1', ' ADJ2 ', 'ADJ2'],
      defendant: 'Acme',
    });
    expect(result?.saved).toBe(true);
    expect(result?.file).toMatchObject({
      applicant: 'Maria G. Gonzalez',
      adj_number: ['ADJ1', 'ADJ2'],
      version: 2,
      edited_fields: ['adj_number', 'applicant'],
    });
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.field, l.original_value, l.updated_value, l.action_type])).toEqual(
      expect.arrayContaining([
        ['applicant', 'Maria Gonzalez', 'Maria G. Gonzalez', 'update'],
        ['adj_number', 'ADJ1', 'ADJ1, ADJ2', 'update'],
        // Nobody named it: the name follows the applicant.
        ['name', 'document 1', 'Unclassified document - Maria G. Gonzalez', 'renamed'],
      ]),
    );
    expect(logs).toHaveLength(3); // the unchanged defendant is not logged
    expect(logs[0]).toMatchObject({
      updated_by_name: 'Test user',
      updated_by_email: member.user.email,
      updated_by_id: member.user.id,
      updated_by_role: 'paralegal',
    });
    // Not an administrator: no admin change log.
    const admins = await server.db
      .select()
      .from(adminFileChangeLog)
      .where(eq(adminFileChangeLog.reference_file_id, id));
    expect(admins).toEqual([]);
  });

  it('given an administrator changes the type, then the admin change log names the type and the model learns', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      {
        legal_file_type_id: pr2TypeId,
        content: 'QUALIFIED MEDICAL EVALUATOR REPORT\nComprehensive Medical-Legal Evaluation',
      },
    ])) as [string];
    const { result } = await update(admin.token, id, { legal_file_type_id: qmeTypeId });
    expect(result?.saved).toBe(true);
    const r = await server.gql<{
      adminFileChangeLogs: Array<Record<string, string | null>>;
    }>(
      'query($id: ID!) { adminFileChangeLogs(processed_file_id: $id) { reference_file_id data_field file_type role current updated user_name email } }',
      { id },
      admin.token,
    );
    const [qme] = await server.db
      .select({ name: legalFileType.name })
      .from(legalFileType)
      .where(eq(legalFileType.id, qmeTypeId));
    const [pr2] = await server.db
      .select({ name: legalFileType.name })
      .from(legalFileType)
      .where(eq(legalFileType.id, pr2TypeId));
    const logged = {
      reference_file_id: id,
      file_type: qme!.name,
      role: 'admin',
      user_name: 'Test customer',
      email: admin.user.email,
    };
    expect(r.data?.adminFileChangeLogs).toEqual(
      expect.arrayContaining([
        { ...logged, data_field: 'legal_file_type', current: pr2!.name, updated: qme!.name },
        // Nobody named it: the name follows the type.
        { ...logged, data_field: 'name', current: 'document 1', updated: qme!.name },
      ]),
    );
    expect(r.data?.adminFileChangeLogs).toHaveLength(2);
    const [model] = await server.db
      .select()
      .from(classifierModel)
      .where(eq(classifierModel.company_id, companyId));
    expect(model?.examples).toBeGreaterThan(0);
  });

  it('given two editors, when the second saves a field the first changed meanwhile, then it is a conflict and nothing is saved', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      { applicant: 'Maria Gonzalez', defendant: 'Acme', claim_number: ['C-1'] },
    ])) as [string];
    const base = { applicant: 'Maria Gonzalez', defendant: 'Acme', claim_number: ['C-1'] };
    // Editor one saves first.
    const first = await update(admin.token, id, { ...base, applicant: 'Maria Lopez' }, base);
    expect(first.result?.saved).toBe(true);
    // Editor two started from the same values and changed applicant and defendant.
    const second = await update(
      member.token,
      id,
      { ...base, applicant: 'M. Gonzalez', defendant: 'Acme Inc.' },
      base,
    );
    expect(second.result?.saved).toBe(false);
    expect(second.result?.conflicts).toEqual([
      {
        field: 'applicant',
        base_value: '"Maria Gonzalez"',
        server_value: '"Maria Lopez"',
        your_value: '"M. Gonzalez"',
      },
    ]);
    expect(second.result?.file).toMatchObject({
      applicant: 'Maria Lopez',
      defendant: 'Acme',
      version: 2,
    });
    // Editor two resolves: keeps the server's applicant and sends the defendant alone.
    const resolved = await update(
      member.token,
      id,
      { ...base, applicant: 'Maria Lopez', defendant: 'Acme Inc.' },
      { ...base, applicant: 'Maria Lopez' },
    );
    expect(resolved.result).toMatchObject({
      saved: true,
      conflicts: [],
      file: { applicant: 'Maria Lopez', defendant: 'Acme Inc.', version: 3 },
    });
  });

  it('given a form sent whole with a base, then fields the editor left alone keep the newer server values', async () => {
    const [id] = (await seedDocuments(server, companyId, [{ applicant: 'A', defendant: 'D' }])) as [
      string,
    ];
    await update(admin.token, id, { applicant: 'A2' });
    const { result } = await update(
      member.token,
      id,
      { applicant: 'A', defendant: 'D2' },
      { applicant: 'A', defendant: 'D' },
    );
    expect(result).toMatchObject({ saved: true, file: { applicant: 'A2', defendant: 'D2' } });
  });

  it('given an exception, then reasons clear as the type, a number and the case are given', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      { exception_reasons: ['no_file_type', 'multi_case', 'needs_case_number'] },
    ])) as [string];
    let r = await update(member.token, id, { legal_file_type_id: qmeTypeId });
    expect(r.result?.file).toMatchObject({
      is_exception: true,
      exception_reasons: ['multi_case', 'needs_case_number'],
    });
    r = await update(member.token, id, { adj_number: ['ADJ555'] });
    expect(r.result?.file.exception_reasons).toEqual(['multi_case']);
    r = await update(member.token, id, { legal_case_id: caseId, crm_case_id: 'CRM-9' });
    expect(r.result?.file).toMatchObject({
      is_exception: false,
      exception_reasons: [],
      legal_case_id: caseId,
      crm_case_id: 'CRM-9',
    });
    // Removing the type makes it an exception again; choosing another case drops the CRM id.
    r = await update(member.token, id, { legal_file_type_id: null });
    expect(r.result?.file).toMatchObject({
      is_exception: true,
      exception_reasons: ['no_file_type'],
    });
    r = await update(member.token, id, { legal_case_id: null });
    expect(r.result?.file).toMatchObject({ legal_case_id: null, crm_case_id: null });
    const logs = await logsOf(id);
    expect(
      logs.find((l) => l.field === 'legal_case' && l.updated_value === 'WC-2023-0415'),
    ).toBeTruthy();
    expect(logs.find((l) => l.field === 'crm_case_id' && l.updated_value === null)).toBeTruthy();
  });

  it('given a reviewed document, when its type is removed, then it stays out of the review queue', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      { legal_file_type_id: qmeTypeId, reviewed_at: new Date(), reviewed_by: admin.user.id },
    ])) as [string];
    const r = await update(member.token, id, { legal_file_type_id: null });
    expect(r.result?.file).toMatchObject({
      is_exception: false,
      exception_reasons: ['no_file_type'],
    });
  });

  it('given nothing that differs, then it is saved without a new version or log', async () => {
    const [id] = (await seedDocuments(server, companyId, [{ applicant: 'Same' }])) as [string];
    const r = await update(member.token, id, { applicant: 'Same' });
    expect(r.result).toMatchObject({ saved: true, file: { version: 1 } });
    expect(await logsOf(id)).toEqual([]);
  });

  it.each([
    [{ date_of_injury: '2023-02-30' }, 'changes.date_of_injury'],
    [{ date_of_injury: '15/03/2023' }, 'changes.date_of_injury'],
    [
      { date_of_injury: '2023-05-01', date_of_injury_end: '2023-04-01' },
      'changes.date_of_injury_end',
    ],
    [{ adj_number: ['ADJ1', ' '] }, 'changes.adj_number.1'],
    [{ name: '  ' }, 'changes.name'],
    [{ legal_file_type_id: 'qme' }, 'changes.legal_file_type_id'],
    [{ legal_file_type_id: MISSING }, 'changes.legal_file_type_id'],
    [{ legal_case_id: MISSING }, 'changes.legal_case_id'],
    [{ crm_case_id: 'CRM-1' }, 'changes.crm_case_id'],
    [{ start_page_no: 0 }, 'changes.start_page_no'],
  ])('given %j, then INVALID_INPUT with an issue at %s', async (changes, path) => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const r = await update(member.token, id, changes);
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.message).toBe('Some of the information entered is not valid.');
    expect(r.issues.map((issue) => issue.path)).toContain(path);
    expect((await fileOf(id))?.version).toBe(1);
  });

  it("given another company's type or case, or a deleted case, then they are refused like unknown ones", async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    for (const changes of [
      { legal_file_type_id: otherTypeId },
      { legal_case_id: otherCaseId },
      { legal_case_id: deletedCaseId },
    ]) {
      const r = await update(member.token, id, changes);
      expect(r.code).toBe('INVALID_INPUT');
      expect(r.issues).toHaveLength(1);
    }
  });

  it('given a base with a bad value, then the issue names base', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const r = await update(member.token, id, { applicant: 'x' }, { date_of_injury: 'yesterday' });
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues[0]?.path).toBe('base.date_of_injury');
  });

  it('given page numbers of a document whose raw file is not a PDF, then INVALID_INPUT says only PDFs re-split', async () => {
    const raw = await seedRawFile(server, companyId, { name: 'letter.docx', pages: 2 });
    await server.db
      .update(rawFile)
      .set({ s3_key: 'k'.repeat(32) })
      .where(eq(rawFile.id, raw));
    const [id] = (await seedDocuments(server, companyId, [{}, {}], raw)) as [string];
    const r = await update(member.token, id, { end_page_no: 2 });
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues).toEqual([
      {
        path: 'changes.start_page_no',
        message: 'Only documents of a PDF raw file can be re-split',
      },
    ]);
  });
});

describe('review mark, delete and undo', () => {
  it('given an exception, when marked reviewed, then it leaves the queue with a log, once', async () => {
    const [id] = (await seedDocuments(server, companyId, [
      { exception_reasons: ['no_file_type'] },
    ])) as [string];
    const first = await mutate(member.token, 'markProcessedFileReviewed', id);
    expect(first.file).toMatchObject({
      is_exception: false,
      reviewed_by: member.user.id,
      version: 2,
      exception_reasons: ['no_file_type'],
    });
    expect(first.file?.reviewed_at).toBeTruthy();
    const again = await mutate(member.token, 'markProcessedFileReviewed', id);
    expect(again.file?.version).toBe(2);
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.field, l.action_type, l.is_exception_value])).toEqual([
      ['reviewed_at', 'reviewed', false],
    ]);
  });

  it('given a document, when deleted and restored, then both are logged and the raw file count follows', async () => {
    const raw = await seedRawFile(server, companyId, { pages: 2 });
    const [id] = (await seedDocuments(server, companyId, [{}, {}], raw)) as [string];
    await server.db.update(rawFile).set({ processed_files_count: 2 }).where(eq(rawFile.id, raw));
    const count = async () =>
      (await server.db.select().from(rawFile).where(eq(rawFile.id, raw)))[0]?.processed_files_count;

    const deleted = await mutate(admin.token, 'deleteProcessedFile', id);
    expect(deleted.file).toMatchObject({ is_deleted: true, version: 2 });
    expect(deleted.file?.deleted_at).toBeTruthy();
    expect(await count()).toBe(1);
    // A deleted document is still readable (for undo) but cannot be edited.
    expect((await fileOf(id))?.is_deleted).toBe(true);
    expect((await update(member.token, id, { applicant: 'x' })).code).toBe('INVALID_INPUT');

    const restored = await mutate(member.token, 'restoreProcessedFile', id);
    expect(restored.file).toMatchObject({ is_deleted: false, deleted_at: null, version: 3 });
    expect(await count()).toBe(2);
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.field, l.original_value, l.updated_value, l.action_type])).toEqual([
      ['is_deleted', 'true', 'false', 'restored'],
      ['is_deleted', 'false', 'true', 'deleted'],
    ]);
    const admins = await server.db
      .select()
      .from(adminFileChangeLog)
      .where(eq(adminFileChangeLog.reference_file_id, id));
    expect(admins.map((a) => a.data_field)).toEqual(['is_deleted']); // only the admin's delete
  });

  it('given a document that is not deleted, when restored, then INVALID_INPUT', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const r = await mutate(member.token, 'restoreProcessedFile', id);
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues[0]?.message).toBe('This document is not deleted');
  });

  it('given a deleted document whose pages another document took, when restored, then INVALID_INPUT names them', async () => {
    const raw = await seedRawFile(server, companyId, { pages: 3 });
    const [gone] = (await seedDocuments(
      server,
      companyId,
      [
        { start_page_no: 1, end_page_no: 1, is_deleted: true },
        { start_page_no: 1, end_page_no: 3 },
      ],
      raw,
    )) as [string];
    const r = await mutate(member.token, 'restoreProcessedFile', gone);
    expect(r.code).toBe('INVALID_INPUT');
    expect(r.issues[0]?.message).toMatch(/pp\. 1-3/);
  });

  it('given missing ids, then NOT_FOUND for every action', async () => {
    for (const name of ['markProcessedFileReviewed', 'deleteProcessedFile', 'restoreProcessedFile'])
      expect((await mutate(member.token, name, MISSING)).code).toBe('NOT_FOUND');
  });
});

describe('change logs', () => {
  it('given log entries written by two people, then they list newest first with each author', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const add = (token: string, field: string) =>
      server.gql<{ addProcessedFileLog: { field: string; updated_by_id: string } }>(
        'mutation($id: ID!, $f: String!) { addProcessedFileLog(processed_file_id: $id, field: $f, original_value: "a", updated_value: "b", action_type: "note") { field updated_by_id } }',
        { id, f: field },
        token,
      );
    expect((await add(member.token, 'first')).data?.addProcessedFileLog).toEqual({
      field: 'first',
      updated_by_id: member.user.id,
    });
    await add(admin.token, 'second');
    const logs = await logsOf(id);
    expect(logs.map((l) => [l.field, l.updated_by_id])).toEqual([
      ['second', admin.user.id],
      ['first', member.user.id],
    ]);
    const bad = await server.gql(
      'mutation($id: ID!) { addProcessedFileLog(processed_file_id: $id, field: " ", action_type: "note") { id } }',
      { id },
      member.token,
    );
    expect(bad.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });
});

describe('column configuration', () => {
  const SAVE = `mutation($c: ID!, $t: String!, $cols: [ColumnSettingInput!]!) {
    saveColumnConfiguration(company_id: $c, table: $t, columns: $cols) { id table columns { key visible width } }
  }`;
  const save = (columns: unknown[], token = admin.token, table = 'document_center') =>
    server.gql<{ saveColumnConfiguration: { id: string; columns: unknown[] } }>(
      SAVE,
      { c: companyId, t: table, cols: columns },
      token,
    );

  it('given an administrator saves twice, then the second replaces the first and everyone reads it', async () => {
    const first = await save([
      { key: 'name', visible: true, width: 320 },
      { key: 'adj_number', visible: false },
    ]);
    expect(first.errors).toBeUndefined();
    const second = await save([
      { key: 'legal_file_type', visible: true },
      { key: 'name', visible: true, width: 200 },
    ]);
    expect(second.data?.saveColumnConfiguration.id).toBe(first.data?.saveColumnConfiguration.id);
    const read = await server.gql<{ columnConfiguration: { columns: unknown[] } }>(
      'query($c: ID!) { columnConfiguration(company_id: $c, table: "document_center") { table columns { key visible width } } }',
      { c: companyId },
      member.token,
    );
    expect(read.data?.columnConfiguration).toEqual({
      table: 'document_center',
      columns: [
        { key: 'legal_file_type', visible: true, width: null },
        { key: 'name', visible: true, width: 200 },
      ],
    });
    const none = await server.gql(
      'query($c: ID!) { columnConfiguration(company_id: $c, table: "review_queue") { id } }',
      { c: companyId },
      member.token,
    );
    expect(none.data).toEqual({ columnConfiguration: null });
  });

  it.each([
    [[{ key: 'content', visible: true }], 'columns.0.key'],
    [
      [
        { key: 'name', visible: true },
        { key: 'name', visible: false },
      ],
      'columns.1.key',
    ],
    [[{ key: 'name', visible: false }], 'columns'],
    [[], 'columns'],
    [[{ key: 'name', visible: true, width: 5 }], 'columns.0.width'],
  ])('given columns %j, then INVALID_INPUT at %s', async (columns, path) => {
    const r = await save(columns);
    expect(r.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    expect(r.errors?.[0]?.extensions?.issues?.map((i) => i.path)).toContain(path);
  });

  it('given an unknown table, then INVALID_INPUT for saving and reading', async () => {
    const r = await save([{ key: 'name', visible: true }], admin.token, 'secret_table');
    expect(r.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('table');
    const read = await server.gql(
      'query($c: ID!) { columnConfiguration(company_id: $c, table: "secret_table") { id } }',
      { c: companyId },
      member.token,
    );
    expect(read.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  });

  it('given a member who does not manage the company, then saving is FORBIDDEN', async () => {
    const r = await save([{ key: 'name', visible: true }], member.token);
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('extracted data values', () => {
  const SAVE = `mutation($id: ID!, $values: [ExtractedValueInput!]!) {
    saveExtractedData(processed_file_id: $id, values: $values) {
      id data_field extracted_value legal_company_data_for_extraction_id is_saved_in_crm saved_by_user
    }
  }`;
  const UPDATE = `mutation($id: ID!, $v: String, $crm: Boolean) {
    updateExtractedData(id: $id, extracted_value: $v, is_saved_in_crm: $crm) {
      id extracted_value is_saved_in_crm saved_by_user
    }
  }`;
  let link: string;
  let otherLink: string;
  beforeAll(async () => {
    const [prompt] = await server.db
      .insert(dataFieldPrompts)
      .values({ data_field: 'Employer', data_field_variable: `employer_${Date.now()}` })
      .returning();
    const links = await server.db
      .insert(legalCompanyDataForExtraction)
      .values([
        { company_id: companyId, data_field_id: prompt!.id },
        { company_id: otherCompany, data_field_id: prompt!.id },
      ])
      .returning();
    link = links[0]!.id;
    otherLink = links[1]!.id;
  });

  it('given values saved twice, then the live value of a field is updated and a deleted one is not reused', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const [deleted] = await server.db
      .insert(legalExtractedDataForProcessedFile)
      .values({
        processed_file_id: id,
        data_field: 'claim_adjuster',
        extracted_value: 'old',
        is_deleted: true,
      })
      .returning();
    type Saved = Array<{
      id: string;
      data_field: string;
      extracted_value: string | null;
      saved_by_user: string;
    }>;
    const first = await server.gql<{ saveExtractedData: Saved }>(
      SAVE,
      {
        id,
        values: [
          {
            data_field: 'employer',
            extracted_value: 'Acme',
            legal_company_data_for_extraction_id: link,
          },
          { data_field: 'claim_adjuster', extracted_value: 'Jo' },
        ],
      },
      member.token,
    );
    expect(first.errors).toBeUndefined();
    const [employer, adjuster] = first.data!.saveExtractedData;
    expect(employer).toMatchObject({ extracted_value: 'Acme', saved_by_user: member.user.id });
    expect(adjuster!.id).not.toBe(deleted!.id);
    const second = await server.gql<{ saveExtractedData: Saved }>(
      SAVE,
      { id, values: [{ data_field: 'employer', extracted_value: 'Acme Inc.' }] },
      admin.token,
    );
    expect(second.data!.saveExtractedData[0]).toMatchObject({
      id: employer!.id,
      extracted_value: 'Acme Inc.',
      legal_company_data_for_extraction_id: link,
      saved_by_user: admin.user.id,
    });
    const file = await server.gql<{
      processedFile: { extracted_data: Array<{ data_field: string; extracted_value: string }> };
    }>(
      'query($id: ID!) { processedFile(id: $id) { extracted_data { data_field extracted_value } } }',
      { id },
      member.token,
    );
    // Saved in one transaction (same time): by data field.
    expect(file.data?.processedFile.extracted_data).toEqual([
      { data_field: 'claim_adjuster', extracted_value: 'Jo' },
      { data_field: 'employer', extracted_value: 'Acme Inc.' },
    ]);
    const logs = await logsOf(id);
    const fields = logs.filter((l) => l.action_type === 'extracted_data').map((l) => l.field);
    expect(fields[0]).toBe('extracted_data.employer'); // the second save, newest
    expect(fields.slice(1).sort()).toEqual([
      'extracted_data.claim_adjuster',
      'extracted_data.employer',
    ]);
  });

  it('given an update of the value and the CRM mark, then the caller becomes saved_by_user', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const [value] = await server.db
      .insert(legalExtractedDataForProcessedFile)
      .values({ processed_file_id: id, data_field: 'employer', extracted_value: 'Acme' })
      .returning();
    const r = await server.gql<{ updateExtractedData: Record<string, unknown> }>(
      UPDATE,
      { id: value!.id, v: 'Acme Warehousing', crm: true },
      member.token,
    );
    expect(r.data?.updateExtractedData).toEqual({
      id: value!.id,
      extracted_value: 'Acme Warehousing',
      is_saved_in_crm: true,
      saved_by_user: member.user.id,
    });
    const onlyMark = await server.gql<{ updateExtractedData: Record<string, unknown> }>(
      'mutation($id: ID!) { updateExtractedData(id: $id, is_saved_in_crm: false) { extracted_value is_saved_in_crm } }',
      { id: value!.id },
      member.token,
    );
    expect(onlyMark.data?.updateExtractedData).toEqual({
      extracted_value: 'Acme Warehousing',
      is_saved_in_crm: false,
    });
  });

  it('given bad values, then INVALID_INPUT with issues; a missing value is NOT_FOUND', async () => {
    const [id] = (await seedDocuments(server, companyId, [{}])) as [string];
    const duplicate = await server.gql(
      SAVE,
      { id, values: [{ data_field: 'a' }, { data_field: 'a' }] },
      member.token,
    );
    expect(duplicate.errors?.[0]?.extensions?.issues?.[0]?.path).toBe('values.1.data_field');
    const foreignLink = await server.gql(
      SAVE,
      { id, values: [{ data_field: 'a', legal_company_data_for_extraction_id: otherLink }] },
      member.token,
    );
    expect(foreignLink.errors?.[0]?.extensions?.issues?.[0]?.path).toBe(
      'values.0.legal_company_data_for_extraction_id',
    );
    const nothing = await server.gql(
      'mutation($id: ID!) { updateExtractedData(id: $id) { id } }',
      { id: MISSING },
      member.token,
    );
    expect(nothing.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    const missing = await server.gql(UPDATE, { id: MISSING, v: 'x' }, member.token);
    expect(missing.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});

describe('notifications about a document', () => {
  it('given notifications pointing at it and at others, then only its own come back, in the asked order', async () => {
    const [id, other] = (await seedDocuments(server, companyId, [{}, {}])) as [string, string];
    const notify = async (content: string, redirect: string | null, extra: string | null) => {
      const r = await server.gql(
        'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
        {
          input: {
            content,
            receiver_id: member.user.id,
            redirect,
            extra_content: extra,
            module: 'documents',
          },
        },
        admin.token,
      );
      expect(r.errors).toBeUndefined();
    };
    await notify('first', `/documents/${id}`, null);
    await notify('second', null, JSON.stringify({ processed_file_id: id }));
    await notify('third', `/documents/${id}?tab=logs`, null);
    await notify('elsewhere', `/documents/${other}`, null);
    // Someone else's notification about the same document is not the caller's to read.
    await server.gql(
      'mutation($input: CreateNotificationInput!) { createNotification(input: $input) { id } }',
      {
        input: {
          content: 'for the admin',
          receiver_id: admin.user.id,
          redirect: `/documents/${id}`,
        },
      },
      member.token,
    );
    type Note = { content: string; sender_name: string | null; redirect: string | null };
    const path = `/raw-files/processed-files-notifications/${id}`;
    const newest = await rest<Note[]>(server, 'GET', path, member.token);
    expect(newest.body.data?.map((n) => n.content)).toEqual(['third', 'second', 'first']);
    expect(newest.body.data?.[0]?.sender_name).toBe('Test customer');
    const oldest = await rest<Note[]>(
      server,
      'GET',
      `${path}?sortBy=created_at&orderBy=asc`,
      member.token,
    );
    expect(oldest.body.data?.map((n) => n.content)).toEqual(['first', 'second', 'third']);
    const bad = await rest(server, 'GET', `${path}?orderBy=sideways`, member.token);
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_INPUT');
    const missing = await rest(
      server,
      'GET',
      `/raw-files/processed-files-notifications/${MISSING}`,
      member.token,
    );
    expect(missing.status).toBe(404);
  });
});

describe('the processed-file log table', () => {
  it('given every operation above, then no log row lacks its author', async () => {
    const orphans = await server.db
      .select()
      .from(legalProcessedFileLog)
      .innerJoin(
        legalProcessedFile,
        eq(legalProcessedFile.id, legalProcessedFileLog.processed_file_id),
      )
      .where(and(eq(legalProcessedFile.company_id, companyId)));
    expect(orphans.length).toBeGreaterThan(0);
    expect(orphans.every((row) => row.legal_processed_file_log.updated_by_id)).toBe(true);
  });
});
