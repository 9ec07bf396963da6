import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createThreadHash, stopHashWorker } from './threadHash';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('thread hash', () => {
  afterEach(async () => stopHashWorker());

  it('given chunks of several sizes, then the digest equals a one-shot SHA-256', async () => {
    const bytes = randomBytes(5_000_000);
    const hash = createThreadHash();
    for (let at = 0; at < bytes.length;) {
      const size = 1 + ((at * 7919) % 300_000);
      hash.update(bytes.subarray(at, at + size));
      at += size;
      await hash.ready();
    }
    expect(await hash.digest()).toBe(sha(bytes));
  });

  it('given uploads larger than the shared ring, one after another, then each digest is right (the ring wraps and is reused)', async () => {
    for (const total of [40_000_000, 17_000_001, 3]) {
      const bytes = randomBytes(total);
      const hash = createThreadHash();
      for (let at = 0; at < bytes.length;) {
        const size = 1 + ((at * 104_729) % 200_000);
        hash.update(bytes.subarray(at, at + size));
        at += size;
        await hash.ready();
      }
      expect(await hash.digest()).toBe(sha(bytes));
    }
  });

  it('given two sessions interleaved and an empty one, then each gets its own digest', async () => {
    const a = randomBytes(100_000);
    const b = randomBytes(70_000);
    const ha = createThreadHash();
    const hb = createThreadHash();
    const empty = createThreadHash();
    ha.update(a.subarray(0, 50_000));
    hb.update(b.subarray(0, 10));
    ha.update(a.subarray(50_000));
    hb.update(b.subarray(10));
    expect(await Promise.all([ha.digest(), hb.digest(), empty.digest()])).toEqual([
      sha(a),
      sha(b),
      sha(new Uint8Array(0)),
    ]);
  });

  it('given more than the in-flight limit sent at once, then ready() waits and every byte is hashed', async () => {
    const chunk = randomBytes(1024 * 1024);
    const hash = createThreadHash();
    const whole = createHash('sha256');
    let waited = false;
    for (let i = 0; i < 80; i += 1) {
      hash.update(chunk);
      whole.update(chunk);
      const ready = hash.ready();
      let settled = false;
      void ready.then(() => (settled = true));
      await Promise.resolve();
      if (!settled) waited = true;
    }
    expect(waited).toBe(true);
    expect(await hash.digest()).toBe(whole.digest('hex'));
  });

  it('given a caller that changes the buffer after update, then the hash saw the bytes as they were', async () => {
    const bytes = Buffer.from('first version of the bytes');
    const expected = sha(bytes);
    const hash = createThreadHash();
    hash.update(bytes);
    bytes.fill(0);
    expect(await hash.digest()).toBe(expected);
  });

  it('given the worker stopped mid-way, then the digest is refused (the caller reads the file instead)', async () => {
    const hash = createThreadHash();
    hash.update(randomBytes(1000));
    await stopHashWorker();
    await expect(hash.digest()).rejects.toThrow(/stopped/);
    const next = createThreadHash();
    next.update(Buffer.from('abc'));
    expect(await next.digest()).toBe(sha(Buffer.from('abc')));
  });

  it('given a process that hashed and holds a running hash, when its work is done, then it exits by itself', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'lexdesk-threadhash-'));
    try {
      const module = fileURLToPath(new URL('./threadHash.ts', import.meta.url));
      const script = join(dir, 'hash-and-leave.mjs');
      await writeFile(
        script,
        [
          `const { createThreadHash } = await import(${JSON.stringify(module)});`,
          "const done = createThreadHash(); done.update(Buffer.from('abc'));",
          'console.log(await done.digest());',
          "const held = createThreadHash(); held.update(Buffer.from('kept between two PATCHes'));",
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
      expect(child.stdout.trim()).toBe(createHash('sha256').update('abc').digest('hex'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
