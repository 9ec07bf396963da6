/**
 * waitUntilStable: resolves once a file's size and mtime (and identity) have stayed the same for
 * `quietMs` and it can be opened for reading. A writer that keeps appending keeps it waiting; a
 * lock held by another program (EBUSY/EACCES/EPERM on Windows) keeps it waiting too. Rejects with
 * a StableWaitError: 'gone' (deleted or replaced by a non-file), 'timeout', 'aborted'.
 */
import { open, stat } from 'node:fs/promises';
import type { Stats } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

export interface StableOptions {
  /** How long size and mtime must stay unchanged. */
  quietMs: number;
  /** How often to look; defaults to a quarter of quietMs (at least 20 ms). */
  pollMs?: number;
  /** Give up after this long; no limit by default. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** The clock quietMs and timeoutMs are measured on; Date.now by default (tests hold it still). */
  now?: () => number;
}

export interface StableFile {
  size: number;
  mtimeMs: number;
  ino: number;
}

export type StableWaitReason = 'gone' | 'timeout' | 'aborted';

export class StableWaitError extends Error {
  readonly reason: StableWaitReason;
  constructor(reason: StableWaitReason, filePath: string) {
    super(`File ${reason === 'gone' ? 'is gone' : reason}: ${filePath}`);
    this.name = 'StableWaitError';
    this.reason = reason;
  }
}

const LOCKED = new Set(['EBUSY', 'EACCES', 'EPERM']);

function errnoOf(error: unknown): string | undefined {
  return error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;
}

async function statOrGone(filePath: string): Promise<Stats | null> {
  try {
    const stats = await stat(filePath);
    return stats.isFile() ? stats : null;
  } catch (error) {
    if (errnoOf(error) === 'ENOENT' || errnoOf(error) === 'ENOTDIR') return null;
    throw error;
  }
}

/** 'ok', 'locked' (try again), or 'gone'. */
async function canOpen(filePath: string): Promise<'ok' | 'locked' | 'gone'> {
  try {
    const handle = await open(filePath, 'r');
    await handle.close();
    return 'ok';
  } catch (error) {
    const errno = errnoOf(error);
    if (errno === 'ENOENT') return 'gone';
    if (errno !== undefined && LOCKED.has(errno)) return 'locked';
    throw error;
  }
}

function sameVersion(a: Stats, b: Stats): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino;
}

export async function waitUntilStable(
  filePath: string,
  options: StableOptions,
): Promise<StableFile> {
  const pollMs = options.pollMs ?? Math.max(20, Math.floor(options.quietMs / 4));
  const clock = options.now ?? Date.now;
  const started = clock();
  const deadline = options.timeoutMs === undefined ? Infinity : started + options.timeoutMs;
  let last: Stats | null = null;
  let quietSince = started;
  for (;;) {
    if (options.signal?.aborted) throw new StableWaitError('aborted', filePath);
    const now = clock();
    const current = await statOrGone(filePath);
    if (!current) throw new StableWaitError('gone', filePath);
    if (!last || !sameVersion(last, current)) {
      last = current;
      quietSince = now;
    } else if (now - quietSince >= options.quietMs) {
      const access = await canOpen(filePath);
      if (access === 'gone') throw new StableWaitError('gone', filePath);
      if (access === 'ok')
        return { size: current.size, mtimeMs: current.mtimeMs, ino: current.ino };
    }
    if (now >= deadline) throw new StableWaitError('timeout', filePath);
    const wait = Math.max(1, Math.min(pollMs, deadline - now));
    try {
      await sleep(wait, undefined, options.signal ? { signal: options.signal } : {});
    } catch {
      throw new StableWaitError('aborted', filePath);
    }
  }
}
