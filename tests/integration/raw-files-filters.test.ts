/**
 * The raw-file list filters that look at the pipeline's documents (statusType, needs_case_number,
 * legalFileTypeId, document_synced, crm_sync_status, separated_at) and the upload-day/range/name
 * filters, over REST (body and query string) against real PostgreSQL. Raw and processed files are
 * written directly, so each case knows exactly which documents exist. Another company's documents
 * pointing at a raw file must never make it match.
 */
import { randomUUID } from 'node:crypto';
import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { listConditions } from '../../src/server/domains/raw-files/queries';
import { rawFileListQuerySchema } from '../../src/shared/raw-files/schemas';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { rest } from './fixtures/raw-files';

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let companyB: string;
let adminB: TestUser;
let typeA1: string;
let typeA2: string;
let typeB: string;
/** A fresh word per run, put in every name so lists see only this file's rows. */
const tag = `f${randomUUID().slice(0, 8)}`;
const ids: Record<string, string> = {};

interface ListReply {
  rawFiles: Array<{ id: string; name: string }>;
  total: number;
}
interface Doc {
  exception_reasons?: string[];
  legal_file_type_id?: string | null;
  document_synced?: boolean;
  sync_status?: string | null;
  separated_at?: Date;
  is_deleted?: boolean;
  company_id?: string;
}

async function addRawFile(key: string, createdAt: string, companyId = companyA): Promise<string> {
  const [row] = await server.db
    .insert(rawFile)
    .values({
      name: `${tag}-${key}.pdf`,
      size: 1000,
      no_of_pages: 3,
      status: 'Processed',
      company_id: companyId,
      created_at: new Date(createdAt),
      idempotency_key: randomUUID(),
    })
    .returning({ id: rawFile.id });
  ids[key] = row!.id;
  return row!.id;
}

async function addDocs(rawFileId: string, docs: Doc[], companyId = companyA) {
  await server.db.insert(legalProcessedFile).values(
    docs.map((doc, i) => ({
      name: `doc ${i + 1}`,
      legal_raw_file_id: rawFileId,
      company_id: doc.company_id ?? companyId,
      start_page_no: i + 1,
      end_page_no: i + 1,
      action_status: 'Processed',
      exception_reasons: doc.exception_reasons ?? [],
      is_exception: (doc.exception_reasons ?? []).length > 0,
      legal_file_type_id: doc.legal_file_type_id ?? null,
      document_synced: doc.document_synced ?? false,
      sync_status: doc.sync_status ?? null,
      is_deleted: doc.is_deleted ?? false,
      ...(doc.separated_at ? { separated_at: doc.separated_at } : {}),
    })),
  );
}

async function typesOf(companyId: string, token: string): Promise<string[]> {
  const r = await rest<{ types: Array<{ id: string }> }>(
    server,
    'GET',
    `/admin/getLegalFileTypesForWorkflows?companyId=${companyId}`,
    token,
  );
  expect(r.status).toBe(200);
  return (r.body.data?.types ?? []).map((t) => t.id);
}

const list = (filters: Record<string, unknown>, token = adminA.token, query = '') =>
  rest<ListReply>(server, 'POST', `/raw-files/getRawFiles${query}`, token, {
    companyIds: [companyA],
    searchQuery: tag,
    pageSize: 100,
    sortBy: 'name',
    sortOrder: 'asc',
    ...filters,
  });

