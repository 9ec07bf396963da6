import { spawn } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { mkdtemp, open, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UploadError } from './errors';
import { startTestServer, TEST_TOKEN, type TestServer } from './testServer';
import { createUpload, getOffset, patchFrom, sendFile } from './tusClient';
import { untilValue } from '../../../../tests/support/until';

const SERVER_PROCESS = fileURLToPath(new URL('./fixtures/testServerProcess.ts', import.meta.url));

let server: TestServer;
let dir: string;

beforeAll(async () => {
  server = await startTestServer();
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-tusclient-'));
});
afterAll(() => server.close());

const auth = () => ({ token: TEST_TOKEN, timeoutMs: 10_000 });

async function rawFileFor(bytes: Buffer | { size: number; sha256: string }): Promise<string> {
  const size = Buffer.isBuffer(bytes) ? bytes.length : bytes.size;
  const sha256 = Buffer.isBuffer(bytes)
    ? createHash('sha256').update(bytes).digest('hex')
    : bytes.sha256;
  const id = `raw-${Math.random().toString(36).slice(2)}`;
  server.rawFiles.set(id, {
    id,
    name: 'a.pdf',
    size,
    status: 'Uploading',
    sha256,
    company_id: 'c1',
    idempotency_key: id,
  });
  return id;
}

