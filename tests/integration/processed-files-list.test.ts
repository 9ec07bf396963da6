/**
 * The document center (processedFiles, documentCenterCounts), the review queue (reviewQueue,
 * reviewCounts) and their REST routes, against real PostgreSQL: every filter, every sort, paging,
 * content search (ranking and snippets), the live counters through inserts, updates, deletes and
 * folding, validation (clear INVALID_INPUT issues, no 500s) and the raw-file list's reviewed_at and
 * includeContentSearch. Documents are written directly so each case knows exactly what exists.
 */
import { randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultMigrationsFolder, runMigrations } from '../../src/server/db/migrate';
import { rawFile } from '../../src/server/db/schema';
import {
  legalCase,
  legalDocumentFolder,
  legalFileType,
  legalProcessedFile,
  legalProcessedFileCountDelta,
} from '../../src/server/db/schemaPipeline';
import { createTestDatabase } from '../support/postgres';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments, seedRawFile, type DocumentSeed } from './fixtures/documents';
import { rest } from './fixtures/raw-files';

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let companyB: string;
let adminB: TestUser;
const folder: Record<string, string> = {};
const type: Record<string, string> = {};
const raw: Record<string, string> = {};
/** Document key -> id, and back. */
const doc: Record<string, string> = {};
const keyOf = new Map<string, string>();
let caseX: string;

const at = (iso: string) => new Date(iso);

interface ListItem {
  id: string;
  name: string;
  raw_file_name: string;
  raw_file_uploaded_at: string;
  snippet: string | null;
  rank: number | null;
}
interface Page {
  items: ListItem[];
  total: number;
  total_capped: boolean;
  page: number;
  page_size: number;
}
interface GqlError {
  message: string;
  extensions?: { code?: string; issues?: Array<{ path: string; message: string }> };
}

const LIST = `query($c: ID!, $p: Int, $ps: Int, $s: String, $o: String, $f: ProcessedFileFilters) {
  processedFiles(company_id: $c, page: $p, page_size: $ps, sort_by: $s, sort_order: $o, filters: $f) {
    total total_capped page page_size
    items { id name raw_file_name raw_file_uploaded_at snippet rank }
  }
}`;
const COUNTS = `query($c: ID!, $f: ProcessedFileFilters) {
  documentCenterCounts(company_id: $c, filters: $f) {
    all no_file_type capped folders { folder { id name hex_code } count }
  }
}`;
const QUEUE = `query($c: ID!, $t: String, $p: Int, $ps: Int, $f: ProcessedFileFilters) {
  reviewQueue(company_id: $c, statusType: $t, page: $p, page_size: $ps, filters: $f) {
    total total_capped page page_size items { id name snippet rank }
  }
}`;
const REVIEW_COUNTS = `query($c: ID!) {
  reviewCounts(company_id: $c) { all no_file_type multi_case needs_case_number }
}`;

async function list(
  vars: Record<string, unknown> = {},
  token = adminA.token,
): Promise<{ page?: Page; errors?: GqlError[] }> {
  const r = await server.gql<{ processedFiles: Page }>(LIST, { c: companyA, ...vars }, token);
  return { page: r.data?.processedFiles, errors: r.errors as GqlError[] | undefined };
}

/** The keys of a list's items, in order. */
async function keys(vars: Record<string, unknown> = {}): Promise<string[]> {
  const r = await list({ ps: 100, ...vars });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.page!.items.map((item) => keyOf.get(item.id) ?? `?${item.name}`);
}

async function total(filters: Record<string, unknown>): Promise<number> {
  const r = await list({ f: filters });
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.page!.total;
}

async function counts(filters?: Record<string, unknown>, token = adminA.token) {
  const r = await server.gql<{
    documentCenterCounts: {
      all: number;
      no_file_type: number;
      capped: boolean;
      folders: Array<{ folder: { id: string; name: string; hex_code: string }; count: number }>;
    };
  }>(COUNTS, { c: companyA, f: filters }, token);
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  const c = r.data!.documentCenterCounts;
  return {
    all: c.all,
    no_file_type: c.no_file_type,
    capped: c.capped,
    folders: Object.fromEntries(c.folders.map((f) => [f.folder.name, f.count])),
  };
}

