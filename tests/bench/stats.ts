import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, type as osType, release } from 'node:os';

export interface Sample {
  medianMs: number;
  minMs: number;
  maxMs: number;
  samplesMs: number[];
}

export function summarize(samplesMs: number[]): Sample {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
  const round = (n: number) => Math.round(n);
  return {
    medianMs: round(median),
    minMs: round(sorted[0] ?? 0),
    maxMs: round(sorted[sorted.length - 1] ?? 0),
    samplesMs: samplesMs.map(round),
  };
}

export async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export function machine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? 'unknown',
    cores: cpu.length,
    memoryGiB: Math.round(totalmem() / 2 ** 30),
    os: `${osType()} ${release()}`,
    node: process.version,
    loadAverage: Math.round((loadavg()[0] ?? 0) * 100) / 100,
  };
}

/**
 * Flushes dirty pages to disk and, where this process may (root on Linux), drops the clean page
 * cache too; returns whether the cache was dropped. The upload bench settles the disk between
 * runs with it (otherwise whichever side writes into memory the other just freed is the faster
 * one: that alone moved a 1 GiB upload between 1.3 and 4 s); the review bench starts its cold
 * searches from it.
 */
export function settleDisk(): boolean {
  try {
    execFileSync('sync');
  } catch {
    // Nothing to wait for where the command is missing.
  }
  try {
    writeFileSync('/proc/sys/vm/drop_caches', '1');
    return true;
  } catch {
    // Not Linux, or not allowed: the cache stays as it is.
    return false;
  }
}
