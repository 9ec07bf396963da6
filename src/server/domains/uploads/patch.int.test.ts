/**
 * The fast PATCH path (patch.ts) against a real server: the happy path never reaches @tus/server,
 * every refusal is tus's own answer, and lock releases and lost clients keep the upload consistent.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { rm, stat, symlink, writeFile } from 'node:fs/promises';
import { request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { ERRORS, EXPOSED_HEADERS, Server } from '@tus/server';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES, paddedPdf, PDF_END } from '../../../../tests/integration/fixtures/files';
import { registerOne, sha256, tusClient } from '../../../../tests/integration/fixtures/raw-files';
import { startTestServer, type TestServer } from '../../../../tests/support/server';
import { until } from '../../../../tests/support/until';
import { HashingFileStore } from './hashingStore';

let server: TestServer;
let token: string;
let companyId: string;

beforeAll(async () => {
  server = await startTestServer();
  const { company, admin } = await server.signUpCompany({ is_legal: true });
  companyId = company.id;
  token = admin.token;
});
afterAll(async () => server.close());
afterEach(() => vi.restoreAllMocks());

/** A PDF of `size` bytes (random after the signature, so every test's hash differs). */
const pdf = (size: number) => paddedPdf(randomBytes(size - FIXTURES.pdf.length - PDF_END.length));

async function newUpload(bytes: Uint8Array) {
  const file = await registerOne(server, token, companyId, { name: 'doc.pdf', bytes });
  const tus = tusClient(server, token);
  const { location } = await tus.create(file.id, bytes.length, 'doc.pdf');
  const path = join(server.config.dataDir, 'uploads-incomplete', location.split('/').pop() ?? '');
  return { file, tus, location, path };
}

async function rawFileStatus(id: string) {
  const r = await server.gql<{ rawFile: { status: string } }>(
    'query($id: ID!) { rawFile(id: $id) { status } }',
    { id },
    token,
  );
  return r.data?.rawFile.status;
}