async function queue(statusType?: string, extra: Record<string, unknown> = {}) {
  const r = await server.gql<{ reviewQueue: Page }>(
    QUEUE,
    { c: companyA, t: statusType, ...extra },
    adminA.token,
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return {
    total: r.data!.reviewQueue.total,
    keys: r.data!.reviewQueue.items.map((item) => keyOf.get(item.id) ?? item.name),
  };
}

async function reviewCounts(companyId = companyA, token = adminA.token) {
  const r = await server.gql<{ reviewCounts: Record<string, number> }>(
    REVIEW_COUNTS,
    { c: companyId },
    token,
  );
  expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
  return r.data!.reviewCounts;
}

function issuesOf(errors: GqlError[] | undefined) {
  expect(errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
  return errors?.[0]?.extensions?.issues ?? [];
}

async function addDocs(
  rawKey: string,
  companyId: string,
  seeds: Array<[string, DocumentSeed]>,
): Promise<void> {
  const ids = await seedDocuments(
    server,
    companyId,
    seeds.map(([, seed]) => seed),
    raw[rawKey],
  );
  seeds.forEach(([key], i) => {
    doc[key] = ids[i]!;
    keyOf.set(ids[i]!, key);
  });
}

/** The center's rows of company A counted by SQL, per type (null: none). */
async function exactCenterCount(where = sql`true`): Promise<number> {
  const [row] = await server.db
    .select({ n: sql<number>`count(*)::int` })
    .from(legalProcessedFile)
    .where(
      and(
        eq(legalProcessedFile.company_id, companyA),
        sql`${legalProcessedFile.is_deleted} = false and ${legalProcessedFile.is_exception} = false and ${legalProcessedFile.action_status} in ('complete', 'unable_to_complete')`,
        where,
      ),
    );
  return row!.n;
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.signUpCompany({ name: 'Alpha Law', is_legal: true });
  const b = await server.signUpCompany({ name: 'Beta Law', is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  companyB = b.company.id;
  adminB = b.admin;

  const folders = await server.db
    .insert(legalDocumentFolder)
    .values([
      { company_id: companyA, name: 'Medical', hex_code: '#ff0000' },
      { company_id: companyA, name: 'Legal', hex_code: '#00ff00' },
      { company_id: companyA, name: 'Empty', hex_code: '#0000ff' },
      { company_id: companyA, name: 'Gone', hex_code: '#000000', is_deleted: true },
      { company_id: companyB, name: 'Medical', hex_code: '#ff0000' },
    ])
    .returning({ id: legalDocumentFolder.id, name: legalDocumentFolder.name });
  folder.medical = folders[0]!.id;
  folder.legal = folders[1]!.id;
  folder.empty = folders[2]!.id;
  folder.gone = folders[3]!.id;
  folder.medicalOfB = folders[4]!.id;
  const types = await server.db
    .insert(legalFileType)
    .values([
      {
        company_id: companyA,
        name: 'Agreed Medical Report',
        legal_document_folder_id: folder.medical,
        rules: {},
      },
      {
        company_id: companyA,
        name: 'Billing Statement',
        legal_document_folder_id: folder.medical,
        rules: {},
      },
      { company_id: companyA, name: 'Petition', legal_document_folder_id: folder.legal, rules: {} },
      {
        company_id: companyB,
        name: 'Agreed Medical Report',
        legal_document_folder_id: folder.medicalOfB,
        rules: {},
      },
    ])
    .returning({ id: legalFileType.id });
  type.amr = types[0]!.id;
  type.bill = types[1]!.id;
  type.petition = types[2]!.id;
  type.amrOfB = types[3]!.id;
  const [c] = await server.db
    .insert(legalCase)
    .values({ company_id: companyA, case_number: 'CASE-X' })
    .returning({ id: legalCase.id });
  caseX = c!.id;

  raw.a = await seedRawFile(server, companyA, {
    name: 'alpha_bundle%.pdf',
    createdAt: at('2026-01-10T09:00:00Z'),
  });
  raw.b = await seedRawFile(server, companyA, {
    name: 'beta-bundle.pdf',
    createdAt: at('2026-02-20T15:00:00Z'),
  });
  raw.c = await seedRawFile(server, companyA, {
    name: 'gamma.pdf',
    createdAt: at('2026-03-05T08:00:00Z'),
  });
  raw.ofB = await seedRawFile(server, companyB, {
    name: 'alpha_bundle%.pdf',
    createdAt: at('2026-01-10T09:00:00Z'),
  });

  await addDocs('a', companyA, [
    [
      'd1',
      {
        name: 'Agreed Medical Report - Smith',
        legal_file_type_id: type.amr,
        adj_number: ['ADJ2234567'],
        claim_number: ['CLM-1'],
        case_number: ['C-3'],
        applicant: 'Smith',
        defendant: 'Acme',
        date_of_injury: '2024-05-01',
        created_at: at('2026-01-10T10:00:00Z'),
        separated_at: at('2026-01-10T09:30:00Z'),
        reviewed_at: at('2026-03-10T10:00:00Z'),
        start_page_no: 1,
        end_page_no: 2,
        content:
          'The lumbar spine injury of applicant Smith & Sons "quoted". Lumbar findings: lumbar strain.',
      },
    ],
    [
      'd2',
      {
        name: 'Billing Statement',
        legal_file_type_id: type.bill,
        adj_number: ['ADJ7654321'],
        claim_number: ['CLM-2'],
        case_number: ['C-1'],
        applicant: 'Jones',
        defendant: 'Zeta',
        date_of_injury: '2023-01-01',
        action_status: 'unable_to_complete',
        document_synced: true,
        created_at: at('2026-01-11T00:00:00Z'),
        separated_at: at('2026-01-10T09:31:00Z'),
        start_page_no: 3,
        end_page_no: 3,
        content: 'Invoice for physical therapy sessions.',
      },
    ],
    [
      'x3',
      {
        name: 'Deleted report',
        is_deleted: true,
        created_at: at('2026-01-12T00:00:00Z'),
        start_page_no: 4,
        end_page_no: 4,
      },
    ],
  ]);
  await addDocs('b', companyA, [
    [
      'd3',
      {
        name: 'Petition for Reconsideration',
        legal_file_type_id: type.petition,
        adj_number: ['ADJ1234567', 'ADJ999'],
        claim_number: ['clm 3'],
        case_number: ['C-2'],
        defendant: 'Beta',
        date_of_injury: '2025-02-02',
        legal_case_id: caseX,
        created_at: at('2026-02-20T16:00:00Z'),
        separated_at: at('2026-02-20T15:30:00Z'),
        start_page_no: 1,
        end_page_no: 1,
        content: 'This petition concerns the lumbar claim.',
      },
    ],
    [
      'd4',
      {
        name: 'Unknown page',
        legal_file_type_id: null,
        applicant: 'Adams',
        created_at: at('2026-02-21T23:59:59Z'),
        separated_at: at('2026-02-20T15:31:00Z'),
        reviewed_at: at('2026-03-12T10:00:00Z'),
        start_page_no: 2,
        end_page_no: 2,
        content: 'Miscellaneous notes, 100%_sure.',
      },
    ],
    [
      'x4',
      {
        name: 'Still processing',
        action_status: 'pending',
        created_at: at('2026-02-22T00:00:00Z'),
        start_page_no: 3,
        end_page_no: 3,
      },
    ],
    [
      'x5',
      {
        name: 'Two cases',
        exception_reasons: ['multi_case'],
        created_at: at('2026-02-25T00:00:00Z'),
        start_page_no: 4,
        end_page_no: 4,
        content: 'petition exception text',
      },
    ],
  ]);
  await addDocs('c', companyA, [
    [
      'd5',
      {
        name: '50%_discount letter',
        legal_file_type_id: type.petition,
        adj_number: ['ADJ0000001'],
        claim_number: ['CLM-0'],
        case_number: ['C-0'],
        applicant: 'Baker',
        defendant: 'Delta',
        date_of_injury: '2020-01-01',
        created_at: at('2026-03-05T12:00:00Z'),
        separated_at: at('2026-03-05T09:00:00Z'),
        document_synced: true,
        reviewed_at: at('2026-03-11T10:00:00Z'),
        start_page_no: 1,
        end_page_no: 1,
        content: '<script>alert(1)</script> A letter about the lumbar region <b>bold</b>.',
      },
    ],
    [
      'x1',
      {
        name: 'No type found',
        exception_reasons: ['no_file_type'],
        created_at: at('2026-03-01T00:00:00Z'),
        start_page_no: 2,
        end_page_no: 2,
        content: 'lumbar exception',
      },
    ],
    [
      'x2',
      {
        name: 'Several cases',
        exception_reasons: ['multi_case', 'needs_case_number'],
        created_at: at('2026-03-02T00:00:00Z'),
        start_page_no: 3,
        end_page_no: 3,
      },
    ],
  ]);
  await addDocs('ofB', companyB, [
    [
      'b1',
      {
        name: 'Agreed Medical Report - Smith',
        legal_file_type_id: type.amrOfB,
        adj_number: ['ADJ1234567'],
        content: 'lumbar lumbar lumbar',
        created_at: at('2026-01-10T10:00:00Z'),
      },
    ],
    [
      'bx',
      {
        name: 'B exception',
        exception_reasons: ['no_file_type'],
        created_at: at('2026-01-10T10:00:00Z'),
        start_page_no: 2,
        end_page_no: 2,
      },
    ],
  ]);
});

afterAll(async () => server.close());

describe('the document center list', () => {
  it('given documents in every state, when listed without filters, then only complete or unable_to_complete, live, non-exception documents show, newest first, 10 a page', async () => {
    const r = await list();
    expect(r.errors).toBeUndefined();
    expect(r.page).toMatchObject({ total: 5, total_capped: false, page: 1, page_size: 10 });
    expect(r.page!.items.map((i) => keyOf.get(i.id))).toEqual(['d5', 'd4', 'd3', 'd2', 'd1']);
    const first = r.page!.items[4]!;
    expect(first.raw_file_name).toBe('alpha_bundle%.pdf');
    expect(first.raw_file_uploaded_at).toBe('2026-01-10T09:00:00.000Z');
    expect(first.snippet).toBeNull();
    expect(first.rank).toBeNull();
  });

  it('given page_size 2, when pages 1 to 4 are read, then they follow each other with offset (page - 1) * page_size and the total stays', async () => {
    const pages = [];
    for (const p of [1, 2, 3, 4]) {
      const r = await list({ p, ps: 2 });
      expect(r.page!.total).toBe(5);
      pages.push(r.page!.items.map((i) => keyOf.get(i.id)));
    }
    expect(pages).toEqual([['d5', 'd4'], ['d3', 'd2'], ['d1'], []]);
  });

  it.each([
    ['file_name (ILIKE, % literal)', { file_name: '50%_' }, ['d5']],
    ['file_name (case-insensitive)', { file_name: 'agreed medical' }, ['d1']],
    ['file_type', { file_type: () => type.petition }, ['d5', 'd3']],
    ['folder (a folder id)', { folder: () => folder.medical }, ['d2', 'd1']],
    ['folder no_file_type', { folder: 'no_file_type' }, ['d4']],
    ['folder without documents', { folder: () => folder.empty }, []],
    ['adj_number (typed with spaces and in lower case)', { adj_number: ' adj 223 4567 ' }, ['d1']],
    ['adj_number (any element of the list)', { adj_number: 'ADJ999' }, ['d3']],
    ['adj_number (a whole number only)', { adj_number: 'ADJ123' }, []],
    ['claim_number (stored with a space and in lower case)', { claim_number: 'CLM3' }, ['d3']],
    ['processed_at_from (a day)', { processed_at_from: '2026-02-20' }, ['d5', 'd4', 'd3']],
    [
      'processed_at_to (a day includes all of it)',
      { processed_at_to: '2026-02-21' },
      ['d4', 'd3', 'd2', 'd1'],
    ],
    [
      'processed_at range of instants (inclusive)',
      { processed_at_from: '2026-01-10T10:00:00Z', processed_at_to: '2026-01-11T00:00:00Z' },
      ['d2', 'd1'],
    ],
    [
      'processed_at range across days with partial edges',
      { processed_at_from: '2026-01-10T10:00:01Z', processed_at_to: '2026-02-21T23:59:58Z' },
      ['d3', 'd2'],
    ],
    ['legal_raw_file_name (ILIKE, % literal)', { legal_raw_file_name: 'BUNDLE%' }, ['d2', 'd1']],
    ['search: document name', { search: 'petition' }, ['d3']],
    ['search: a number', { search: '7654' }, ['d2']],
    ['search: the raw file name', { search: 'beta-bun' }, ['d4', 'd3']],
    ['search: _ is literal', { search: '0%_s' }, []],
    [
      'raw_file_uploaded_at_from',
      { raw_file_uploaded_at_from: '2026-02-20T15:00:00Z' },
      ['d5', 'd4', 'd3'],
    ],
    ['raw_file_uploaded_at_to (a day)', { raw_file_uploaded_at_to: '2026-02-19' }, ['d2', 'd1']],
    ['separated_at (a day)', { separated_at: '2026-02-20' }, ['d4', 'd3']],
    ['legal_case_id', { legal_case_id: () => caseX }, ['d3']],
    ['legal_raw_file_id', { legal_raw_file_id: () => raw.a }, ['d2', 'd1']],
    [
      'several filters together',
      { folder: () => folder.legal, processed_at_to: '2026-03-01', adj_number: 'ADJ999' },
      ['d3'],
    ],
    [
      'blank filters count as not given',
      { file_name: '', search: '   ', folder: null },
      ['d5', 'd4', 'd3', 'd2', 'd1'],
    ],
  ])(
    'given the filter %s, then exactly the matching documents show with their total',
    async (_label, given, expected) => {
      const filters = Object.fromEntries(
        Object.entries(given).map(([k, v]) => [k, typeof v === 'function' ? v() : v]),
      );
      expect(await keys({ f: filters })).toEqual(expected);
      expect(await total(filters)).toBe(expected.length);
    },
  );

  it.each([
    ['name', 'asc', ['d5', 'd1', 'd2', 'd3', 'd4']],
    ['name', 'desc', ['d4', 'd3', 'd2', 'd1', 'd5']],
    ['created_at', 'asc', ['d1', 'd2', 'd3', 'd4', 'd5']],
    ['legal_file_type', 'asc', ['d1', 'd2', 'd5', 'd3', 'd4']],
    ['legal_file_type', 'desc', ['d4', 'd5', 'd3', 'd2', 'd1']],
    ['adj_number', 'asc', ['d4', 'd5', 'd3', 'd1', 'd2']],
    ['claim_number', 'asc', ['d4', 'd5', 'd1', 'd2', 'd3']],
    ['case_number', 'desc', ['d1', 'd3', 'd2', 'd5', 'd4']],
    ['applicant', 'asc', ['d4', 'd5', 'd2', 'd1', 'd3']],
    ['applicant', 'desc', ['d3', 'd1', 'd2', 'd5', 'd4']],
    ['defendant', 'asc', ['d1', 'd3', 'd5', 'd2', 'd4']],
    ['date_of_injury', 'asc', ['d5', 'd2', 'd1', 'd3', 'd4']],
    ['date_of_injury', 'desc', ['d4', 'd3', 'd1', 'd2', 'd5']],
    ['raw_file_name', 'asc', ['d1', 'd2', 'd3', 'd4', 'd5']],
    ['raw_file_name', 'desc', ['d5', 'd3', 'd4', 'd1', 'd2']],
    ['raw_file_uploaded_at', 'desc', ['d5', 'd3', 'd4', 'd1', 'd2']],
    ['separated_at', 'asc', ['d1', 'd2', 'd3', 'd4', 'd5']],
    ['start_page_no', 'desc', ['d2', 'd4', 'd5', 'd3', 'd1']],
  ])(
    'given sort_by %s %s, then the documents come in that order',
    async (sortBy, order, expected) => {
      const got = await keys({ s: sortBy, o: order });
      if (sortBy === 'start_page_no') {
        // Equal pages (1) tie-break by id: only the groups are fixed.
        expect(got[0]).toBe('d2');
        expect(got.slice(1, 2)).toEqual(['d4']);
        expect(new Set(got.slice(2))).toEqual(new Set(['d5', 'd3', 'd1']));
        return;
      }
      expect(got).toEqual(expected);
    },
  );

  /** Keys in groups of equal sort values, each group by id (the tie-break); desc is the reverse. */
  const inOrder = (groups: string[][], order: 'asc' | 'desc') => {
    const asc = groups.flatMap((group) =>
      group
        .map((key) => doc[key]!)
        .sort()
        .map((id) => keyOf.get(id)!),
    );
    return order === 'asc' ? asc : asc.reverse();
  };

  it.each([
    ['action_status', [['d1', 'd3', 'd4', 'd5'], ['d2']]],
    [
      'document_synced',
      [
        ['d1', 'd3', 'd4'],
        ['d2', 'd5'],
      ],
    ],
    ['reviewed_at', [['d1'], ['d5'], ['d4'], ['d2', 'd3']]],
  ])(
    'given sort_by %s, then equal values stay together in id order, not reviewed last ascending, and desc is the exact reverse',
    async (sortBy, groups) => {
      for (const order of ['asc', 'desc'] as const)
        expect(await keys({ s: sortBy, o: order }), order).toEqual(inOrder(groups, order));
    },
  );

  it('given sort_by reviewed_at without an order, then the latest reviewed come first (unreviewed before them)', async () => {
    expect(await keys({ s: 'reviewed_at' })).toEqual(
      inOrder([['d1'], ['d5'], ['d4'], ['d2', 'd3']], 'desc'),
    );
  });

  it('given a sort and page_size 2, when paging, then the pages continue the same order (type sort included)', async () => {
    for (const sortBy of [
      'legal_file_type',
      'name',
      'raw_file_uploaded_at',
      'action_status',
      'document_synced',
      'reviewed_at',
    ]) {
      const all = await keys({ s: sortBy });
      const paged: string[] = [];
      for (const p of [1, 2, 3]) paged.push(...(await keys({ s: sortBy, p, ps: 2 })));
      expect(paged, sortBy).toEqual(all);
    }
  });

  it('given raw-file filters with another sort, then the order and total are the same as without the shortcut', async () => {
    expect(
      await keys({ f: { raw_file_uploaded_at_to: '2026-02-28' }, s: 'legal_file_type' }),
    ).toEqual(['d1', 'd2', 'd3', 'd4']);
    expect(await keys({ f: { legal_raw_file_name: 'bundle' }, s: 'name', o: 'desc' })).toEqual([
      'd4',
      'd3',
      'd2',
      'd1',
    ]);
  });

  it.each([
    ['an unknown sort_by', { s: 'content' }, 'sort_by', /must be one of name, created_at/],
    ['a bad sort_order', { s: 'name', o: 'up' }, 'sort_order', /asc or desc/],
    ['rank without a content search', { s: 'rank' }, 'sort_by', /content search/],
    ['page 0', { p: 0 }, 'page', /at least 1/],
    ['page_size over the cap', { ps: 1001 }, 'page_size', /at most 1000/],
    ['a bad date', { f: { processed_at_from: '2026-13-01' } }, 'filters.processed_at_from', /date/],
    [
      'a date-time without a zone',
      { f: { processed_at_to: '2026-01-01T10:00:00' } },
      'filters.processed_at_to',
      /date/,
    ],
    [
      'a reversed range',
      { f: { processed_at_from: '2026-02-01', processed_at_to: '2026-01-01' } },
      'filters.processed_at_to',
      /not be before/,
    ],
    ['a bad file_type id', { f: { file_type: 'abc' } }, 'filters.file_type', /id/],
    ['a bad folder', { f: { folder: 'medical' } }, 'filters.folder', /folder id or 'no_file_type'/],
    [
      'a bad separated_at',
      { f: { separated_at: '2026-02-20T10:00:00Z' } },
      'filters.separated_at',
      /YYYY-MM-DD/,
    ],
  ])(
    'given %s, then INVALID_INPUT names the field and why',
    async (_label, vars, path, message) => {
      const r = await list(vars);
      const issues = issuesOf(r.errors);
      expect(issues.find((i) => i.path === path)?.message, JSON.stringify(issues)).toMatch(message);
    },
  );

  it("given another company's id (or a malformed one), then the answer is an empty page like a missing company", async () => {
    const ofB = await list({}, adminB.token);
    const missing = await server.gql(LIST, { c: randomUUID() }, adminB.token);
    const malformed = await server.gql(LIST, { c: 'not-an-id' }, adminB.token);
    expect(ofB.page).toEqual({ items: [], total: 0, total_capped: false, page: 1, page_size: 10 });
    expect(missing.data).toEqual({ processedFiles: ofB.page });
    expect(malformed.data).toEqual({ processedFiles: ofB.page });
    // And A's own filters cannot reach B's rows.
    expect(await keys({ f: { file_type: type.amrOfB } })).toEqual([]);
  });
});

describe('content search', () => {
  it('given include_content_search, when searching a word, then matches are ranked by relevance with <mark> snippets, HTML escaped', async () => {
    const r = await list({ f: { search: 'lumbar', include_content_search: true } });
    expect(r.errors).toBeUndefined();
    const items = r.page!.items;
    expect(items.map((i) => keyOf.get(i.id))[0]).toBe('d1'); // three mentions beat one
    expect(new Set(items.map((i) => keyOf.get(i.id)))).toEqual(new Set(['d1', 'd3', 'd5']));
    expect(r.page!.total).toBe(3);
    const ranks = items.map((i) => i.rank!);
    expect([...ranks].sort((x, y) => y - x)).toEqual(ranks);
    expect(ranks.every((rank) => rank > 0)).toBe(true);
    for (const item of items) {
      expect(item.snippet).toMatch(/<mark>lumbar<\/mark>/i);
      expect(item.snippet!.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
    expect(items.find((i) => keyOf.get(i.id) === 'd1')!.snippet).toContain('&amp;');
  });

  it('given a word in one document name (weight A) and in another text, then the name match ranks first', async () => {
    const r = await list({ f: { search: 'petition', include_content_search: true } });
    expect(r.page!.items.map((i) => keyOf.get(i.id))).toEqual(['d3']);
    const both = await list({ f: { search: 'letter lumbar', include_content_search: true } });
    expect(both.page!.items.map((i) => keyOf.get(i.id))).toEqual(['d5']);
  });

  it('given web-search syntax, then phrases and exclusions work; text is only ever a parameter', async () => {
    expect(
      await keys({ f: { search: '"physical therapy"', include_content_search: true } }),
    ).toEqual(['d2']);
    expect(await keys({ f: { search: 'lumbar -petition', include_content_search: true } })).toEqual(
      ['d1', 'd5'],
    );
    expect(
      await keys({
        f: { search: "'; drop table legal_processed_file; --", include_content_search: true },
      }),
    ).toEqual([]);
    expect(await keys({ f: { search: 'the', include_content_search: true } })).toEqual([]); // only a stop word
    expect(await exactCenterCount()).toBe(5);
  });

  it('given content search with another sort or filters, then those apply and rank and snippet are still given', async () => {
    const r = await list({
      f: { search: 'lumbar', include_content_search: true, folder: folder.legal },
      s: 'created_at',
      o: 'asc',
    });
    expect(r.page!.items.map((i) => keyOf.get(i.id))).toEqual(['d3', 'd5']);
    expect(r.page!.items.every((i) => i.rank! > 0 && i.snippet!.includes('<mark>'))).toBe(true);
    const ascending = await keys({
      f: { search: 'lumbar', include_content_search: true },
      s: 'rank',
      o: 'asc',
    });
    expect(ascending).toHaveLength(3);
    expect(ascending.at(-1)).toBe('d1');
  });

  it('given search without include_content_search, then the text is not searched', async () => {
    expect(await keys({ f: { search: 'lumbar' } })).toEqual([]);
    expect(await keys({ f: { search: 'lumbar', include_content_search: false } })).toEqual([]);
  });
});

describe('tab counts', () => {
  it('given no filters, then all, no_file_type and every live folder of the company (zero included) come from the counters', async () => {
    expect(await counts()).toEqual({
      all: 5,
      no_file_type: 1,
      capped: false,
      folders: { Medical: 2, Legal: 2, Empty: 0 },
    });
  });

  it('given filters, then the counts honour them except the folder', async () => {
    expect(await counts({ search: 'bundle', folder: folder.legal })).toEqual({
      all: 4,
      no_file_type: 1,
      capped: false,
      folders: { Medical: 2, Legal: 1, Empty: 0 },
    });
    expect(
      await counts({
        processed_at_from: '2026-01-10T10:00:01Z',
        processed_at_to: '2026-02-21T23:59:58Z',
      }),
    ).toEqual({
      all: 2,
      no_file_type: 0,
      capped: false,
      folders: { Medical: 1, Legal: 1, Empty: 0 },
    });
    expect(await counts({ processed_at_from: '2026-02-21' })).toMatchObject({
      all: 2,
      no_file_type: 1,
    });
    expect(await counts({ file_type: type.bill })).toMatchObject({
      all: 1,
      folders: { Medical: 1, Legal: 0 },
    });
    expect(await counts({ search: 'lumbar', include_content_search: true })).toMatchObject({
      all: 3,
      folders: { Medical: 1, Legal: 2 },
    });
  });

  it('given tab counts, then each equals the list total of that tab', async () => {
    const c = await counts();
    expect(await total({ folder: folder.medical })).toBe(c.folders.Medical);
    expect(await total({ folder: folder.legal })).toBe(c.folders.Legal);
    expect(await total({ folder: 'no_file_type' })).toBe(c.no_file_type);
    expect(await total({ processed_at_to: '2026-02-21', folder: folder.medical })).toBe(2);
  });

  it("given another company's id, then zeros and no folders, like a missing company", async () => {
    const r = await server.gql(COUNTS, { c: companyA }, adminB.token);
    const missing = await server.gql(COUNTS, { c: randomUUID() }, adminB.token);
    expect(r.data).toEqual({
      documentCenterCounts: { all: 0, no_file_type: 0, capped: false, folders: [] },
    });
    expect(missing.data).toEqual(r.data);
  });
});

describe('the live counters', () => {
  it('given inserts, updates, soft deletes, deletes and folding, then every count stays equal to counting the rows', async () => {
    const extraRaw = await seedRawFile(server, companyA, {
      name: 'counter-test.pdf',
      createdAt: at('2026-04-01T00:00:00Z'),
    });
    const ids = await seedDocuments(
      server,
      companyA,
      [
        { name: 'c1', legal_file_type_id: type.amr, created_at: at('2026-04-01T10:00:00Z') },
        { name: 'c2', legal_file_type_id: null, created_at: at('2026-04-02T10:00:00Z') },
        { name: 'c3', exception_reasons: ['no_file_type'], created_at: at('2026-04-03T10:00:00Z') },
      ],
      extraRaw,
    );
    const [c1, c2, c3] = ids as [string, string, string];
    const check = async () => {
      const c = await counts();
      expect(c.all).toBe(await exactCenterCount());
      expect(c.no_file_type).toBe(
        await exactCenterCount(sql`${legalProcessedFile.legal_file_type_id} is null`),
      );
      expect(c.folders.Medical).toBe(
        await exactCenterCount(
          inArray(legalProcessedFile.legal_file_type_id, [type.amr!, type.bill!]),
        ),
      );
      // Whole days from the day counters plus the partial first day counted from the index.
      expect(
        await total({ processed_at_from: '2026-03-31T12:00:00Z', processed_at_to: '2026-04-02' }),
      ).toBe(
        await exactCenterCount(
          sql`${legalProcessedFile.created_at} >= '2026-03-31T12:00:00Z' and ${legalProcessedFile.created_at} < '2026-04-03'`,
        ),
      );
      const rc = await reviewCounts();
      const [ex] = await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(legalProcessedFile)
        .where(
          and(
            eq(legalProcessedFile.company_id, companyA),
            eq(legalProcessedFile.is_deleted, false),
            eq(legalProcessedFile.is_exception, true),
          ),
        );
      expect(rc.all).toBe(ex!.n);
    };
    await check();
    expect((await counts()).folders.Medical).toBe(3);
    // A type change moves the document between folders; an unrelated change moves nothing.
    await server.db
      .update(legalProcessedFile)
      .set({ legal_file_type_id: type.petition })
      .where(eq(legalProcessedFile.id, c1));
    await server.db
      .update(legalProcessedFile)
      .set({ qa_status: 'ok' })
      .where(eq(legalProcessedFile.company_id, companyA));
    await check();
    expect((await counts()).folders).toMatchObject({ Medical: 2, Legal: 3 });
    // Review: the exception is resolved into the center; a soft delete leaves it.
    await server.db
      .update(legalProcessedFile)
      .set({
        is_exception: false,
        exception_reasons: [],
        action_status: 'complete',
        legal_file_type_id: type.bill,
      })
      .where(eq(legalProcessedFile.id, c3));
    await server.db
      .update(legalProcessedFile)
      .set({ is_deleted: true })
      .where(eq(legalProcessedFile.id, c2));
    await check();
    // Several rows in one statement, then a hard delete.
    await server.db
      .update(legalProcessedFile)
      .set({ action_status: 'pending' })
      .where(inArray(legalProcessedFile.id, [c1, c3]));
    await check();
    await server.db.delete(legalProcessedFile).where(inArray(legalProcessedFile.id, ids));
    await check();
    // Folding the pending deltas changes no count.
    const before = { centre: await counts(), review: await reviewCounts() };
    const pending = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(legalProcessedFileCountDelta);
    expect(pending[0]!.n).toBeGreaterThan(0);
    await server.db.execute(sql`select legal_processed_file_count_compact(${companyA})`);
    const left = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(legalProcessedFileCountDelta)
      .where(eq(legalProcessedFileCountDelta.company_id, companyA));
    expect(left[0]!.n).toBe(0);
    expect({ centre: await counts(), review: await reviewCounts() }).toEqual(before);
    await check();
    // Counters damaged behind the triggers' back are restored by the rebuild function.
    await server.db.execute(
      sql`delete from legal_processed_file_count where company_id = ${companyA}`,
    );
    expect((await counts()).all).not.toBe(await exactCenterCount());
    await server.db.execute(sql`select legal_processed_file_count_rebuild(${companyA})`);
    await check();
    await server.db.delete(rawFile).where(eq(rawFile.id, extraRaw));
  });
});

describe('bulk changes', () => {
  it('given one statement adding documents over 300 days, then its counter changes are folded at once and the counts are right', async () => {
    const bulkRaw = await seedRawFile(server, companyA, { name: 'bulk.pdf' });
    const before = await counts();
    const days = Array.from({ length: 300 }, (_, i) => ({
      name: `bulk ${i}`,
      legal_file_type_id: type.bill,
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000),
      start_page_no: i + 1,
      end_page_no: i + 1,
    }));
    const ids = await seedDocuments(server, companyA, days, bulkRaw);
    const pending = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(legalProcessedFileCountDelta)
      .where(eq(legalProcessedFileCountDelta.company_id, companyA));
    expect(pending[0]!.n).toBe(0);
    expect(await counts()).toMatchObject({
      all: before.all + 300,
      folders: { Medical: before.folders.Medical! + 300 },
    });
    expect(await total({ processed_at_from: '2024-01-01', processed_at_to: '2024-01-31' })).toBe(
      31,
    );
    await server.db.delete(legalProcessedFile).where(inArray(legalProcessedFile.id, ids));
    await server.db.delete(rawFile).where(eq(rawFile.id, bulkRaw));
    expect(await counts()).toEqual(before);
  });
});

describe('the review queue', () => {
  it.each([
    ['all', ['x5', 'x1', 'x2']],
    [undefined, ['x5', 'x1', 'x2']],
    ['no_file_type', ['x1']],
    ['multi_case', ['x5', 'x2']],
    ['needs_case_number', ['x2']],
  ])(
    'given statusType %s, then its exceptions show oldest first with their total',
    async (statusType, expected) => {
      expect(await queue(statusType)).toEqual({ total: expected.length, keys: expected });
    },
  );

  it('given filters and paging, then they apply to the queue too', async () => {
    expect(await queue('all', { f: { legal_raw_file_id: raw.c } })).toEqual({
      total: 2,
      keys: ['x1', 'x2'],
    });
    expect(await queue('all', { p: 2, ps: 2 })).toEqual({ total: 3, keys: ['x2'] });
    const r = await server.gql<{ reviewQueue: Page }>(
      QUEUE,
      { c: companyA, f: { search: 'lumbar', include_content_search: true } },
      adminA.token,
    );
    expect(r.data!.reviewQueue.items.map((i) => keyOf.get(i.id))).toEqual(['x1']);
    expect(r.data!.reviewQueue.items[0]!.snippet).toContain('<mark>');
  });

  it('given reviewCounts, then each kind is counted (a document may have several reasons)', async () => {
    expect(await reviewCounts()).toEqual({
      all: 3,
      no_file_type: 1,
      multi_case: 2,
      needs_case_number: 1,
    });
    expect(await reviewCounts(companyA, adminB.token)).toEqual({
      all: 0,
      no_file_type: 0,
      multi_case: 0,
      needs_case_number: 0,
    });
  });

  it('given an unknown statusType, then INVALID_INPUT names it', async () => {
    const r = await server.gql(QUEUE, { c: companyA, t: 'everything' }, adminA.token);
    expect(issuesOf(r.errors as GqlError[])[0]).toMatchObject({ path: 'statusType' });
  });
});

describe('REST', () => {
  it('given GET /raw-files/review-processed-files-count without company_id, then 400 "Company ID is required"', async () => {
    for (const path of [
      '/raw-files/review-processed-files-count',
      '/raw-files/review-processed-files-count?company_id=',
    ]) {
      const r = await rest(server, 'GET', path, adminA.token);
      expect(r.status).toBe(400);
      expect(r.body).toEqual({
        error: { code: 'COMPANY_ID_REQUIRED', message: 'Company ID is required' },
      });
    }
  });

  it('given a company id, then the review count and the document center count come back', async () => {
    const review = await rest(
      server,
      'GET',
      `/raw-files/review-processed-files-count?company_id=${companyA}`,
      adminA.token,
    );
    expect(review).toEqual({ status: 200, body: { data: { count: 3 } } });
    const centre = await rest(
      server,
      'GET',
      `/raw-files/processed-files-count?company_id=${companyA}`,
      adminA.token,
    );
    expect(centre).toEqual({ status: 200, body: { data: { count: 5, capped: false } } });
    const filtered = await rest(
      server,
      'GET',
      `/raw-files/processed-files-count?company_id=${companyA}&file_type=${type.petition}&processed_at_from=2026-03-01`,
      adminA.token,
    );
    expect(filtered.body).toEqual({ data: { count: 1, capped: false } });
    const bad = await rest<unknown>(
      server,
      'GET',
      `/raw-files/processed-files-count?company_id=${companyA}&processed_at_from=yesterday`,
      adminA.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.error?.code).toBe('INVALID_INPUT');
    const noCompany = await rest(server, 'GET', '/raw-files/processed-files-count', adminA.token);
    expect(noCompany.body).toEqual({
      error: { code: 'COMPANY_ID_REQUIRED', message: 'Company ID is required' },
    });
  });

  interface ReviewReply {
    rawFiles: Array<{
      id: string;
      name: string;
      exception_processed_files: Array<{ id: string; name: string; content?: string }>;
    }>;
    total: number;
  }
  const shape = (body: { data?: ReviewReply }) =>
    Object.fromEntries(
      (body.data?.rawFiles ?? []).map((f) => [
        f.name,
        f.exception_processed_files.map((d) => keyOf.get(d.id)),
      ]),
    );

  it('given GET /raw-files/need-reviews, then raw files with exceptions come with their exception documents, tags narrowing the kind', async () => {
    const all = await rest<ReviewReply>(
      server,
      'GET',
      `/raw-files/need-reviews?company_ids=${companyA}&sortBy=name&sortOrder=asc`,
      adminA.token,
    );
    expect(all.status).toBe(200);
    expect(all.body.data!.total).toBe(2);
    expect(all.body.data!.rawFiles.map((f) => f.name)).toEqual(['beta-bundle.pdf', 'gamma.pdf']);
    expect(shape(all.body)).toEqual({ 'beta-bundle.pdf': ['x5'], 'gamma.pdf': ['x1', 'x2'] });
    expect(all.body.data!.rawFiles[0]!.exception_processed_files[0]).not.toHaveProperty('content');
    const multi = await rest<ReviewReply>(
      server,
      'GET',
      `/raw-files/need-reviews?company_ids=${companyA},${companyB}&tags=multi_case&search=gamma`,
      adminA.token,
    );
    expect(shape(multi.body)).toEqual({ 'gamma.pdf': ['x2'] });
    const badTag = await rest<unknown>(
      server,
      'GET',
      `/raw-files/need-reviews?tags=urgent`,
      adminA.token,
    );
    expect(badTag.status).toBe(400);
    expect(badTag.body.error?.code).toBe('INVALID_INPUT');
    const paged = await rest<ReviewReply>(
      server,
      'GET',
      `/raw-files/need-reviews?company_ids=${companyA}&page=2&pageSize=1&sortBy=name&sortOrder=asc`,
      adminA.token,
    );
    expect(paged.body.data).toMatchObject({ total: 2, rawFiles: [{ name: 'gamma.pdf' }] });
  });

  it('given POST /raw-files/get-by-status, then raw files with exceptions of that kind come back; includeContentSearch also searches the text', async () => {
    const byKind = async (statusType: string, body: Record<string, unknown> = {}) =>
      rest<ReviewReply>(
        server,
        'POST',
        `/raw-files/get-by-status?statusType=${statusType}`,
        adminA.token,
        { companyIds: [companyA], page: 1, pageSize: 10, ...body },
      );
    expect(shape((await byKind('all')).body)).toEqual({
      'beta-bundle.pdf': ['x5'],
      'gamma.pdf': ['x1', 'x2'],
    });
    expect(shape((await byKind('no_file_type')).body)).toEqual({ 'gamma.pdf': ['x1'] });
    expect(shape((await byKind('multi_case')).body)).toEqual({
      'beta-bundle.pdf': ['x5'],
      'gamma.pdf': ['x2'],
    });
    expect(
      shape((await byKind('all', { searchQuery: 'petition', includeContentSearch: true })).body),
    ).toEqual({ 'beta-bundle.pdf': ['x5'] });
    expect(shape((await byKind('all', { searchQuery: 'petition' })).body)).toEqual({});
    const bad = await byKind('needs_everything');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'INVALID_INPUT' } });
    const badBody = await byKind('all', { pageSize: 'many' });
    expect(badBody.status).toBe(400);
  });

  it("given another company's ids, then the REST answers are the same as for a missing company", async () => {
    const missing = randomUUID();
    for (const path of [
      (id: string) => `/raw-files/review-processed-files-count?company_id=${id}`,
      (id: string) => `/raw-files/processed-files-count?company_id=${id}`,
      (id: string) => `/raw-files/need-reviews?company_ids=${id}`,
    ]) {
      const ofA = await rest(server, 'GET', path(companyA), adminB.token);
      expect(ofA).toEqual(await rest(server, 'GET', path(missing), adminB.token));
      expect(ofA.status).toBe(200);
    }
  });
});

describe('raw-file list filters of the review issue', () => {
  it('given reviewed_at, then raw files with a document reviewed that UTC day are listed (REST and GraphQL)', async () => {
    await server.db
      .update(legalProcessedFile)
      .set({ reviewed_at: at('2026-04-02T23:30:00Z') })
      .where(eq(legalProcessedFile.id, doc.d3!));
    const r = await rest<{ rawFiles: Array<{ name: string }>; total: number }>(
      server,
      'POST',
      '/raw-files/getRawFiles',
      adminA.token,
      { companyIds: [companyA], reviewed_at: '2026-04-02' },
    );
    expect(r.body.data?.rawFiles.map((f) => f.name)).toEqual(['beta-bundle.pdf']);
    const none = await rest<{ total: number }>(
      server,
      'POST',
      '/raw-files/getRawFiles',
      adminA.token,
      { companyIds: [companyA], reviewed_at: '2026-04-03' },
    );
    expect(none.body.data?.total).toBe(0);
    const g = await server.gql<{ rawFiles: { items: Array<{ name: string }> } }>(
      'query($c: ID) { rawFiles(company_id: $c, reviewed_at: "2026-04-02") { items { name } } }',
      { c: companyA },
      adminA.token,
    );
    expect(g.data?.rawFiles.items.map((f) => f.name)).toEqual(['beta-bundle.pdf']);
    const bad = await rest<unknown>(server, 'POST', '/raw-files/getRawFiles', adminA.token, {
      reviewed_at: 'April',
    });
    expect(bad.status).toBe(400);
  });

  it("given includeContentSearch, then the search also matches raw files by their documents' text, never another company's", async () => {
    const search = (body: Record<string, unknown>, token = adminA.token) =>
      rest<{ rawFiles: Array<{ name: string }> }>(server, 'POST', '/raw-files/getRawFiles', token, {
        sortBy: 'name',
        sortOrder: 'asc',
        ...body,
      });
    expect(
      (
        await search({ companyIds: [companyA], searchQuery: 'therapy', includeContentSearch: true })
      ).body.data?.rawFiles.map((f) => f.name),
    ).toEqual(['alpha_bundle%.pdf']);
    expect(
      (await search({ companyIds: [companyA], searchQuery: 'therapy' })).body.data?.rawFiles,
    ).toEqual([]);
    expect(
      (
        await search({ companyIds: [companyA], searchQuery: 'gamma', includeContentSearch: 'true' })
      ).body.data?.rawFiles.map((f) => f.name),
    ).toEqual(['gamma.pdf']);
    // B's raw file has a document saying lumbar; A's search must not see it, and B's not A's.
    expect(
      (await search({ searchQuery: 'lumbar', includeContentSearch: true })).body.data?.rawFiles.map(
        (f) => f.name,
      ),
    ).toEqual(['alpha_bundle%.pdf', 'beta-bundle.pdf', 'gamma.pdf']);
    expect(
      (await search({ searchQuery: 'therapy', includeContentSearch: true }, adminB.token)).body.data
        ?.rawFiles,
    ).toEqual([]);
    const g = await server.gql<{ rawFiles: { items: Array<{ name: string }> } }>(
      'query($c: ID) { rawFiles(company_id: $c, search: "therapy", includeContentSearch: true) { items { name } } }',
      { c: companyA },
      adminA.token,
    );
    expect(g.data?.rawFiles.items.map((f) => f.name)).toEqual(['alpha_bundle%.pdf']);
  });
});

describe('migration 0005', () => {
  it('given documents written before the migration, when it runs, then the counters start from them', async () => {
    const database = await createTestDatabase();
    const folderCopy = await mkdtemp(path.join(tmpdir(), 'lexdesk-migrations-0004-'));
    try {
      await cp(defaultMigrationsFolder(), folderCopy, { recursive: true });
      const journalFile = path.join(folderCopy, 'meta', '_journal.json');
      const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
        entries: Array<{ tag: string }>;
      };
      const upTo = journal.entries.findIndex((e) => e.tag.startsWith('0005'));
      expect(upTo).toBeGreaterThan(0);
      await writeFile(
        journalFile,
        JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
      );
      await runMigrations(database.url, { migrationsFolder: folderCopy });
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      try {
        const one = async (text: string, values: unknown[] = []) =>
          (await client.query<{ id: string }>(text, values)).rows[0]!.id;
        const company = await one(`insert into company (name) values ('Old Law') returning id`);
        const folderId = await one(
          `insert into legal_document_folder (company_id, name, hex_code) values ($1, 'F', '#fff') returning id`,
          [company],
        );
        const typeId = await one(
          `insert into legal_file_type (company_id, name, legal_document_folder_id, rules) values ($1, 'T', $2, '{}') returning id`,
          [company, folderId],
        );
        const rawId = await one(
          `insert into raw_file (name, size, company_id) values ('old.pdf', 1, $1) returning id`,
          [company],
        );
        await client.query(
          `insert into legal_processed_file (name, legal_raw_file_id, company_id, start_page_no, end_page_no, action_status, legal_file_type_id, is_exception, exception_reasons, is_deleted, created_at)
           values ('a', $1, $2, 1, 1, 'complete', $3, false, '{}', false, '2026-01-01T10:00:00Z'),
                  ('b', $1, $2, 2, 2, 'unable_to_complete', null, false, '{}', false, '2026-01-02T10:00:00Z'),
                  ('c', $1, $2, 3, 3, 'complete', null, true, '{multi_case,needs_case_number}', false, '2026-01-02T10:00:00Z'),
                  ('d', $1, $2, 4, 4, 'complete', $3, false, '{}', true, '2026-01-02T10:00:00Z'),
                  ('e', $1, $2, 5, 5, 'pending', $3, false, '{}', false, '2026-01-02T10:00:00Z')`,
          [rawId, company, typeId],
        );
        await runMigrations(database.url);
        const totals = await client.query<{
          bucket: string;
          legal_file_type_id: string;
          n: string;
        }>(
          'select bucket, legal_file_type_id, n from legal_processed_file_count where company_id = $1 order by bucket, legal_file_type_id',
          [company],
        );
        expect(
          totals.rows.map((r) => [
            r.bucket,
            r.legal_file_type_id === typeId ? 'T' : r.legal_file_type_id,
            Number(r.n),
          ]),
        ).toEqual(
          [
            ['center', '00000000-0000-0000-0000-000000000000', 1],
            ['center', 'T', 1],
            ['exception', '00000000-0000-0000-0000-000000000000', 1],
            ['exception:multi_case', '00000000-0000-0000-0000-000000000000', 1],
            ['exception:needs_case_number', '00000000-0000-0000-0000-000000000000', 1],
          ].sort(
            (x, y) =>
              String(x[0]).localeCompare(String(y[0])) || String(x[1]).localeCompare(String(y[1])),
          ),
        );
        const days = await client.query<{ day: string; n: string }>(
          "select to_char(day, 'YYYY-MM-DD') as day, sum(n)::int as n from legal_processed_file_day_count where company_id = $1 group by 1 order by 1",
          [company],
        );
        expect(days.rows).toEqual([
          { day: '2026-01-01', n: 1 },
          { day: '2026-01-02', n: 1 },
        ]);
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
      await rm(folderCopy, { recursive: true, force: true });
    }
  });
});
