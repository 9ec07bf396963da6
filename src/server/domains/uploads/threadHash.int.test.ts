import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createFileHash, stopHashWorker } from './threadHash';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('file hash on a worker thread', () => {
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lexdesk-threadhash-'));
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));
  afterEach(async () => stopHashWorker());

  it('given a file written in pieces with hashTo after each, then the digest equals a one-shot SHA-256', async () => {
    const bytes = randomBytes(5_000_000);
    const path = join(dir, 'pieces');
    await writeFile(path, '');
    const hash = createFileHash(path);
    for (let at = 0; at < bytes.length;) {
      const size = 1 + ((at * 7919) % 700_000);
      await appendFile(path, bytes.subarray(at, at + size));
      at = Math.min(bytes.length, at + size);
      hash.hashTo(at);
    }
    expect(await hash.digest(bytes.length)).toBe(sha(bytes));
  });

  it('given a hashTo that goes backwards, then it is ignored and the digest is still right', async () => {
    const bytes = randomBytes(3_000_000);
    const path = join(dir, 'backwards');
    await writeFile(path, bytes);
    const hash = createFileHash(path);
    hash.hashTo(2_000_000);
    hash.hashTo(1_000);
    expect(await hash.digest(bytes.length)).toBe(sha(bytes));
  });

  it('given two sessions interleaved and an empty file, then each gets its own digest', async () => {
    const a = randomBytes(2_500_000);
    const b = randomBytes(70_000);
    const pa = join(dir, 'a');
    const pb = join(dir, 'b');
    const pe = join(dir, 'empty');
    await writeFile(pa, a.subarray(0, 1_500_000));
    await writeFile(pb, b.subarray(0, 10));
    await writeFile(pe, '');
    const ha = createFileHash(pa);
    const hb = createFileHash(pb);
    const empty = createFileHash(pe);
    ha.hashTo(1_500_000);
    hb.hashTo(10);
    await appendFile(pa, a.subarray(1_500_000));
    await appendFile(pb, b.subarray(10));
    ha.hashTo(a.length);
    expect(await Promise.all([ha.digest(a.length), hb.digest(b.length), empty.digest(0)])).toEqual([
      sha(a),
      sha(b),
      sha(new Uint8Array(0)),
    ]);
  });

  it('given a digest with no hashTo before it, then the whole file is hashed then', async () => {
    const bytes = randomBytes(1_234_567);
    const path = join(dir, 'untold');
    await writeFile(path, bytes);
    expect(await createFileHash(path).digest(bytes.length)).toBe(sha(bytes));
  });

  it('given a file shorter than the size asked for, then the digest is refused', async () => {
    const path = join(dir, 'short');
    await writeFile(path, randomBytes(1000));
    await expect(createFileHash(path).digest(5000)).rejects.toThrow(/ends before byte 5000/);
  });

  it('given a file that is gone, then the digest is refused and the next session still works', async () => {
    const gone = createFileHash(join(dir, 'never-written'));
    gone.hashTo(10);
    await expect(gone.digest(10)).rejects.toThrow(/ENOENT/);
    const path = join(dir, 'after-gone');
    await writeFile(path, 'abc');
    expect(await createFileHash(path).digest(3)).toBe(sha(Buffer.from('abc')));
  });

  it('given a session dropped, then its digest is refused', async () => {
    const path = join(dir, 'dropped');
    await writeFile(path, 'abc');
    const hash = createFileHash(path);
    hash.drop();
    await expect(hash.digest(3)).rejects.toThrow(/ended/);
  });

  it('given the worker stopped mid-way, then the digest is refused (the caller reads the file instead)', async () => {
    const path = join(dir, 'stopped');
    await writeFile(path, randomBytes(1000));
    const hash = createFileHash(path);
    hash.hashTo(1000);
    await stopHashWorker();
    await expect(hash.digest(1000)).rejects.toThrow(/stopped/);
    const next = join(dir, 'next');
    await writeFile(next, 'abc');
    expect(await createFileHash(next).digest(3)).toBe(sha(Buffer.from('abc')));
  });

  it('given a process that hashed and holds a running hash, when its work is done, then it exits by itself', async () => {
    const module = fileURLToPath(new URL('./threadHash.ts', import.meta.url));
    const script = join(dir, 'hash-and-leave.mjs');
    const done = join(dir, 'done');
    const held = join(dir, 'held');
    await writeFile(done, 'abc');
    await writeFile(held, 'kept between two PATCHes');
    await writeFile(
      script,
      [
        `const { createFileHash } = await import(${JSON.stringify(module)});`,
        `console.log(await createFileHash(${JSON.stringify(done)}).digest(3));`,
        `createFileHash(${JSON.stringify(held)}).hashTo(10);`,
      ].join('\n'),
    );
    // The time limit only stops a hung child; the assertion is that it exited on its own.
    const child = spawnSync(process.execPath, ['--import', 'tsx', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(child.stderr).toBe('');
    expect(child.signal).toBeNull();
    expect(child.status).toBe(0);
    expect(child.stdout.trim()).toBe(sha(Buffer.from('abc')));
  });
});
