/**
 * The upload contract end to end: register a raw file, send its bytes with tus (a real client and raw
 * requests), resume, conflicts, expiry, content and hash checks, tenants, and webhook alerts.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Upload } from 'tus-js-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';
import { FIXTURES, paddedPdf } from './fixtures/files';
import { registerOne, rest, sha256, tusClient, type RegisteredRawFile } from './fixtures/raw-files';

let server: TestServer;
let companyA: string;
let adminA: TestUser;
let adminB: TestUser;
let webhook: Server;
const alerts: Array<{ channel: string; text: string }> = [];

/**
 * A 300 KB PDF: the signature up front, padding, and a PDF's end. New bytes for every test: the
 * server answers the same content of a company with the raw file that already holds it.
 */
let BIG_PDF: Uint8Array;
beforeEach(() => {
  BIG_PDF = paddedPdf(randomBytes(300 * 1024));
});

async function rawFile(id: string, token = adminA.token) {
  const r = await server.gql<{ rawFile: { status: string; url: string; failed_count: number } }>(
    'query($id: ID!) { rawFile(id: $id) { status url failed_count } }',
    { id },
    token,
  );
  return r.data?.rawFile;
}

async function bytesAt(url: string): Promise<Uint8Array> {
  return new Uint8Array(await (await fetch(url)).arrayBuffer());
}

beforeAll(async () => {
  webhook = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      alerts.push(JSON.parse(body) as { channel: string; text: string });
      response.end('ok');
    });
  });
  await new Promise<void>((resolve) => webhook.listen(0, '127.0.0.1', resolve));
  const port = (webhook.address() as AddressInfo).port;
  server = await startTestServer({ slackWebhookUrl: `http://127.0.0.1:${port}/hook` });
  const a = await server.signUpCompany({ is_legal: true });
  companyA = a.company.id;
  adminA = a.admin;
  adminB = (await server.signUpCompany()).admin;
});
afterAll(async () => {
  await server.close();
  await new Promise((resolve) => webhook.close(resolve));
});

