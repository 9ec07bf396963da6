import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirInUseError, LOCK_FILE_NAME } from './embedded-lock';

let dir: string;
let sleeper: ChildProcess | undefined;

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-lock-'));
});
afterEach(async () => {
  sleeper?.kill('SIGKILL');
  sleeper = undefined;
  await rm(dir, { recursive: true, force: true });
});

function startSleeper(): number {
  sleeper = spawn('sleep', ['30'], { stdio: 'ignore' });
  if (sleeper.pid === undefined) throw new Error('could not spawn sleep');
  return sleeper.pid;
}

describe('data folder lock', () => {
  it('given a free folder, when locked and released, then the lock file holds our pid and is removed', async () => {
    const lock = await acquireDataDirLock(dir);
    const content = JSON.parse(await readFile(path.join(dir, LOCK_FILE_NAME), 'utf8')) as {
      pid: number;
    };
    expect(content.pid).toBe(process.pid);
    expect(lock.recoveredFromPid).toBeUndefined();
    await lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('given this process holds the lock, when locking again, then DataDirInUseError names folder and pid', async () => {
    const lock = await acquireDataDirLock(dir);
    const second = acquireDataDirLock(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(
      `${dir} is already in use by another LexDesk process (pid ${process.pid})`,
    );
    await expect(second).rejects.toThrow('DATA_DIR');
    await lock.release();
  });

  it('given a live process wrote the lock, when locking, then it is refused', async () => {
    const pid = startSleeper();
    await writeFile(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid, createdAt: Date.now() + 5000 }),
    );
    await expect(acquireDataDirLock(dir)).rejects.toMatchObject({ name: 'DataDirInUseError', pid });
  });

  it('given the lock of a dead process, when locking, then the lock is taken over', async () => {
    const dead = spawn('true');
    const pid = dead.pid ?? 0;
    await new Promise((resolve) => dead.once('exit', resolve));
    await writeFile(path.join(dir, LOCK_FILE_NAME), String(pid));
    const lock = await acquireDataDirLock(dir);
    expect(lock.recoveredFromPid).toBe(pid);
    await lock.release();
  });

  it.runIf(process.platform === 'linux')(
    'given a lock whose pid now belongs to a younger process, when locking, then the lock is taken over',
    async () => {
      const pid = startSleeper();
      const anHourAgo = Date.now() - 3_600_000;
      await writeFile(
        path.join(dir, LOCK_FILE_NAME),
        JSON.stringify({ pid, createdAt: anHourAgo }),
      );
      const lock = await acquireDataDirLock(dir);
      expect(lock.recoveredFromPid).toBe(pid);
      await lock.release();
    },
  );
});
