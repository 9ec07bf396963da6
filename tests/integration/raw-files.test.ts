/** Raw files over REST and GraphQL: idempotent registration, lists, counts, delete, duplicates, logs. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { FIXTURES, paddedPdf } from './fixtures/files';

const enc = new TextEncoder();
import { createRawFiles, registerOne, rest, sha256 } from './fixtures/raw-files';

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let memberA: TestUser;

interface ListReply {
  rawFiles: Array<{ id: string; name: string; status: string; no_of_pages: number }>;
  total: number;
  counts: {
    total: number;
    uploading: number;
    failed: number;
    unaccessible: number;
    processing: number;
    processed: number;
  };
}

const list = (body: Record<string, unknown>, token = adminA.token) =>
  rest<ListReply>(server, 'POST', '/raw-files/getRawFiles', token, body);

async function setStatus(id: string, status: string) {
  const r = await server.gql(
    'mutation($id: ID!, $s: String!) { updateRawFileStatus(id: $id, status: $s) { status } }',
    { id, s: status },
    adminA.token,
  );
  expect(r.errors).toBeUndefined();
}

beforeAll(async () => {
  server = await startTestServer();
  const a = await server.signUpCompany({ is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  memberA = await server.addUser({ companyId: companyA, legalUserType: 'paralegal' });
});
afterAll(async () => server.close());

describe('createRawFile', () => {
  it('given the same idempotency key twice (a lost response retried), then one raw file and created false', async () => {
    const key = randomUUID();
    const first = await createRawFiles(server, adminA.token, companyA, [
      { name: 'once.pdf', bytes: FIXTURES.pdf, idempotency_key: key },
    ]);
    const again = await createRawFiles(server, adminA.token, companyA, [
      { name: 'once.pdf', bytes: FIXTURES.pdf, idempotency_key: key },
    ]);
    expect(first.status).toBe(200);
    expect(first.body.data?.[0]).toMatchObject({ index: 0, created: true });
    expect(first.body.data?.[0]?.raw_file).toMatchObject({
      status: 'Uploading',
      url: '',
      name: 'once.pdf',
    });
    expect(again.body.data?.[0]).toMatchObject({
      created: false,
      raw_file: { id: first.body.data?.[0]?.raw_file.id },
    });
    const found = await list({ search: 'once.pdf' });
    expect(found.body.data?.total).toBe(1);
  });

  it('given the GraphQL mutation, when it is sent twice with one key, then the second returns the same raw file', async () => {
    const q = `mutation($input: CreateRawFileInput!) {
      createRawFile(input: $input) { index created raw_file { id status url size uploaded_by_email } }
    }`;
    const input = {
      company_id: companyA,
      files: [
        {
          index: 3,
          name: 'gql.pdf',
          size: 42,
          sha256: sha256(FIXTURES.pdf),
          idempotency_key: randomUUID(),
        },
      ],
    };
    type Reply = {
      createRawFile: Array<{ index: number; created: boolean; raw_file: { id: string } }>;
    };
    const first = await server.gql<Reply>(q, { input }, memberA.token);
    const second = await server.gql<Reply>(q, { input }, memberA.token);
    expect(first.data?.createRawFile[0]).toMatchObject({
      index: 3,
      created: true,
      raw_file: { status: 'Uploading', url: '', size: 42, uploaded_by_email: memberA.user.email },
    });
    expect(second.data?.createRawFile[0]).toMatchObject({
      created: false,
      raw_file: { id: first.data?.createRawFile[0]?.raw_file.id },
    });
  });

  it('given an unaccepted extension, then 400 INVALID_FILE_TYPE with the catalogue text', async () => {
    const r = await createRawFiles(server, adminA.token, companyA, [
      { name: 'tool.exe', bytes: FIXTURES.exe },
    ]);
    expect(r).toEqual({
      status: 400,
      body: { error: { code: 'INVALID_FILE_TYPE', message: 'Invalid file type or format' } },
    });
  });

  it('given a bad body, then 400 INVALID_INPUT listing the fields; without a token 401', async () => {
    const r = await rest(server, 'POST', '/processed-legal-file/createRawFile', adminA.token, {
      files: [],
    });
    expect(r.status).toBe(400);
    expect(r.body.error?.code).toBe('INVALID_INPUT');
    const anonymous = await fetch(`${server.url}/processed-legal-file/createRawFile`, {
      method: 'POST',
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('lists, counts and soft delete', () => {
  it('given files in several statuses, then filters, sort, paging, search and counts agree', async () => {
    const { company, admin } = await server.signUpCompany();
    const names = ['alpha.pdf', 'beta.pdf', 'gamma_1.pdf', 'delta.pdf'];
    const ids: string[] = [];
    for (const name of names)
      ids.push(
        (await registerOne(server, admin.token, company.id, { name, bytes: FIXTURES.pdf })).id,
      );
    const as = (token: string) => (body: Record<string, unknown>) =>
      rest<ListReply>(server, 'POST', '/raw-files/getRawFiles', token, body);
    const query = as(admin.token);
    // What the server's own pipeline does; a client may only give an upload up (tested below).
    const change = (id: string, status: string) =>
      server.db.update(rawFile).set({ status }).where(eq(rawFile.id, id));
    await change(ids[0]!, 'Uploaded');
    await change(ids[1]!, 'Uploading Failed');
    await change(ids[2]!, 'UNACCESSIBLE');
    await server.gql(
      'mutation($id: ID!) { updateRawFilePageCount(id: $id, no_of_pages: 12) { no_of_pages } }',
      { id: ids[0] },
      admin.token,
    );

    const all = await query({});
    expect(all.body.data?.rawFiles.map((f) => f.name)).toEqual([...names].reverse());
    // Uploaded (stored, not yet split into documents) is processing, not processed (issue 15).
    expect(all.body.data?.counts).toEqual({
      total: 4,
      uploading: 1,
      failed: 1,
      unaccessible: 1,
      processing: 1,
      processed: 0,
    });
    expect(
      (await query({ status: 'Uploading_Failed' })).body.data?.rawFiles.map((f) => f.name),
    ).toEqual(['beta.pdf']);
    expect((await query({ minPages: 10 })).body.data?.rawFiles.map((f) => f.name)).toEqual([
      'alpha.pdf',
    ]);
    expect(
      (
        await query({ sortBy: 'name', sortOrder: 'ASC', page: 2, pageSize: 2 })
      ).body.data?.rawFiles.map((f) => f.name),
    ).toEqual(['delta.pdf', 'gamma_1.pdf']);
    expect((await query({ searchQuery: 'a_1' })).body.data?.total).toBe(1);
    expect((await query({ searchQuery: '%' })).body.data?.total).toBe(0);
    expect((await query({ uploadedBy: admin.user.id })).body.data?.total).toBe(4);
    const today = new Date().toISOString().slice(0, 10);
    expect((await query({ uploadedAt: today })).body.data?.total).toBe(4);
    expect((await query({ uploadedAt: '2001-01-01' })).body.data?.total).toBe(0);
    expect((await query({ sortBy: 'password_hash' })).status).toBe(400);

    const deleted = await rest(server, 'DELETE', `/raw-files/${ids[0]}`, admin.token);
    expect(deleted.status).toBe(200);
    const after = await query({});
    expect(after.body.data?.total).toBe(3);
    expect(after.body.data?.counts).toEqual({
      total: 3,
      uploading: 1,
      failed: 1,
      unaccessible: 1,
      processing: 0,
      processed: 0,
    });
    expect((await rest(server, 'DELETE', `/raw-files/${ids[0]}`, admin.token)).status).toBe(404);
    const counts = await server.gql<{ rawFileCounts: { total: number } }>(
      'query($ids: [ID!]) { rawFileCounts(company_ids: $ids) { total } }',
      { ids: [company.id] },
      admin.token,
    );
    expect(counts.data?.rawFileCounts.total).toBe(3);
  });

  it('given a status change, then a raw file log row records it with the author', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'logged.pdf',
      bytes: FIXTURES.pdf,
    });
    await setStatus(file.id, 'Uploading_Failed');
    const added = await server.gql(
      'mutation($id: ID!) { addRawFileLog(raw_file_id: $id, field: "reason", updated_value: "file gone", action_type: "client_failure") { id } }',
      { id: file.id },
      memberA.token,
    );
    expect(added.errors).toBeUndefined();
    const details = await rest<{
      status: string;
      failed_count: number;
      logs: Array<Record<string, string>>;
    }>(server, 'GET', `/raw-files/rawFilesDetails?rawFileId=${file.id}`, adminA.token);
    expect(details.body.data).toMatchObject({ status: 'Uploading_Failed', failed_count: 1 });
    expect(details.body.data?.logs).toMatchObject([
      {
        field: 'status',
        original_value: 'Uploading',
        updated_value: 'Uploading_Failed',
        updated_by_email: adminA.user.email,
        updated_by_role: 'admin',
      },
      { field: 'reason', updated_value: 'file gone', updated_by_email: memberA.user.email },
    ]);
    expect(
      (
        await rest(
          server,
          'GET',
          `/raw-files/rawFilesDetails?rawFileId=${randomUUID()}`,
          adminA.token,
        )
      ).status,
    ).toBe(404);
  });

  it('given the GraphQL list, then it pages newest first and searches by name', async () => {
    const r = await server.gql<{ rawFiles: { total: number; items: Array<{ name: string }> } }>(
      'query($c: ID) { rawFiles(company_id: $c, page: 1, page_size: 1, search: "LOGGED") { total items { name } } }',
      { c: companyA },
      adminA.token,
    );
    expect(r.data?.rawFiles).toEqual({ total: 1, items: [{ name: 'logged.pdf' }] });
  });
});

describe('updateRawFileStatus through the API', () => {
  interface StatusReply {
    updateRawFileStatus: { status: string; failed_count: number } | null;
  }
  const ask = (id: string, variables: Record<string, unknown>, token = adminA.token) =>
    server.gql<StatusReply>(
      'mutation($id: ID!, $s: String!, $url: String) { updateRawFileStatus(id: $id, status: $s, url: $url) { status failed_count } }',
      { id, ...variables },
      token,
    );
  const statusOf = async (id: string) =>
    (await server.db.select().from(rawFile).where(eq(rawFile.id, id)))[0]?.status;
  // Bytes of its own for each (one test marks its raw file Uploaded, and stored content is answered
  // with the raw file that holds it).
  const fresh = (name: string) =>
    registerOne(server, adminA.token, companyA, { name, bytes: paddedPdf(enc.encode(name)) });

  it('given an Uploading raw file, when a member gives it up, then it is Uploading_Failed once, and asking again changes nothing', async () => {
    const file = await fresh('given-up.pdf');
    const first = await ask(file.id, { s: 'Uploading_Failed' }, memberA.token);
    expect(first.errors).toBeUndefined();
    expect(first.data?.updateRawFileStatus).toEqual({
      status: 'Uploading_Failed',
      failed_count: 1,
    });
    const again = await ask(file.id, { s: 'Uploading_Failed' }, memberA.token);
    expect(again.errors).toBeUndefined();
    expect(again.data?.updateRawFileStatus).toEqual({
      status: 'Uploading_Failed',
      failed_count: 1,
    });
  });

  it.each(['Uploaded', 'Uploading', 'UNACCESSIBLE', 'Done', 'Uploading Failed'])(
    'given an Uploading raw file, when a client asks for %s, then INVALID_INPUT says only Uploading_Failed may be set and nothing changes',
    async (status) => {
      const file = await fresh(`ask-${status.replace(/\W/g, '_')}.pdf`);
      const r = await ask(file.id, { s: status });
      expect(r.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
      expect(r.errors?.[0]?.extensions?.issues).toEqual([
        { path: 'status', message: expect.stringMatching(/Only Uploading_Failed can be set/) },
      ]);
      expect(await statusOf(file.id)).toBe('Uploading');
    },
  );

  it('given a raw file the server already finished, when a client marks it Uploading_Failed, then INVALID_INPUT names its status and it stays', async () => {
    const file = await fresh('finished.pdf');
    await server.db.update(rawFile).set({ status: 'Uploaded' }).where(eq(rawFile.id, file.id));
    const r = await ask(file.id, { s: 'Uploading_Failed' });
    expect(r.errors?.[0]?.extensions?.code).toBe('INVALID_INPUT');
    expect(r.errors?.[0]?.extensions?.issues?.[0]?.message).toMatch(/this raw file is Uploaded/);
    expect(await statusOf(file.id)).toBe('Uploaded');
  });

  it('given a url, when a client gives an upload up with it, then INVALID_INPUT and nothing changes', async () => {
    const file = await fresh('with-url.pdf');
    const r = await ask(file.id, { s: 'Uploading_Failed', url: '/files/someone-else' });
    expect(r.errors?.[0]?.extensions?.issues).toEqual([
      { path: 'url', message: expect.stringMatching(/set by the server/) },
    ]);
    expect(await statusOf(file.id)).toBe('Uploading');
  });
});

describe('duplicates, presigned URL and upload log', () => {
  it('given an existing raw file, then the same name is a duplicate, and with hashes only when content matches too', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'dup.pdf',
      bytes: FIXTURES.pdf,
    });
    const byName = await rest<
      Array<{ fileName: string; duplicate: boolean; raw_file_id?: string }>
    >(server, 'POST', '/raw-files/isDuplicateFile', adminA.token, {
      companyIds: [companyA],
      fileNames: ['dup.pdf', 'new.pdf'],
    });
    expect(byName.body.data).toEqual([
      { fileName: 'dup.pdf', duplicate: true, raw_file_id: file.id },
      { fileName: 'new.pdf', duplicate: false },
    ]);
    const byContent = await rest<Array<{ duplicate: boolean }>>(
      server,
      'POST',
      '/raw-files/isDuplicateFile',
      adminA.token,
      {
        companyIds: [companyA],
        fileNames: ['dup.pdf', 'dup.pdf'],
        sha256s: [sha256(FIXTURES.pdf), sha256(FIXTURES.png)],
      },
    );
    expect(byContent.body.data?.map((d) => d.duplicate)).toEqual([true, false]);
  });

  it('given a file name, then generatePresignedUrl points at the tus endpoint', async () => {
    const r = await rest<{ upload_url: string; protocol: string }>(
      server,
      'GET',
      '/processed-legal-file/generatePresignedUrl?fileName=a.pdf',
      adminA.token,
    );
    expect(r.body.data).toMatchObject({ upload_url: `${server.url}/uploads`, protocol: 'tus' });
  });

  it('given an upload log payload, then it is stored', async () => {
    const r = await rest<{ id: string }>(server, 'POST', '/raw-files/upload-log', adminA.token, {
      company_id: companyA,
      status: 'Uploaded',
      files: [{ name: 'a.pdf', size: 10 }],
    });
    expect(r.status).toBe(200);
    expect(r.body.data?.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