describe('tus uploads of raw files', () => {
  it('given a registered raw file, when tus-js-client uploads it, then it is Uploaded with identical bytes and an alert', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'claim.pdf',
      bytes: BIG_PDF,
    });
    await new Promise<void>((resolve, reject) => {
      const upload = new Upload(Buffer.from(BIG_PDF), {
        endpoint: `${server.url}/uploads`,
        headers: { authorization: `Bearer ${adminA.token}` },
        metadata: { raw_file_id: file.id, filename: 'claim.pdf' },
        chunkSize: 100 * 1024,
        uploadSize: BIG_PDF.length,
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const after = await rawFile(file.id);
    expect(after?.status).toBe('Uploaded');
    expect(after?.url).toMatch(/\/files\/.+sig=/);
    expect(sha256(await bytesAt(after!.url))).toBe(sha256(BIG_PDF));
    await server.app.lexdesk.uploads.alerts.settled();
    expect(
      alerts.some((a) => a.channel === '#lexdesk-uploads' && a.text.includes('claim.pdf')),
    ).toBe(true);
  });

  it('given a partial PATCH, when the client HEADs and continues, then the upload completes from that offset', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'resume.pdf',
      bytes: BIG_PDF,
    });
    const tus = tusClient(server, adminA.token);
    const created = await tus.create(file.id, BIG_PDF.length, 'resume.pdf');
    expect(created.status).toBe(201);
    const first = await tus.patch(created.location, 0, BIG_PDF.subarray(0, 1000));
    expect(first.status).toBe(204);
    const head = await tus.head(created.location);
    expect(head).toEqual({ status: 200, offset: 1000 });
    const rest = await tus.patch(created.location, head.offset, BIG_PDF.subarray(head.offset));
    expect(rest.status).toBe(204);
    expect(rest.offset).toBe(BIG_PDF.length);
    expect((await rawFile(file.id))?.status).toBe('Uploaded');
    // A lost final response: HEAD still says complete, and an empty PATCH at the end is answered again.
    expect(await tus.head(created.location)).toEqual({ status: 200, offset: BIG_PDF.length });
    const again = await tus.patch(created.location, BIG_PDF.length, new Uint8Array(0));
    expect(again.status).toBe(204);
    const list = await server.gql<{ rawFiles: { total: number } }>(
      '{ rawFiles(search: "resume.pdf") { total } }',
      {},
      adminA.token,
    );
    expect(list.data?.rawFiles.total).toBe(1);
  });

  it('given an upload at offset 1000, when a PATCH claims offset 0, then 409 and nothing changes', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'conflict.pdf',
      bytes: BIG_PDF,
    });
    const tus = tusClient(server, adminA.token);
    const { location } = await tus.create(file.id, BIG_PDF.length);
    await tus.patch(location, 0, BIG_PDF.subarray(0, 1000));
    expect((await tus.patch(location, 0, BIG_PDF.subarray(0, 10))).status).toBe(409);
    expect((await tus.head(location)).offset).toBe(1000);
  });

  it('given bytes that differ from the registered hash, when the last PATCH lands, then 422 and Uploading_Failed', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'hash.pdf',
      bytes: FIXTURES.pdf,
      sha256: sha256(BIG_PDF),
    });
    const tus = tusClient(server, adminA.token);
    const { location } = await tus.create(file.id, FIXTURES.pdf.length);
    const done = await tus.patch(location, 0, FIXTURES.pdf);
    expect(done.status).toBe(422);
    expect(JSON.parse(done.text)).toEqual({
      error: { code: 'UPLOAD_FILE_FAILED', message: 'Failed to upload file' },
    });
    expect(await rawFile(file.id)).toMatchObject({
      status: 'Uploading_Failed',
      url: '',
      failed_count: 1,
    });
    await server.app.lexdesk.uploads.alerts.settled();
    expect(alerts.some((a) => a.text.startsWith('Upload failed: hash.pdf'))).toBe(true);
  });

  it('given an executable named .pdf, when it is uploaded, then 415 and Uploading_Failed with the reason logged', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'fake.pdf',
      bytes: FIXTURES.exe,
    });
    const tus = tusClient(server, adminA.token);
    const { location } = await tus.create(file.id, FIXTURES.exe.length);
    const done = await tus.patch(location, 0, FIXTURES.exe);
    expect(done.status).toBe(415);
    expect(JSON.parse(done.text).error.code).toBe('INVALID_FILE_TYPE');
    const logs = await server.gql<{ rawFileLogs: Array<{ field: string; updated_value: string }> }>(
      'query($id: ID!) { rawFileLogs(raw_file_id: $id) { field updated_value } }',
      { id: file.id },
      adminA.token,
    );
    expect(logs.data?.rawFileLogs.map((l) => l.field)).toEqual(['status', 'upload_error']);
  });

  it("given another company's raw file, when B creates or resumes an upload for it, then it is refused like a missing one", async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'mine.pdf',
      bytes: BIG_PDF,
    });
    const asB = tusClient(server, adminB.token);
    expect((await asB.create(file.id, BIG_PDF.length)).status).toBe(404);
    const { location } = await tusClient(server, adminA.token).create(file.id, BIG_PDF.length);
    expect((await asB.head(location)).status).toBe(404);
    expect((await asB.patch(location, 0, BIG_PDF.subarray(0, 10))).status).toBe(404);
    expect((await tusClient(server, adminA.token).head(location)).offset).toBe(0);
  });

  it('given a wrong Upload-Length or no token, when an upload is created, then 400 or 401 with an error body', async () => {
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'len.pdf',
      bytes: BIG_PDF,
    });
    const wrong = await tusClient(server, adminA.token).create(file.id, 10);
    expect(wrong.status).toBe(400);
    expect(JSON.parse(wrong.text).error.code).toBe('INVALID_INPUT');
    expect((await tusClient(server, 'nope').create(file.id, BIG_PDF.length)).status).toBe(401);
  });
});

