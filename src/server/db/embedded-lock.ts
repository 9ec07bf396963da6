import { readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { isProcessAlive, processStartTimeMs } from './process-utils';

/** Thrown when another live LexDesk process already runs the embedded database of a data folder. */
export class DataDirInUseError extends Error {
  readonly dataDir: string;
  readonly pid: number;

  constructor(dataDir: string, pid: number) {
    super(
      `The data folder ${dataDir} is already in use by another LexDesk process (pid ${pid}). ` +
        `Close that LexDesk first, or start this one on another folder by setting DATA_DIR.`,
    );
    this.name = 'DataDirInUseError';
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

export const LOCK_FILE_NAME = 'lexdesk.lock';

const lockContent = z.object({
  pid: z.number().int().positive(),
  createdAt: z.number().optional(),
});
type LockContent = z.infer<typeof lockContent>;

/** Data folders whose lock this process holds right now (so a second start in-process is refused too). */
const heldByThisProcess = new Set<string>();

function parseLock(raw: string): LockContent | undefined {
  const trimmed = raw.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const parsed = lockContent.safeParse(JSON.parse(trimmed));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Whether the recorded owner of a lock is a live process that can still be holding it. */
function ownerIsLive(dataDir: string, lock: LockContent): boolean {
  if (lock.pid === process.pid) return heldByThisProcess.has(dataDir);
  if (!isProcessAlive(lock.pid)) return false;
  // A live pid that started after the lock was written is a reused pid, not the owner.
  const startedAt = processStartTimeMs(lock.pid);
  if (
    startedAt !== undefined &&
    lock.createdAt !== undefined &&
    startedAt > lock.createdAt + 2000
  ) {
    return false;
  }
  return true;
}

export interface DataDirLock {
  /** True when the lock was taken over from a process that died without releasing it. */
  recoveredFromPid: number | undefined;
  release(): Promise<void>;
}

/**
 * Takes <dataDir>/lexdesk.lock for this process. A lock left by a dead process is taken over;
 * a lock held by a live process throws DataDirInUseError.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const key = path.resolve(dataDir);
  const lockPath = path.join(key, LOCK_FILE_NAME);
  let recoveredFromPid: number | undefined;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const content = JSON.stringify({ pid: process.pid, createdAt: Date.now() });
    try {
      await writeFile(lockPath, content + '\n', { flag: 'wx', mode: 0o600 });
      heldByThisProcess.add(key);
      return { recoveredFromPid, release: () => releaseLock(key, lockPath) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const raw = await readFile(lockPath, 'utf8').catch(() => '');
    const existing = parseLock(raw);
    if (existing && ownerIsLive(key, existing)) throw new DataDirInUseError(key, existing.pid);
    recoveredFromPid = existing?.pid;
    // Stale (or unreadable) lock: remove it, unless someone replaced it meanwhile, and race for a
    // fresh one with `wx` again.
    const stillSame = (await readFile(lockPath, 'utf8').catch(() => undefined)) === raw;
    if (stillSame) {
      await unlink(lockPath).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    }
  }
  throw new Error(
    `Could not take the lock ${lockPath}: it keeps changing. Is another LexDesk starting?`,
  );
}

async function releaseLock(key: string, lockPath: string): Promise<void> {
  if (!heldByThisProcess.delete(key)) return;
  const current = parseLock(await readFile(lockPath, 'utf8').catch(() => ''));
  if (current?.pid === process.pid) await unlink(lockPath).catch(() => undefined);
}