async function patch(location: string, headers: Record<string, string>, body: Uint8Array) {
  const response = await fetch(location, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, ...headers },
    body: Buffer.from(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const plain = (offset: number) => ({
  'tus-resumable': '1.0.0',
  'upload-offset': String(offset),
  'content-type': 'application/offset+octet-stream',
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** A PATCH whose body the test sends piece by piece (content-length given, or chunked). */
function openPatch(location: string, offset: number, length?: number) {
  const req: ClientRequest = request(location, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${token}`,
      ...plain(offset),
      ...(length === undefined
        ? { 'transfer-encoding': 'chunked' }
        : { 'content-length': String(length) }),
    },
  });
  req.on('error', () => undefined); // the server may close while the test still writes
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk.toString()));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
      response.on('error', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, text }),
      );
    });
  });
  return { req, answer };
}

const sizeReaches = (path: string, size: number) =>
  until(async () => (await stat(path)).size >= size, 20_000, `${path} to reach ${size} bytes`);

/** What takeDigest gave to finish: the running hash's digest, or undefined (read from disk). */
async function digests(spy: { mock: { results: Array<{ value: unknown }> } }) {
  return Promise.all(spy.mock.results.map((result) => result.value as Promise<string | undefined>));
}

describe('PATCH /uploads/:id fast path', () => {
  it('given two PATCHes with a HEAD between, then both answer as tus, tus never sees them, and the running hash is the file digest', async () => {
    const handle = vi.spyOn(Server.prototype, 'handle');
    const takeDigest = vi.spyOn(HashingFileStore.prototype, 'takeDigest');
    const bytes = pdf(1_000_000);
    const { file, tus, location } = await newUpload(bytes);
    handle.mockClear();

    const first = await patch(location, plain(0), bytes.subarray(0, 400_000));
    expect(first.status).toBe(204);
    expect(first.text).toBe('');
    expect(first.headers.get('tus-resumable')).toBe('1.0.0');
    expect(first.headers.get('upload-offset')).toBe('400000');
    expect(first.headers.get('access-control-expose-headers')).toBe(EXPOSED_HEADERS);
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    const expires = first.headers.get('upload-expires') ?? '';
    expect(new Date(expires).toUTCString()).toBe(expires);
    expect(Date.parse(expires)).toBeGreaterThan(Date.now());

    expect(await tus.head(location)).toEqual({ status: 200, offset: 400_000 });
    const rest = await patch(location, plain(400_000), bytes.subarray(400_000));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(bytes.length));
    expect(rest.headers.get('upload-expires')).toBeNull();
    expect(await rawFileStatus(file.id)).toBe('Uploaded');
    expect(handle.mock.calls.map(([req]) => req.method)).toEqual(['HEAD']);
    expect(await digests(takeDigest)).toEqual([sha256(bytes)]);
  });

  it('given a wrong offset, an unknown id or no Tus-Resumable, then tus answers 409, 404 and 412', async () => {
    const handle = vi.spyOn(Server.prototype, 'handle');
    const bytes = pdf(10_000);
    const { tus, location } = await newUpload(bytes);
    await patch(location, plain(0), bytes.subarray(0, 1000));
    handle.mockClear();

    const conflict = await patch(location, plain(500), bytes.subarray(500, 600));
    expect([conflict.status, conflict.text]).toEqual([409, 'Upload-Offset conflict\n']);
    const unknown = await patch(`${server.url}/uploads/${'0'.repeat(32)}`, plain(0), bytes);
    expect([unknown.status, unknown.text]).toEqual([404, 'The file for this url was not found\n']);
    const { 'tus-resumable': _, ...noVersion } = plain(1000);
    const old = await patch(location, noVersion, bytes.subarray(1000));
    expect([old.status, old.text]).toEqual([412, 'Tus-Resumable Required\n']);
    expect(handle).toHaveBeenCalledTimes(3);
    expect((await tus.head(location)).offset).toBe(1000);
  });

  it('given a wrong or missing Content-Type, then tus answers 400 or 403', async () => {
    const bytes = pdf(10_000);
    const { tus, location } = await newUpload(bytes);
    const wrong = await patch(
      location,
      { ...plain(0), 'content-type': 'application/octet-stream' },
      bytes,
    );
    expect([wrong.status, wrong.text]).toEqual([400, 'Invalid content-type\n']);
    const { 'content-type': _, ...untyped } = plain(0);
    const missing = await patch(location, untyped, bytes);
    expect([missing.status, missing.text]).toEqual([403, 'Content-Type header required\n']);
    expect((await tus.head(location)).offset).toBe(0);
  });

  it('given a body longer than what remains, then 413 FILE_TOO_LARGE, declared or streamed', async () => {
    const handle = vi.spyOn(Server.prototype, 'handle');
    const bytes = pdf(10_000);
    const { tus, location } = await newUpload(bytes);
    handle.mockClear();
    const declared = await patch(location, plain(0), pdf(20_000));
    expect(declared.status).toBe(413);
    expect(JSON.parse(declared.text).error.code).toBe('FILE_TOO_LARGE');
    expect(handle).toHaveBeenCalledTimes(1);

    // Chunked: no length to refuse up front, so the fast path stops at the limit.
    const streamed = openPatch(location, 0);
    streamed.req.end(Buffer.from(pdf(20_000)));
    const answer = await streamed.answer;
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.text).error.code).toBe('FILE_TOO_LARGE');
    expect(answer.headers.connection).toBe('close');
    expect(handle).toHaveBeenCalledTimes(1);
    expect((await tus.head(location)).offset).toBeLessThanOrEqual(bytes.length);
  });

  it.skipIf(!existsSync('/dev/full'))(
    'given a write that fails (disk full), then tus answers 500 on the same connection, not a reset',
    async () => {
      const bytes = pdf(100_000);
      const { tus, location, path } = await newUpload(bytes);
      const handle = vi.spyOn(Server.prototype, 'handle');
      await rm(path);
      await symlink('/dev/full', path);
      const failed = await patch(location, plain(0), bytes.subarray(0, 50_000));
      expect([failed.status, failed.text]).toEqual([500, ERRORS.FILE_WRITE_ERROR.body]);
      expect(failed.headers.get('connection')).toBe('close');
      expect(handle).not.toHaveBeenCalled();
      await rm(path);
      await writeFile(path, '');
      expect((await tus.head(location)).offset).toBe(0);
      expect((await patch(location, plain(0), bytes)).status).toBe(204);
    },
  );

  it('given a second PATCH while the first streams, then the first is released with what it got and the second completes the file', async () => {
    const takeDigest = vi.spyOn(HashingFileStore.prototype, 'takeDigest');
    const bytes = pdf(4_000_000);
    const half = 2_000_000;
    const { file, location, path } = await newUpload(bytes);
    const first = openPatch(location, 0, bytes.length);
    first.req.write(bytes.subarray(0, half));
    await sizeReaches(path, half);

    const second = patch(location, plain(half), bytes.subarray(half));
    const released = await first.answer;
    first.req.destroy();
    expect(released.status).toBe(204);
    expect(released.headers['upload-offset']).toBe(String(half));
    expect(released.headers.connection).toBe('close');
    expect((await second).status).toBe(204);
    expect(await rawFileStatus(file.id)).toBe('Uploaded');
    expect(await digests(takeDigest)).toEqual([sha256(bytes)]);
  });

  it('given a client that goes away mid-body, then HEAD shows the stored bytes and a resume completes the file', async () => {
    const takeDigest = vi.spyOn(HashingFileStore.prototype, 'takeDigest');
    const bytes = pdf(3_000_000);
    const { file, tus, location, path } = await newUpload(bytes);
    const cut = openPatch(location, 0, bytes.length);
    cut.req.write(bytes.subarray(0, 1_000_000));
    await sizeReaches(path, 1_000_000);
    cut.req.destroy();

    // HEAD waits for the lock, so it sees the offset the aborted PATCH ended at.
    const head = await tus.head(location);
    expect(head.status).toBe(200);
    expect(head.offset).toBe((await stat(path)).size);
    expect(head.offset).toBeGreaterThanOrEqual(1_000_000);
    const rest = await patch(location, plain(head.offset), bytes.subarray(head.offset));
    expect(rest.status).toBe(204);
    expect(await rawFileStatus(file.id)).toBe('Uploaded');
    expect(await digests(takeDigest)).toEqual([sha256(bytes)]);
  });
});
