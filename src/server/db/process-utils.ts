import { readFileSync } from 'node:fs';

/**
 * Small helpers for reasoning about other processes by pid (lock owners, orphaned postgres).
 * Linux answers more precisely through /proc; elsewhere we fall back to signal 0.
 */

function readProcStat(pid: number): string[] | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) is in parentheses and may contain spaces: split after it.
    const afterName = raw.slice(raw.lastIndexOf(')') + 2);
    return afterName.split(' ');
  } catch {
    return undefined;
  }
}

/** True when a process with this pid exists and is not a zombie waiting to be reaped. */
export function isProcessAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProcStat(pid);
  // stat[0] is the state letter: Z = zombie, X = dead.
  return !(stat && (stat[0] === 'Z' || stat[0] === 'X'));
}

let bootTimeMs: number | undefined;
function linuxBootTimeMs(): number | undefined {
  if (bootTimeMs !== undefined) return bootTimeMs;
  try {
    const line = readFileSync('/proc/stat', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('btime '));
    if (!line) return undefined;
    bootTimeMs = Number(line.slice(6)) * 1000;
    return bootTimeMs;
  } catch {
    return undefined;
  }
}

/**
 * When the process started (ms since epoch), or undefined where the OS does not tell us.
 * Used to notice a pid that was reused by an unrelated process after a crash or reboot.
 */
export function processStartTimeMs(pid: number): number | undefined {
  const stat = readProcStat(pid);
  const boot = linuxBootTimeMs();
  // Field 22 (starttime, in clock ticks since boot) is index 19 after the name split.
  const ticks = stat ? Number(stat[19]) : NaN;
  if (boot === undefined || !Number.isFinite(ticks)) return undefined;
  const clockTicksPerSecond = 100; // USER_HZ is 100 on every mainstream Linux build
  return boot + (ticks * 1000) / clockTicksPerSecond;
}

/** The executable name of a process where the OS tells us (Linux), else undefined. */
export function processName(pid: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls until the process is gone; resolves true if it exited within the time, false otherwise. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() >= deadline) return false;
    await sleep(50);
  }
  return true;
}

export interface ShutdownStep {
  signal: NodeJS.Signals;
  waitMs: number;
}

/**
 * Sends each signal in turn, waiting after each for the process to exit.
 * Resolves with the signal that ended it, or undefined if it survived every step.
 */
export async function shutdownProcess(
  pid: number,
  steps: readonly ShutdownStep[],
): Promise<NodeJS.Signals | undefined> {
  for (const step of steps) {
    if (!isProcessAlive(pid)) return step.signal;
    try {
      process.kill(pid, step.signal);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return step.signal;
      throw error;
    }
    if (await waitForExit(pid, step.waitMs)) return step.signal;
  }
  return undefined;
}

/** True while the pid exists at all, zombies included (what PostgreSQL's own stale-lock check sees). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Waits until a dead process has been reaped by its parent (init reaps orphans, sometimes with a
 * delay of a second or two). Resolves false if the pid still exists after the timeout.
 */
export async function waitForReap(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (pidExists(pid)) {
    if (isProcessAlive(pid) || Date.now() >= deadline) return false;
    await sleep(100);
  }
  return true;
}
