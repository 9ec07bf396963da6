/**
 * The admin screen of document types over REST: the default taxonomy seeded on the first look,
 * the list sorted by folder and name, updates of name, folder, rules and folder colour by an
 * administrator, validation, 403 for staff, and another tenant's ids answering like missing ones.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompanyTaxonomy } from '../../src/server/domains/pipeline/taxonomy';
import { DEFAULT_FOLDERS, DEFAULT_TYPES } from '../../src/server/pipeline/taxonomy/keys';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { rest } from './fixtures/raw-files';

const MISSING = '00000000-0000-4000-8000-000000000000';

interface Folder {
  id: string;
  name: string;
  hex_code: string;
}
interface FileType {
  id: string;
  key: string | null;
  name: string;
  legal_document_folder_id: string;
  legal_document_folder: Folder;
  rules: {
    titles: string[];
    formNumbers: string[];
    keywords: Array<{ term: string; weight: number }>;
  };
}
interface Listing {
  folders: Folder[];
  types: FileType[];
}

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let memberA: TestUser;
let adminB: TestUser;

const list = (companyId: string, token = adminA.token) =>
  rest<Listing>(
    server,
    'GET',
    `/admin/getLegalFileTypesForWorkflows?companyId=${companyId}`,
    token,
  );
const update = (body: unknown, token = adminA.token) =>
  rest<FileType>(server, 'POST', '/admin/update-file-type', token, body);

async function typeByKey(key: string): Promise<FileType> {
  const found = (await list(companyA)).body.data?.types.find((t) => t.key === key);
  if (!found) throw new Error(`no type ${key}`);
  return found;
}
async function folderByName(name: string): Promise<Folder> {
  const found = (await list(companyA)).body.data?.folders.find((f) => f.name === name);
  if (!found) throw new Error(`no folder ${name}`);
  return found;
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  memberA = await server.addUser({ companyId: companyA, legalUserType: 'paralegal' });
  adminB = (await server.signUpCompany({ name: 'Beta Law', is_legal: true })).admin;
});
afterAll(async () => server.close());

describe('GET /admin/getLegalFileTypesForWorkflows', () => {
  it('given a company never looked at, when a staff member lists, then the default taxonomy is seeded once and sorted by folder then name', async () => {
    const first = await list(companyA, memberA.token);
    expect(first.status).toBe(200);
    const data = first.body.data!;
    expect(data.folders.map((f) => f.name)).toEqual(DEFAULT_FOLDERS.map((f) => f.name).sort());
    expect(data.types).toHaveLength(DEFAULT_TYPES.length);
    // Types come folder by folder, in the folders' order, and by name inside a folder.
    const folderRuns = data.types
      .map((t) => t.legal_document_folder.name)
      .filter((name, i, all) => i === 0 || all[i - 1] !== name);
    expect(folderRuns).toEqual(data.folders.map((f) => f.name));
    for (const folder of data.folders) {
      const names = data.types
        .filter((t) => t.legal_document_folder.id === folder.id)
        .map((t) => t.name);
      expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));
    }
    const qme = data.types.find((t) => t.name === 'QME Report');
    expect(qme?.legal_document_folder).toMatchObject({
      name: 'Medical-Legal',
      hex_code: '#7961db',
    });
    expect(qme?.rules.titles.length).toBeGreaterThan(0);
    const again = await list(companyA, memberA.token);
    expect(again.body.data?.types.map((t) => t.id)).toEqual(data.types.map((t) => t.id));
  });

  it('given no companyId, then 400 "Company ID is required"', async () => {
    const r = await rest(server, 'GET', '/admin/getLegalFileTypesForWorkflows', adminA.token);
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('COMPANY_ID_REQUIRED');
  });

  it('given another tenant, a missing id or a malformed id, then the same NO_COMPANY answer', async () => {
    const ofA = await list(companyA, adminB.token);
    expect(ofA).toEqual(await list(MISSING, adminB.token));
    expect(ofA).toEqual(await list('not-a-uuid', adminB.token));
    expect(ofA.status).toBe(404);
    expect(ofA.body.error?.code).toBe('NO_COMPANY');
  });

  it('given no session, then 401', async () => {
    const r = await fetch(
      `${server.url}/admin/getLegalFileTypesForWorkflows?companyId=${companyA}`,
    );
    expect(r.status).toBe(401);
  });
});

describe('POST /admin/update-file-type', () => {
  it('given new rules and a name, then they are saved, returned and used by the pipeline', async () => {
    const qme = await typeByKey('qme_report');
    const rules = {
      titles: ['Panel QME Report', 'Qualified Medical Evaluation'],
      formNumbers: ['QME 105'],
      keywords: [
        { term: 'panel qme', weight: 4 },
        { term: 'treating physician', weight: -2 },
      ],
    };
    const r = await update({ id: qme.id, data: { name: 'Panel QME Report', rules } });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      id: qme.id,
      key: 'qme_report',
      name: 'Panel QME Report',
      rules,
    });
    expect((await typeByKey('qme_report')).rules).toEqual(rules);
    const taxonomy = await loadCompanyTaxonomy(server.db, companyA);
    expect(taxonomy.taxonomy.types.find((t) => t.key === 'qme_report')).toMatchObject({
      name: 'Panel QME Report',
      titles: rules.titles,
      formNumbers: rules.formNumbers,
    });
  });

  it('given another folder of the company, then the type moves there', async () => {
    const pr2 = await typeByKey('pr2');
    const target = await folderByName('Medical-Legal');
    const r = await update({ id: pr2.id, data: { legal_document_folder_id: target.id } });
    expect(r.status).toBe(200);
    expect(r.body.data?.legal_document_folder).toEqual(target);
    expect((await typeByKey('pr2')).legal_document_folder_id).toBe(target.id);
  });

  it('given a folder rename and colour, then the folder changes for every type in it', async () => {
    const order = await typeByKey('order');
    const folder = order.legal_document_folder;
    const r = await update({
      id: order.id,
      data: { folder: { id: folder.id, name: 'Orders and Settlements', hex_code: '#0A6640' } },
    });
    expect(r.status).toBe(200);
    expect(r.body.data?.legal_document_folder).toEqual({
      id: folder.id,
      name: 'Orders and Settlements',
      hex_code: '#0a6640',
    });
    expect((await typeByKey('compromise_and_release')).legal_document_folder.name).toBe(
      'Orders and Settlements',
    );
  });

  it.each([
    [
      'a keyword weight of 50',
      { rules: { titles: [], formNumbers: [], keywords: [{ term: 'x', weight: 50 }] } },
    ],
    ['an empty name', { name: '  ' }],
    ['an unknown field', { key: 'other' }],
    ['a bad colour', { folder: { id: MISSING, hex_code: 'red' } }],
    ['nothing to change', {}],
  ])(
    'given %s, then 400 INVALID_INPUT with the issues and nothing changes',
    async (_label, data) => {
      const before = await typeByKey('petition');
      const r = await update({ id: before.id, data });
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('INVALID_INPUT');
      expect((r.body.error as { issues?: unknown[] }).issues?.length).toBeGreaterThan(0);
      expect(await typeByKey('petition')).toEqual(before);
    },
  );

  it('given a folder of another company or a folder name already used, then 400 naming the field', async () => {
    const petition = await typeByKey('petition');
    const foreignFolder = (await list(adminB.user.company_id, adminB.token)).body.data!.folders[0]!;
    const moved = await update({
      id: petition.id,
      data: { legal_document_folder_id: foreignFolder.id },
    });
    expect(moved.status).toBe(400);
    expect((moved.body.error as { issues?: Array<{ path: string }> }).issues?.[0]?.path).toBe(
      'data.legal_document_folder_id',
    );
    const clash = await update({
      id: petition.id,
      data: { folder: { id: petition.legal_document_folder.id, name: 'Discovery' } },
    });
    expect(clash.status).toBe(400);
    expect((clash.body.error as { issues?: Array<{ path: string }> }).issues?.[0]?.path).toBe(
      'data.folder.name',
    );
    expect(await typeByKey('petition')).toEqual(petition);
  });

  it('given a staff member who is not an administrator, then 403 FORBIDDEN and nothing changes', async () => {
    const before = await typeByKey('lien');
    const r = await update({ id: before.id, data: { name: 'Renamed by staff' } }, memberA.token);
    expect(r.status).toBe(403);
    expect(r.body.error?.code).toBe('FORBIDDEN');
    expect(await typeByKey('lien')).toEqual(before);
  });

  it('given another tenant, a missing id or a malformed id, then the same 404 and nothing changes', async () => {
    const before = await typeByKey('subpoena');
    const body = (id: string) => ({ id, data: { name: 'Taken over' } });
    const onA = await update(body(before.id), adminB.token);
    expect(onA).toEqual(await update(body(MISSING), adminB.token));
    expect(onA).toEqual(await update(body('subpoena'), adminB.token));
    expect(onA.status).toBe(404);
    expect(onA.body.error?.code).toBe('NOT_FOUND');
    expect(await typeByKey('subpoena')).toEqual(before);
  });

  it('given no id, then 400 INVALID_INPUT', async () => {
    const r = await update({ data: { name: 'X' } });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('INVALID_INPUT');
  });
});
