import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StableWaitError, waitUntilStable } from './waitUntilStable';

const WRITER = fileURLToPath(new URL('./fixtures/slow-writer.mjs', import.meta.url));
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-stable-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
});

/** Starts the slow writer; `started` resolves after its first chunk, `done` after its last. */
async function slowWriter(
  file: string,
  chunks: number,
  everyMs: number,
): Promise<{ done: Promise<number> }> {
  const child = spawn(process.execPath, [WRITER, file, String(chunks), '4096', String(everyMs)]);
  children.push(child);
  let output = '';
  let markDone: (at: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (markDone = resolve));
  await new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.stdout.on('data', (data: Buffer) => {
      output += data.toString();
      if (output.includes('started')) resolve();
      if (output.includes('done')) markDone(Date.now());
    });
  });
  return { done };
}

describe('waitUntilStable', () => {
  it('given a child process appending chunks, then it resolves only after the writer finished and quietMs passed', async () => {
    const file = path.join(dir, 'scan.pdf');
    await writeFile(file, '');
    const writer = await slowWriter(file, 8, 100);
    const stable = await waitUntilStable(file, { quietMs: 250, pollMs: 25, timeoutMs: 10_000 });
    const doneAt = await writer.done;
    expect(stable.size).toBe(8 * 4096);
    expect(Date.now() - doneAt).toBeGreaterThanOrEqual(200);
  });

  it('given a file that does not change, then it resolves once quietMs has passed on its clock, not later', async () => {
    const file = path.join(dir, 'still.pdf');
    await writeFile(file, 'x');
    // A clock that moves one poll per look: the wait is counted in looks, whatever the machine's load.
    let ticks = 0;
    const now = () => (ticks += 1) * 20;
    await waitUntilStable(file, { quietMs: 200, pollMs: 1, now });
    // Tick 1 is the start, tick 2 the first look that records the version; tick 12 is 200 ms later.
    expect(ticks).toBe(12);
  });

  it('given a file deleted while waiting, then it rejects with reason gone', async () => {
    const file = path.join(dir, 'brief.pdf');
    await writeFile(file, 'x');
    const waiting = waitUntilStable(file, { quietMs: 300, pollMs: 20 });
    setTimeout(() => void unlink(file), 50);
    await expect(waiting).rejects.toMatchObject({ name: 'StableWaitError', reason: 'gone' });
  });

  it('given a writer that never stops, then it rejects with reason timeout', async () => {
    const file = path.join(dir, 'log.pdf');
    await writeFile(file, '');
    await slowWriter(file, 30, 50);
    await expect(
      waitUntilStable(file, { quietMs: 300, pollMs: 20, timeoutMs: 600 }),
    ).rejects.toMatchObject({ reason: 'timeout' });
  });

  it('given an abort while waiting, then it rejects with reason aborted', async () => {
    const file = path.join(dir, 'a.pdf');
    await writeFile(file, 'x');
    const controller = new AbortController();
    const waiting = waitUntilStable(file, { quietMs: 5000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error: unknown = await waiting.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StableWaitError);
    expect(error).toMatchObject({ reason: 'aborted' });
  });
});