/** The keys (names without the tag) a filtered list returns, sorted. */
async function keys(filters: Record<string, unknown>, query = ''): Promise<string[]> {
  const r = await list(filters, adminA.token, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body.data?.rawFiles ?? []).map((f) => f.name.slice(tag.length + 1, -'.pdf'.length));
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.signUpCompany({ is_legal: true });
  const b = await server.signUpCompany({ is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  companyB = b.company.id;
  adminB = b.admin;
  [typeA1, typeA2] = (await typesOf(companyA, adminA.token)) as [string, string];
  [typeB] = (await typesOf(companyB, adminB.token)) as [string];

  // plain: two typed, synced documents separated 2026-03-02.
  await addDocs(await addRawFile('plain', '2026-03-01T09:00:00Z'), [
    { legal_file_type_id: typeA1, document_synced: true, sync_status: 'synced' },
    { legal_file_type_id: typeA1, separated_at: new Date('2026-03-02T23:59:59Z') },
  ]);
  // notype: one document without a type, one typed A2.
  await addDocs(await addRawFile('notype', '2026-03-02T00:00:00Z'), [
    { exception_reasons: ['no_file_type'] },
    { legal_file_type_id: typeA2, sync_status: 'failed' },
  ]);
  // multi: several cases and needs a case number on the same document.
  await addDocs(await addRawFile('multi', '2026-03-02T23:59:59.999Z'), [
    { exception_reasons: ['multi_case', 'needs_case_number'], legal_file_type_id: typeA1 },
  ]);
  // gone: its only exception document was deleted.
  await addDocs(await addRawFile('gone', '2026-03-03T12:00:00Z'), [
    { exception_reasons: ['no_file_type'], is_deleted: true, document_synced: true },
  ]);
  // none: no documents at all (not processed yet).
  await addRawFile('none', '2026-03-04T12:00:00Z');
  // foreign: A's raw file with documents of company B pointing at it (must never count).
  await addDocs(
    await addRawFile('foreign', '2026-03-05T12:00:00Z'),
    [
      {
        exception_reasons: ['no_file_type', 'multi_case', 'needs_case_number'],
        legal_file_type_id: typeB,
        document_synced: true,
        sync_status: 'synced',
        separated_at: new Date('2026-03-06T10:00:00Z'),
      },
    ],
    companyB,
  );
});
afterAll(async () => server.close());

describe('document filters', () => {
  it('statusType picks raw files with a live document of that exception; all filters nothing', async () => {
    expect(await keys({ statusType: 'no_file_type' })).toEqual(['notype']);
    expect(await keys({ statusType: 'multi_case' })).toEqual(['multi']);
    expect(await keys({ statusType: 'all' })).toEqual([
      'foreign',
      'gone',
      'multi',
      'none',
      'notype',
      'plain',
    ]);
  });

  it('needs_case_number true keeps those with the reason, false those without', async () => {
    expect(await keys({ needs_case_number: true })).toEqual(['multi']);
    expect(await keys({ needs_case_number: false })).toEqual([
      'foreign',
      'gone',
      'none',
      'notype',
      'plain',
    ]);
  });

  it('legalFileTypeId picks raw files having a document of that type', async () => {
    expect(await keys({ legalFileTypeId: typeA1 })).toEqual(['multi', 'plain']);
    expect(await keys({ legalFileTypeId: typeA2 })).toEqual(['notype']);
    expect(await keys({ legalFileTypeId: randomUUID() })).toEqual([]);
  });

  it('document_synced and crm_sync_status match a document with that value', async () => {
    expect(await keys({ document_synced: true })).toEqual(['plain']);
    expect(await keys({ document_synced: false })).toEqual(['multi', 'notype', 'plain']);
    expect(await keys({ crm_sync_status: 'synced' })).toEqual(['plain']);
    expect(await keys({ crm_sync_status: 'failed' })).toEqual(['notype']);
  });

  it('separated_at is a UTC day of some document', async () => {
    expect(await keys({ separated_at: '2026-03-02' })).toEqual(['plain']);
    expect(await keys({ separated_at: '2026-03-03' })).toEqual([]);
  });

  it('filters combine with AND, each on its own document', async () => {
    expect(await keys({ statusType: 'no_file_type', legalFileTypeId: typeA2 })).toEqual(['notype']);
    expect(await keys({ statusType: 'multi_case', needs_case_number: true })).toEqual(['multi']);
    expect(await keys({ statusType: 'multi_case', document_synced: true })).toEqual([]);
    expect(await keys({ legalFileTypeId: typeA1, uploadedAt: '2026-03-01' })).toEqual(['plain']);
  });
});

describe('tenant isolation of the document filters', () => {
  it("another company's documents never make a raw file match", async () => {
    expect(await keys({ statusType: 'no_file_type' })).not.toContain('foreign');
    expect(await keys({ legalFileTypeId: typeB })).toEqual([]);
    expect(await keys({ crm_sync_status: 'synced', document_synced: true })).toEqual(['plain']);
    expect(await keys({ separated_at: '2026-03-06' })).toEqual([]);
    expect(await keys({ needs_case_number: true })).toEqual(['multi']);
  });

  it("company B listing A's raw files gets nothing whatever the filters", async () => {
    const r = await list({ statusType: 'no_file_type' }, adminB.token);
    expect(r.body.data?.total ?? 0).toBe(0);
  });
});

describe('upload day, range and name', () => {
  it('created_at is an upload day (UTC), like uploadedAt', async () => {
    expect(await keys({ created_at: '2026-03-02' })).toEqual(['multi', 'notype']);
    expect(await keys({ uploadedAt: '2026-03-02' })).toEqual(['multi', 'notype']);
  });

  it('raw_file_uploaded_at_from/to take days (inclusive) or instants', async () => {
    const range = (from?: string, to?: string) =>
      keys({
        ...(from ? { raw_file_uploaded_at_from: from } : {}),
        ...(to ? { raw_file_uploaded_at_to: to } : {}),
      });
    expect(await range('2026-03-02', '2026-03-03')).toEqual(['gone', 'multi', 'notype']);
    expect(await range('2026-03-04')).toEqual(['foreign', 'none']);
    expect(await range(undefined, '2026-03-01')).toEqual(['plain']);
    expect(await range('2026-03-02T00:00:00.001Z', '2026-03-02T23:59:59.999Z')).toEqual(['multi']);
    expect(await range('2026-03-01T09:00:00Z', '2026-03-01T09:00:00Z')).toEqual(['plain']);
    expect(await range('2026-03-02T01:00:00+02:00', '2026-03-02')).toEqual(['multi', 'notype']);
  });

  it('rawFileName matches the name only, with wildcards taken literally', async () => {
    expect(await keys({ rawFileName: 'NOTYPE' })).toEqual(['notype']);
    expect(await keys({ rawFileName: 'no%' })).toEqual([]);
    expect(await keys({ rawFileName: '' })).toHaveLength(6);
  });
});

describe('query strings and validation', () => {
  it('takes filters from the query string, parsing words into booleans and numbers', async () => {
    expect(await keys({}, '?statusType=no_file_type')).toEqual(['notype']);
    expect(await keys({}, '?document_synced=true&separated_at=2026-03-02')).toEqual(['plain']);
    expect(await keys({}, '?needs_case_number=false&created_at=2026-03-02')).toEqual(['notype']);
    expect(await keys({}, '?raw_file_uploaded_at_from=2026-03-05&document_synced=')).toEqual([
      'foreign',
    ]);
    expect(await keys({ statusType: 'multi_case' }, '?statusType=all')).toHaveLength(6);
    const paged = await list({}, adminA.token, '?page=2&pageSize=4');
    expect(paged.body.data?.rawFiles.map((f) => f.name)).toEqual([
      `${tag}-notype.pdf`,
      `${tag}-plain.pdf`,
    ]);
  });

  it.each([
    [{ statusType: 'exception' }, 'statusType'],
    [{ needs_case_number: 'yes' }, 'needs_case_number'],
    [{ document_synced: 1 }, 'document_synced'],
    [{ legalFileTypeId: 'not-a-uuid' }, 'legalFileTypeId'],
    [{ separated_at: '2026-02-30' }, 'separated_at'],
    [{ created_at: '03/02/2026' }, 'created_at'],
    [{ raw_file_uploaded_at_from: '2026-03-02T10:00' }, 'raw_file_uploaded_at_from'],
    [{ crm_sync_status: '   ' }, 'crm_sync_status'],
  ])('given %j, then INVALID_INPUT naming the field', async (filters, field) => {
    const r = await list(filters);
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('INVALID_INPUT');
    const issues = (r.body.error as { issues?: Array<{ path: string }> }).issues ?? [];
    expect(issues.map((i) => i.path)).toContain(field);
  });

  it('refuses a range whose from is after its to, naming raw_file_uploaded_at_to', async () => {
    for (const [from, to] of [
      ['2026-03-03', '2026-03-02'],
      ['2026-03-02T12:00:00Z', '2026-03-02T11:59:59Z'],
      ['2026-03-03T00:00:00Z', '2026-03-02'],
    ]) {
      const r = await list({ raw_file_uploaded_at_from: from, raw_file_uploaded_at_to: to });
      expect(r.status).toBe(400);
      expect(r.body.error?.code).toBe('INVALID_INPUT');
      const issues = (r.body.error as { issues?: Array<{ path: string; message: string }> }).issues;
      expect(issues).toEqual([
        {
          path: 'raw_file_uploaded_at_to',
          message: 'must not be before raw_file_uploaded_at_from',
        },
      ]);
    }
  });
});

describe('query plan', () => {
  it('every document filter is answered by an index of legal_processed_file', async () => {
    const q = rawFileListQuerySchema.parse({
      statusType: 'multi_case',
      needs_case_number: true,
      legalFileTypeId: typeA1,
      document_synced: true,
      crm_sync_status: 'synced',
      separated_at: '2026-03-02',
    });
    const select = server.db
      .select({ id: rawFile.id })
      .from(rawFile)
      .where(and(...listConditions([companyA], q)));
    // Sequential scans off: what is left shows whether the index is usable at all (tables here
    // are too small for the planner to prefer it on cost).
    const plan = await server.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`explain ${select}`);
      return result.rows.map((row) => String(Object.values(row)[0])).join('\n');
    });
    // One index probe of legal_processed_file per filter (by raw file or by company: the planner
    // carries the company equality into the subquery), never a sequential scan of it.
    expect(plan).not.toMatch(/Seq Scan on legal_processed_file/);
    expect(
      plan.match(/Index (Only )?Scan using legal_processed_file_\w+ on legal_processed_file/g),
    ).toHaveLength(6);
  });
});
