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
  claimed: Promise<string[]>;
}

/** A worker process; it opens the queue, says `ready`, and starts claiming on go(). */
function startWorker(file: string, name: string): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, file, name], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let markReady: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.startsWith('ready\n')) markReady();
  });
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const claimed = new Promise<string[]>((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve(out.split('\n').filter((line) => line && line !== 'ready'));
      else reject(new Error(`worker ${name} exited ${String(code)}: ${err}`));
    });
  });
  return { ready, go: () => child.stdin.end('go\n'), claimed };
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
    const results = await Promise.all(workers.map((w) => w.claimed));
    const all = results.flat();
    // They really ran side by side: each process got some of the jobs.
    for (const claimed of results) expect(claimed.length).toBeGreaterThan(0);
    expect(all).toHaveLength(150);
    expect(new Set(all)).toEqual(new Set(jobs.map((r) => r.job.id)));

    const db = new Database(file, { readonly: true });
    const states = db.prepare('SELECT state, COUNT(*) AS n FROM upload_jobs GROUP BY state').all();
    db.close();
    expect(states).toEqual([{ state: 'done', n: 150 }]);
  }, 60_000);
});