describe('size limits', () => {
  it('given a file over RAW_FILE_MAX_BYTES, then registering it and creating its upload answer 413 FILE_TOO_LARGE', async () => {
    const tooBig = server.config.rawFileMaxBytes + 1;
    const registered = await rest(
      server,
      'POST',
      '/processed-legal-file/createRawFile',
      adminA.token,
      {
        company_id: companyA,
        files: [
          {
            index: 0,
            name: 'huge.pdf',
            size: tooBig,
            sha256: 'a'.repeat(64),
            idempotency_key: randomUUID(),
          },
        ],
      },
    );
    expect(registered).toEqual({
      status: 413,
      body: {
        error: { code: 'FILE_TOO_LARGE', message: 'The file is larger than the upload limit.' },
      },
    });
    const file = await registerOne(server, adminA.token, companyA, {
      name: 'ok.pdf',
      bytes: FIXTURES.pdf,
    });
    const created = await tusClient(server, adminA.token).create(file.id, tooBig);
    expect(created.status).toBe(413);
    expect(JSON.parse(created.text).error.code).toBe('FILE_TOO_LARGE');
  });
});

describe('expired uploads', () => {
  it('given an upload that expired, when the client starts a new one for the same raw file, then it completes and there is one raw file', async () => {
    const expirySeconds = 3600;
    const short = await startTestServer({ uploadExpirationSeconds: expirySeconds });
    try {
      const { company, admin } = await short.signUpCompany();
      const file: RegisteredRawFile = await registerOne(short, admin.token, company.id, {
        name: 'late.pdf',
        bytes: BIG_PDF,
      });
      const tus = tusClient(short, admin.token);
      const old = await tus.create(file.id, BIG_PDF.length);
      expect((await tus.patch(old.location, 0, BIG_PDF.subarray(0, 100))).status).toBe(204);
      expect((await tus.head(old.location)).status).toBe(200);
      // The server's clock (this process's Date, nothing else: sockets, timers and the database
      // run as ever) moves past the expiry instead of the test waiting for it.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + (expirySeconds + 1) * 1000);
      expect((await tus.head(old.location)).status).toBe(410);
      expect((await tus.patch(old.location, 100, BIG_PDF.subarray(100))).status).toBe(410);
      // Clean-up removes the expired upload entirely.
      expect(await short.app.lexdesk.uploads.cleanUp()).toBeGreaterThanOrEqual(1);
      expect((await tus.head(old.location)).status).toBe(404);
      const fresh = await tus.create(file.id, BIG_PDF.length);
      expect((await tus.patch(fresh.location, 0, BIG_PDF)).status).toBe(204);
      const list = await short.gql<{
        rawFiles: { total: number; items: Array<{ status: string }> };
      }>('{ rawFiles { total items { status } } }', {}, admin.token);
      expect(list.data?.rawFiles).toEqual({ total: 1, items: [{ status: 'Uploaded' }] });
    } finally {
      vi.useRealTimers();
      await short.close();
    }
  });
});

describe('alerts', () => {
  it('given a webhook that never answers, when an upload finishes, then the upload is not delayed', async () => {
    const held: IncomingMessage[] = [];
    const silent = createServer((request) => void held.push(request));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const other = await startTestServer({ slackWebhookUrl: `http://127.0.0.1:${port}/hook` });
    try {
      const { company, admin } = await other.signUpCompany();
      const file = await registerOne(other, admin.token, company.id, {
        name: 'a.pdf',
        bytes: FIXTURES.pdf,
      });
      const tus = tusClient(other, admin.token);
      const { location } = await tus.create(file.id, FIXTURES.pdf.length);
      expect((await tus.patch(location, 0, FIXTURES.pdf)).status).toBe(204);
      // The upload was answered while the webhook still holds the alert unanswered: had the upload
      // waited for it, the alert would have timed out and its request been dropped first.
      await until(() => held.length === 1, 20_000, 'the alert to reach the webhook');
      expect(held[0]?.socket.destroyed).toBe(false);
    } finally {
      silent.closeAllConnections();
      silent.close();
      await other.close();
    }
  });
});
