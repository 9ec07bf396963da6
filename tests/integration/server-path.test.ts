/**
 * The per-request server path made cheaper for the review screens (review bench): the session
 * check in one statement read fresh on every request (so sign-out, deactivation and a changed
 * company scope count from the next request), the capped count in one time-boxed statement
 * (DatabaseHandle.timed), a document page with its raw files' names in one statement and its
 * types looked up side by side, and GraphQL JSON answered whole.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyAccess, session } from '../../src/server/db/schema';
import { legalDocumentFolder, legalFileType } from '../../src/server/db/schemaPipeline';
import { userProfile } from '../../src/server/db/schema';
import { captureQueries, installQueryCapture } from '../bench/review/capture';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { seedDocuments, seedRawFile } from './fixtures/documents';

const VIEWER = '{ viewer { user { id } company_ids } }';
const PROTECTED = '{ unreadNotificationCount }';
const LIST = `query($c: ID!, $size: Int, $sort: String, $order: String, $f: ProcessedFileFilters) {
  processedFiles(company_id: $c, page_size: $size, sort_by: $sort, sort_order: $order, filters: $f) {
    total items { id name raw_file_name raw_file_uploaded_at legal_file_type { id name legal_document_folder { id name } } } } }`;

interface ListItem {
  id: string;
  name: string;
  raw_file_name: string;
  raw_file_uploaded_at: string;
  legal_file_type: { id: string; name: string; legal_document_folder: { id: string } } | null;
}

let server: TestServer;
let companyA: string;
let companyB: string;
let adminA: TestUser;

beforeAll(async () => {
  installQueryCapture();
  server = await startTestServer();
  const a = await server.signUpCompany({ name: 'Path A' });
  const b = await server.signUpCompany({ name: 'Path B' });
  companyA = a.company.id;
  companyB = b.company.id;
  adminA = a.admin;
});
afterAll(async () => server.close());

/** The statements one request sent, in order. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const { queries } = await captureQueries(work);
  return queries.map((query) => query.text.replace(/\s+/g, ' ').trim());
}

describe('session check', () => {
  it('given a signed-in request, when it runs, then the session, user and scope are one statement and activity is not rewritten within a minute', async () => {
    await server.gql(VIEWER, {}, adminA.token); // records activity if due
    const sent = await statementsOf(() => server.gql(VIEWER, {}, adminA.token));
    const sessionReads = sent.filter((text) => /from "session"/i.test(text));
    expect(sessionReads).toHaveLength(1);
    expect(sent.some((text) => /^update "session"/i.test(text))).toBe(false);
  });

  it('given a session last seen over a minute ago, when a request comes, then its activity is recorded', async () => {
    const { token, user } = await server.addUser({ companyId: companyA });
    await server.db
      .update(session)
      .set({ last_seen_at: sql`now() - interval '5 minutes'` })
      .where(eq(session.user_id, user.id));
    const sent = await statementsOf(() => server.gql(VIEWER, {}, token));
    expect(sent.some((text) => /^update "session"/i.test(text))).toBe(true);
    const [row] = await server.db
      .select({ fresh: sql<boolean>`${session.last_seen_at} > now() - interval '1 minute'` })
      .from(session)
      .where(eq(session.user_id, user.id));
    expect(row?.fresh).toBe(true);
  });

  it('given a signed-in user, when signed out, then the very next request with the token is refused', async () => {
    const { token } = await server.addUser({ companyId: companyA });
    expect((await server.gql(PROTECTED, {}, token)).errors).toBeUndefined();
    await server.gql('mutation { signOut }', {}, token);
    const after = await server.gql(PROTECTED, {}, token);
    expect(after.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  });

  it('given a signed-in user, when deactivated in the database, then the very next request is refused', async () => {
    const { token, user } = await server.addUser({ companyId: companyA });
    expect((await server.gql(PROTECTED, {}, token)).errors).toBeUndefined();
    await server.db
      .update(userProfile)
      .set({ is_deactivated: true })
      .where(eq(userProfile.id, user.id));
    const after = await server.gql(PROTECTED, {}, token);
    expect(after.errors?.[0]?.extensions?.code).toBe('SESSION_EXPIRED');
  });

  it('given a manager assigned a company, when the assignment is removed, then the next request no longer sees it', async () => {
    const manager = await server.addUser({
      companyId: companyA,
      userType: 'internal_manager',
      assignedCompanyIds: [companyB],
    });
    const before = await server.gql<{ viewer: { company_ids: string[] } }>(
      VIEWER,
      {},
      manager.token,
    );
    expect(before.data?.viewer.company_ids).toEqual([companyA, companyB]);
    await server.db.delete(companyAccess).where(eq(companyAccess.user_id, manager.user.id));
    const after = await server.gql<{ viewer: { company_ids: string[] } }>(
      VIEWER,
      {},
      manager.token,
    );
    expect(after.data?.viewer.company_ids).toEqual([companyA]);
  });

  it('given an internal admin, when a company is added, then the next request sees it too', async () => {
    const admin = await server.addUser({ companyId: companyA, userType: 'internal_admin' });
    const first = await server.gql<{ viewer: { company_ids: string[] } }>(VIEWER, {}, admin.token);
    expect(first.data?.viewer.company_ids).toEqual(expect.arrayContaining([companyA, companyB]));
    const c = await server.signUpCompany({ name: 'Path C' });
    const next = await server.gql<{ viewer: { company_ids: string[] } }>(VIEWER, {}, admin.token);
    expect(next.data?.viewer.company_ids[0]).toBe(companyA);
    expect(next.data?.viewer.company_ids).toContain(c.company.id);
  });

  it('given a user whose type changes to a plain user, when the next request comes, then only the own company is visible', async () => {
    const manager = await server.addUser({
      companyId: companyA,
      userType: 'internal_manager',
      assignedCompanyIds: [companyB],
    });
    await server.db
      .update(userProfile)
      .set({ user_type_id: sql`(select id from user_type where name = 'user')` })
      .where(eq(userProfile.id, manager.user.id));
    const after = await server.gql<{ viewer: { company_ids: string[] } }>(
      VIEWER,
      {},
      manager.token,
    );
    expect(after.data?.viewer.company_ids).toEqual([companyA]);
  });
});

describe('time-boxed statements', () => {
  it('given the timed handle, when a statement runs past its limit, then it is cancelled, while the main pool has no limit', async () => {
    const timed = server.app.lexdesk.database.timed(50);
    await expect(timed.execute(sql`select pg_sleep(0.3)`)).rejects.toMatchObject({
      cause: { code: '57014' },
    });
    await expect(timed.execute(sql`select 1 as one`)).resolves.toMatchObject({
      rows: [{ one: 1 }],
    });
    await expect(
      server.db.execute(sql`select pg_sleep(0.1) is null as slept`),
    ).resolves.toBeTruthy();
  });

  it('given a filter the counters cannot answer, when the list is asked, then the count is one statement on the timed pool', async () => {
    await seedDocuments(server, companyA, [{ name: 'timed count one', adj_number: ['ADJ777'] }]);
    const sent = await statementsOf(() =>
      server.gql(LIST, { c: companyA, f: { adj_number: 'ADJ777' } }, adminA.token),
    );
    expect(sent.some((text) => /^(begin|commit)$/i.test(text))).toBe(false);
    expect(sent.some((text) => /statement_timeout/i.test(text))).toBe(false);
    expect(sent.filter((text) => /^select count\(\*\)/i.test(text))).toHaveLength(1);
  });
});

describe('document page', () => {
  let typeId: string;
  let folderId: string;

  beforeAll(async () => {
    const [folder] = await server.db
      .insert(legalDocumentFolder)
      .values({ company_id: companyA, name: 'Path folder', hex_code: '#123456' })
      .returning({ id: legalDocumentFolder.id });
    folderId = folder!.id;
    const [type] = await server.db
      .insert(legalFileType)
      .values({
        company_id: companyA,
        name: 'Path type',
        legal_document_folder_id: folderId,
        rules: {},
      })
      .returning({ id: legalFileType.id });
    typeId = type!.id;
    const early = await seedRawFile(server, companyA, {
      name: 'path-a.pdf',
      createdAt: new Date('2026-01-01T00:00:00Z'),
    });
    const late = await seedRawFile(server, companyA, {
      name: 'path-b.pdf',
      createdAt: new Date('2026-02-01T00:00:00Z'),
    });
    await seedDocuments(
      server,
      companyA,
      [
        { name: 'path one', legal_file_type_id: typeId, adj_number: ['ADJ4242'] },
        { name: 'path two', adj_number: ['ADJ4242'] },
      ],
      early,
    );
    await seedDocuments(
      server,
      companyA,
      [{ name: 'path three', legal_file_type_id: typeId, adj_number: ['ADJ4242'] }],
      late,
    );
  });

  it('given a page, when listed, then its rows come with their raw files in one statement and their types', async () => {
    const gql = () =>
      server.gql<{ processedFiles: { items: ListItem[] } }>(
        LIST,
        { c: companyA, size: 100, sort: 'name', order: 'asc', f: { search: 'path' } },
        adminA.token,
      );
    const sent = await statementsOf(gql);
    expect(
      sent.some((text) => /^select "id", "name", "created_at" from "raw_file"/i.test(text)),
    ).toBe(false);
    const result = await gql();
    expect(result.errors).toBeUndefined();
    const items = result.data!.processedFiles.items;
    expect(items.map((item) => [item.name, item.raw_file_name])).toEqual([
      ['path one', 'path-a.pdf'],
      ['path three', 'path-b.pdf'],
      ['path two', 'path-a.pdf'],
    ]);
    expect(items[1]!.raw_file_uploaded_at).toBe('2026-02-01T00:00:00.000Z');
    expect(items.map((item) => item.legal_file_type?.id ?? null)).toEqual([typeId, typeId, null]);
    expect(items[0]!.legal_file_type).toMatchObject({
      name: 'Path type',
      legal_document_folder: { id: folderId, name: 'Path folder' },
    });
  });

  it('given the plain newest-first page, when listed, then the order and the raw files hold', async () => {
    const result = await server.gql<{ processedFiles: { items: ListItem[] } }>(
      LIST,
      { c: companyA, size: 100 },
      adminA.token,
    );
    expect(result.errors).toBeUndefined();
    const names = result.data!.processedFiles.items.map((item) => item.name);
    expect(names.indexOf('path three')).toBeLessThan(names.indexOf('path two'));
    for (const item of result.data!.processedFiles.items) expect(item.raw_file_name).not.toBe('');
  });

  it('given a raw-file sort and an ADJ filter, when listed, then the rows come in raw file order', async () => {
    for (const order of ['asc', 'desc'] as const) {
      const result = await server.gql<{ processedFiles: { items: ListItem[] } }>(
        LIST,
        { c: companyA, sort: 'raw_file_name', order, f: { adj_number: 'ADJ4242' } },
        adminA.token,
      );
      expect(result.errors, JSON.stringify(result.errors)).toBeUndefined();
      const files = result.data!.processedFiles.items.map((item) => item.raw_file_name);
      expect(files).toEqual(
        order === 'asc'
          ? ['path-a.pdf', 'path-a.pdf', 'path-b.pdf']
          : ['path-b.pdf', 'path-a.pdf', 'path-a.pdf'],
      );
    }
  });
});

describe('GraphQL over HTTP', () => {
  it('given a query, when answered, then the JSON comes whole with its length, and errors keep their shape', async () => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminA.token}` },
      body: JSON.stringify({ query: VIEWER }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/json/);
    const text = await response.text();
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(text));
    expect(JSON.parse(text)).toMatchObject({ data: { viewer: { user: { id: adminA.user.id } } } });

    const invalid = await server.gql('{ nope }', {}, adminA.token);
    expect(invalid.errors?.[0]?.message).toMatch(/nope/);
  });
});
