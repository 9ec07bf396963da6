import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HashingFileStore } from './hashingStore';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('HashingFileStore', () => {
  let dir: string;
  let store: HashingFileStore;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lexdesk-hashing-'));
    store = new HashingFileStore({ directory: dir });
  });
  afterEach(async () => rm(dir, { recursive: true, force: true }));

  async function create(id: string, size: number) {
    await store.create(new Upload({ id, size, offset: 0 }));
  }

  it('keeps the staging folder, each upload and its metadata owner-only', async () => {
    const staging = join(dir, 'staging');
    const own = new HashingFileStore({ directory: staging });
    await own.create(new Upload({ id: 'private', size: 3, offset: 0 }));
    await own.write(Readable.from([Buffer.from('abc')]), 'private', 0);
    const modeOf = async (path: string) => (await stat(path)).mode & 0o777;
    expect(await modeOf(staging)).toBe(0o700);
    expect((await readdir(staging)).sort()).toEqual(['private', 'private.json']);
    expect(await modeOf(join(staging, 'private'))).toBe(0o600);
    expect(await modeOf(join(staging, 'private.json'))).toBe(0o600);
    await own.remove('private');
  });

  it('hashes an upload sent in several PATCHes without reading it back', async () => {
    const bytes = randomBytes(300_000);
    await create('a', bytes.length);
    let offset = 0;
    for (const end of [100_000, 250_000, bytes.length]) {
      offset = await store.write(Readable.from([bytes.subarray(offset, end)]), 'a', offset);
    }
    expect(offset).toBe(bytes.length);
    expect(await store.takeDigest('a', bytes.length)).toBe(sha(bytes));
    expect(store.runningCount).toBe(0);
  });

  it('gives no digest when a PATCH resumes somewhere the hash has not seen', async () => {
    const bytes = randomBytes(1000);
    await create('b', bytes.length);
    await store.write(Readable.from([bytes.subarray(0, 400)]), 'b', 0);
    // A different process (or a lost state) continues from 600: the hash cannot be trusted.
    await store.write(Readable.from([bytes.subarray(400, 600)]), 'b', 400);
    await store.write(Readable.from([bytes.subarray(700)]), 'b', 700);
    expect(await store.takeDigest('b', bytes.length)).toBeUndefined();
  });

  it('gives no digest after a request stream fails mid-way', async () => {
    const bytes = randomBytes(1000);
    await create('c', bytes.length);
    let reads = 0;
    const failing = new Readable({
      read() {
        reads += 1;
        if (reads === 1) this.push(bytes.subarray(0, 500));
        else setTimeout(() => this.destroy(new Error('connection reset')), 20);
      },
    });
    await expect(store.write(failing, 'c', 0)).rejects.toBeDefined();
    const { offset } = await store.getUpload('c');
    expect(offset).toBe(500);
    await store.write(Readable.from([bytes.subarray(offset)]), 'c', offset);
    expect(await store.takeDigest('c', bytes.length)).toBeUndefined();
  });

  it('starts over when the upload is written again from 0 and forgets removed uploads', async () => {
    const bytes = randomBytes(2000);
    await create('d', bytes.length);
    await store.write(Readable.from([bytes.subarray(0, 1000)]), 'd', 0);
    await store.write(Readable.from([bytes]), 'd', 0);
    expect(await store.takeDigest('d', bytes.length)).toBe(sha(bytes));
    await store.write(Readable.from([bytes.subarray(0, 10)]), 'd', 0);
    expect(store.runningCount).toBe(1);
    await store.remove('d');
    expect(store.runningCount).toBe(0);
  });
});
