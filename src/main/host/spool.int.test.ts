import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createUploadService, type UploadService } from '../services/uploader/uploadService';
import { memoryFolderListStore } from '../services/uploader/watchFolders';
import { tempDir } from '../services/uploader/uploaderTestSupport';
import { handleSpool, SPOOL_TOKEN_HEADER, SPOOL_WINDOW_HEADER } from './spool';

const TOKEN = 'bridge-token-for-tests';
const WINDOW = 'signed-in-window-key';
let http: Server;
let url: string;
let uploads: UploadService;
let spoolDir: string;
let free = Number.MAX_SAFE_INTEGER;

beforeEach(async () => {
  const dir = await tempDir();
  spoolDir = path.join(dir, 'spool');
  uploads = createUploadService({
    queueFile: path.join(dir, 'uploads.db'),
    folders: memoryFolderListStore(),
    connection: () => Promise.resolve(null), // signed out: files wait in the queue
    medium: 'web',
    log: () => undefined,
  });
  free = Number.MAX_SAFE_INTEGER;
  http = createServer((req, res) => {
    void handleSpool(req, res, {
      spoolDir,
      bridgeToken: TOKEN,
      isSignedInWindow: (key) => key === WINDOW,
      uploads: () => uploads,
      freeBytes: () => Promise.resolve(free),
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/spool`;
});
afterEach(async () => {
  await uploads.close();
  await new Promise((resolve) => http.close(resolve));
});

const PDF = Buffer.from('%PDF-1.4\nhello\nstartxref\n0\n%%EOF\n');

function post(query: string, body: Buffer, token: string | null = TOKEN, window = WINDOW) {
  return fetch(`${url}?${query}`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: {
      ...(token ? { [SPOOL_TOKEN_HEADER]: token } : {}),
      ...(window ? { [SPOOL_WINDOW_HEADER]: window } : {}),
    },
  });
}

describe('host spool', () => {
  it('given the bridge token and a PDF, when posted, then it is spooled and queued as a drop', async () => {
    const res = await post('name=Br%C3%BCcke.pdf&company_id=c1', PDF);
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: { status: string; jobId: string }[] };
    expect(results).toMatchObject([{ status: 'queued', fileName: 'Brücke.pdf' }]);
    const job = uploads.queue.get(results[0]?.jobId ?? '');
    expect(job).toMatchObject({ source: 'drop', companyId: 'c1', state: 'queued' });
    expect(job?.sourcePath.startsWith(spoolDir)).toBe(true);
  });

  it('given no or a wrong token, when posted, then 401 and nothing is written', async () => {
    expect((await post('name=a.pdf&company_id=c1', PDF, null)).status).toBe(401);
    expect((await post('name=a.pdf&company_id=c1', PDF, 'wrong')).status).toBe(401);
    await expect(readdir(spoolDir)).rejects.toThrow();
  });

  it('given the bridge token but not the signed-in window key, when posted, then 401 and nothing is written', async () => {
    for (const window of ['', 'another-window']) {
      const res = await post('name=a.pdf&company_id=c1', PDF, TOKEN, window);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: { code: 'WINDOW_NOT_SIGNED_IN' } });
    }
    await expect(readdir(spoolDir)).rejects.toThrow();
    expect(uploads.counts().active).toBe(0);
  });

  it.each(['name=..&company_id=c1', 'name=a%2Fb.pdf&company_id=c1', 'company_id=c1', 'name=a.pdf'])(
    'given a bad query %s, when posted, then 400 with a message',
    async (query) => {
      const res = await post(query, PDF);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { message: expect.any(String) } });
    },
  );

  it('given a nearly full disk, when a file is posted, then 507 says how much space is needed', async () => {
    free = 100 * 1024 * 1024;
    const res = await post('name=big.pdf&company_id=c1', PDF);
    expect(res.status).toBe(507);
    expect(await res.json()).toMatchObject({
      error: {
        code: 'SPOOL_DISK_FULL',
        message: expect.stringMatching(/Not enough disk space to take big\.pdf.*100 MB is free/),
      },
    });
    expect(uploads.counts().active).toBe(0);
  });

  it('given a file of the wrong type, when posted, then it is answered as rejected and its copy removed', async () => {
    const res = await post('name=fake.pdf&company_id=c1', Buffer.from('not a pdf'));
    expect(await res.json()).toMatchObject({
      results: [{ status: 'rejected', message: 'Invalid file type or format' }],
    });
    expect(await readdir(spoolDir)).toEqual([]);
  });

  it('given the same file twice, when posted, then the second is a duplicate unless allow_duplicate is set', async () => {
    const statuses = async (query: string) =>
      ((await (await post(query, PDF)).json()) as { results: { status: string }[] }).results.map(
        (result) => result.status,
      );
    expect(await statuses('name=a.pdf&company_id=c1')).toEqual(['queued']);
    expect(await statuses('name=b.pdf&company_id=c1')).toEqual(['duplicate']);
    expect(await statuses('name=c.pdf&company_id=c1&allow_duplicate=true')).toEqual(['queued']);
  });
});
