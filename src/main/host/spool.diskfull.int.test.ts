/**
 * The spool on a disk that really is nearly full: a 2 MiB tmpfs mounted for the test (root only,
 * as CI runs; skipped elsewhere). The free-space check refuses a file that cannot fit, and a file
 * that fills the disk mid-write (the check told a lie, as a disk shared with other writers can)
 * is refused with 507, leaves nothing behind and queues nothing; a small file still goes through.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUploadService, type UploadService } from '../services/uploader/uploadService';
import { memoryFolderListStore } from '../services/uploader/watchFolders';
import { PDF_END, tempDir } from '../services/uploader/uploaderTestSupport';
import { handleSpool, SPOOL_TOKEN_HEADER, SPOOL_WINDOW_HEADER } from './spool';

const TOKEN = 'bridge-token-for-disk-tests';
const isRoot = process.getuid?.() === 0;

function tryMount(dir: string): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let mounted = false;
let spoolDir = '';
let http: Server;
let url = '';
let uploads: UploadService;
let lie = false;

beforeAll(async () => {
  const dir = await tempDir();
  spoolDir = path.join(dir, 'spool');
  await mkdir(spoolDir);
  mounted = isRoot && tryMount(spoolDir);
  uploads = createUploadService({
    queueFile: path.join(dir, 'uploads.db'),
    folders: memoryFolderListStore(),
    connection: () => Promise.resolve(null),
    medium: 'web',
    log: () => undefined,
  });
  http = createServer((req, res) => {
    handleSpool(req, res, {
      spoolDir,
      bridgeToken: TOKEN,
      isSignedInWindow: (key) => key === 'window-key',
      uploads: () => uploads,
      marginBytes: 256 * 1024,
      // The real statfs of the tmpfs, unless the test wants the check to be wrong.
      ...(lie ? { freeBytes: () => Promise.resolve(Number.MAX_SAFE_INTEGER) } : {}),
    }).catch((error: unknown) => {
      console.error('spool failed', error);
      res.destroy();
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/spool`;
});
afterAll(async () => {
  await uploads.close();
  await new Promise((resolve) => http.close(resolve));
  if (mounted) execFileSync('umount', [spoolDir]);
});

const pdf = (size: number) => {
  const bytes = Buffer.alloc(size, 0x20);
  bytes.write('%PDF-1.4\n', 0, 'latin1');
  PDF_END.copy(bytes, size - PDF_END.length);
  return bytes;
};

const post = (name: string, body: Buffer) =>
  fetch(`${url}?name=${name}&company_id=c1`, {
    method: 'POST',
    body: new Uint8Array(body),
    headers: { [SPOOL_TOKEN_HEADER]: TOKEN, [SPOOL_WINDOW_HEADER]: 'window-key' },
  });

describe.skipIf(!isRoot)('host spool on a nearly full disk (tmpfs)', () => {
  it('refuses a file that cannot fit before writing a byte', async () => {
    expect(mounted).toBe(true);
    const res = await post('big.pdf', pdf(3 * 1024 * 1024));
    expect(res.status).toBe(507);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('SPOOL_DISK_FULL');
    expect(await readdir(spoolDir)).toEqual([]);
    expect(uploads.counts().active).toBe(0);
  });

  it('refuses a file that fills the disk while it is written, and keeps nothing of it', async () => {
    lie = true;
    try {
      const res = await post('filler.pdf', pdf(3 * 1024 * 1024));
      expect(res.status).toBe(507);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.message).toMatch(/The disk filled up while taking filler\.pdf/);
    } finally {
      lie = false;
    }
    expect(await readdir(spoolDir)).toEqual([]);
    expect(uploads.counts().active).toBe(0);
  });

  it('still takes a file that fits', async () => {
    const res = await post('small.pdf', pdf(64 * 1024));
    expect(res.status).toBe(200);
    expect(uploads.counts().active).toBe(1);
  });
});
