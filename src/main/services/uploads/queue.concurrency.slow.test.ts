import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openUploadQueue } from './queue';
import { tempQueueFile, validItem } from './testSupport';

const here = path.dirname(fileURLToPath(import.meta.url));
const worker = path.join(here, 'fixtures', 'claimWorker.ts');

interface Worker {
  ready: Promise<void>;
  go(): void;
  /** The job the worker claimed first and still holds (undefined when it found none). */
  first: Promise<string | undefined>;
  drain(): void;
  claimed: Promise<string[]>;
}

/**
 * A worker process (fixtures/claimWorker.ts): it opens the queue and says `ready`; on go() it
 * claims one job and reports it while holding the lease; on drain() it drains the queue.
 */
function startWorker(file: string, name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, file, name], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let markReady: () => void = () => undefined;
  let markFirst: (id: string | undefined) => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const first = new Promise<string | undefined>((resolve) => (markFirst = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) markReady();
    const firstLine = /^first (\S+)$/m.exec(out);
    if (firstLine) markFirst(firstLine[1] === 'none' ? undefined : firstLine[1]);
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const claimed = new Promise<string[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const lines = out.split('\n').filter((line) => line && line !== 'ready');
      if (code === 0) resolve(lines.filter((line) => !line.startsWith('first ')));
      else reject(new Error(`worker ${name} exited ${String(code)}: ${err}`));
    });
  });
  return {
    ready,
    go: () => child.stdin.write('go\n'),
    first,
    drain: () => child.stdin.end('drain\n'),
    claimed,
  };
}

describe('upload queue: several connections on one file', () => {
  it('given two queue instances on one file, when both claim in turns, then no job is leased twice', () => {
    const file = tempQueueFile();
    const a = openUploadQueue({ file });
    const b = openUploadQueue({ file });
    a.enqueue(Array.from({ length: 20 }, (_, i) => validItem(`f${i}`)));
    const seen: string[] = [];
    for (;;) {
      const fromA = a.claim('a', 60_000);
      const fromB = b.claim('b', 60_000);
      if (!fromA && !fromB) break;
      for (const job of [fromA, fromB]) if (job) seen.push(job.id);
    }
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
    a.close();
    b.close();
  });

  it('given three worker processes on one file, when they drain it at the same time, then every job is claimed exactly once and done', async () => {
    const file = tempQueueFile();
    const queue = openUploadQueue({ file });
    const jobs = queue.enqueue(Array.from({ length: 150 }, (_, i) => validItem(`p${i}`)));
    queue.close();

    const workers = ['p1', 'p2', 'p3'].map((name) => startWorker(file, name));
    await Promise.all(workers.map((w) => w.ready));
    for (const w of workers) w.go();
    // They really ran side by side: all three hold a different job's lease at the same moment.
    const firsts = await Promise.all(workers.map((w) => w.first));
    expect(firsts.every((id) => id !== undefined)).toBe(true);
    expect(new Set(firsts).size).toBe(3);
    for (const w of workers) w.drain();
    const results = await Promise.all(workers.map((w) => w.claimed));
    const all = results.flat();
    for (const [i, claimed] of results.entries()) expect(claimed[0]).toBe(firsts[i]);
    expect(all).toHaveLength(150);
    expect(new Set(all)).toEqual(new Set(jobs.map((r) => r.job.id)));

    const db = new Database(file, { readonly: true });
    const states = db.prepare('SELECT state, COUNT(*) AS n FROM upload_jobs GROUP BY state').all();
    db.close();
    expect(states).toEqual([{ state: 'done', n: 150 }]);
  }, 60_000);
});