describe('tus client against @tus/server', () => {
  it('given a file, when sent, then the server holds every byte and the raw file is Uploaded', async () => {
    const bytes = randomBytes(3 * 1024 * 1024 + 17);
    const file = path.join(dir, 'whole.pdf');
    await writeFile(file, bytes);
    const id = await rawFileFor(bytes);
    const progress: number[] = [];
    const urls: string[] = [];
    const result = await sendFile({
      ...auth(),
      endpoint: `${server.url}/uploads`,
      uploadUrl: null,
      filePath: file,
      size: bytes.length,
      metadata: { raw_file_id: id, filename: 'whole.pdf' },
      onUrl: (url) => void urls.push(url),
      onProgress: (sent) => progress.push(sent),
    });
    expect(urls).toEqual([result.url]);
    expect(result.alreadyComplete).toBe(false);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(server.rawFiles.get(id)?.status).toBe('Uploaded');
  });

  it('given an aborted PATCH, when resumed, then sending starts at the server offset', async () => {
    const bytes = randomBytes(8 * 1024 * 1024);
    const file = path.join(dir, 'resume.pdf');
    await writeFile(file, bytes);
    const id = await rawFileFor(bytes);
    const url = await createUpload(
      `${server.url}/uploads`,
      bytes.length,
      { raw_file_id: id },
      auth(),
    );
    const stop = new AbortController();
    await expect(
      patchFrom(url, {
        ...auth(),
        signal: stop.signal,
        filePath: file,
        offset: 0,
        size: bytes.length,
        chunkBytes: 64 * 1024,
        onProgress: (sent) => {
          if (sent >= 2 * 1024 * 1024) stop.abort();
        },
      }),
    ).rejects.toMatchObject({ kind: 'aborted' });
    // The server keeps what arrived before the cut once it has written it.
    const { offset } = await untilValue(
      () => getOffset(url, auth()),
      (answer) => answer.offset > 0,
      'the server to keep the bytes sent before the cut',
      20_000,
    );
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(bytes.length);
    const resumedAt: number[] = [];
    await sendFile({
      ...auth(),
      endpoint: `${server.url}/uploads`,
      uploadUrl: url,
      filePath: file,
      size: bytes.length,
      metadata: { raw_file_id: id },
      onUrl: () => undefined,
      onResume: (at) => resumedAt.push(at),
    });
    expect(resumedAt).toEqual([offset]);
    expect(server.rawFiles.get(id)?.status).toBe('Uploaded');
  });

  it('given a forgotten upload, when resumed, then a new upload is created (404 -> expired handled)', async () => {
    const bytes = Buffer.from('%PDF-1.4 small');
    const file = path.join(dir, 'expired.pdf');
    await writeFile(file, bytes);
    const id = await rawFileFor(bytes);
    const stale = `${server.url}/uploads/0123456789abcdef0123456789abcdef`;
    await expect(getOffset(stale, auth())).rejects.toMatchObject({ kind: 'expired' });
    const urls: string[] = [];
    const result = await sendFile({
      ...auth(),
      endpoint: `${server.url}/uploads`,
      uploadUrl: stale,
      filePath: file,
      size: bytes.length,
      metadata: { raw_file_id: id },
      onUrl: (url) => void urls.push(url),
    });
    expect(urls).toEqual([result.url]);
    expect(result.url).not.toBe(stale);
    expect(server.rawFiles.get(id)?.status).toBe('Uploaded');
  });

  it('given bytes that do not match the registered hash, when the last PATCH lands, then a permanent error carries the body message', async () => {
    const bytes = Buffer.from('%PDF-1.4 one thing');
    const file = path.join(dir, 'bad-hash.pdf');
    await writeFile(file, bytes);
    const id = await rawFileFor({ size: bytes.length, sha256: 'f'.repeat(64) });
    const error = await sendFile({
      ...auth(),
      endpoint: `${server.url}/uploads`,
      uploadUrl: null,
      filePath: file,
      size: bytes.length,
      metadata: { raw_file_id: id },
      onUrl: () => undefined,
    }).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      kind: 'permanent',
      code: 'HASH_MISMATCH',
      status: 422,
      message: 'The file arrived damaged (checksum mismatch).',
    });
  });

  it('given a server that stops answering, when a PATCH waits, then it fails as a transient timeout', async () => {
    const bytes = Buffer.from('%PDF-1.4 timeout');
    const file = path.join(dir, 'timeout.pdf');
    await writeFile(file, bytes);
    const id = await rawFileFor(bytes);
    const url = await createUpload(
      `${server.url}/uploads`,
      bytes.length,
      { raw_file_id: id },
      auth(),
    );
    server.setFault((req) => req.method === 'PATCH');
    try {
      await expect(
        patchFrom(url, {
          token: TEST_TOKEN,
          timeoutMs: 300,
          filePath: file,
          offset: 0,
          size: bytes.length,
        }),
      ).rejects.toMatchObject({ kind: 'transient', code: 'TIMEOUT' });
    } finally {
      server.setFault(null);
    }
  });

  it(
    'given a 300 MB sparse file and a server in another process, when sent, then the client memory stays flat',
    { timeout: 120_000 },
    async () => {
      const size = 300 * 1024 * 1024;
      const file = path.join(dir, 'big.pdf');
      const handle = await open(file, 'w');
      await handle.truncate(size);
      await handle.close();
      const hash = createHash('sha256');
      const zeros = Buffer.alloc(1024 * 1024);
      for (let i = 0; i < size / zeros.length; i += 1) hash.update(zeros);
      const raw = {
        id: 'big',
        name: 'big.pdf',
        size,
        status: 'Uploading',
        sha256: hash.digest('hex'),
        company_id: 'c1',
        idempotency_key: 'big',
      };
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', SERVER_PROCESS, JSON.stringify([raw])],
        {
          stdio: ['pipe', 'pipe', 'inherit'],
        },
      );
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      try {
        const url = String((await lines.next()).value);
        const before = process.memoryUsage().rss;
        let peak = before;
        const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
        try {
          await sendFile({
            ...auth(),
            endpoint: `${url}/uploads`,
            uploadUrl: null,
            filePath: file,
            size,
            metadata: { raw_file_id: 'big' },
            onUrl: () => undefined,
          });
        } finally {
          clearInterval(timer);
        }
        child.stdin.write('status big\n');
        expect(String((await lines.next()).value)).toBe('Uploaded');
        expect((peak - before) / 1024 / 1024).toBeLessThan(64);
      } finally {
        child.stdin.end();
        await once(child, 'exit');
      }
    },
  );
});
