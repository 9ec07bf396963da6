/**
 * Owner-only files and folders for what the server keeps under DATA_DIR (see shared/files/modes):
 * created with private modes, and tightened once at start for installs made before they were.
 */
import { chmod, mkdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { NOT_OWNER_BITS, PRIVATE_DIR_MODE, PRIVATE_UMASK } from '../shared/files/modes';

/** Sub-folders of DATA_DIR the server writes client documents into (pg/ is PostgreSQL's, 0700). */
export const PRIVATE_DATA_SUBDIRS = ['files', 'uploads-incomplete', 'tmp'] as const;

export async function mkdirPrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Removes group and other bits except `keep`; true when the mode changed. Missing: false. */
export async function tighten(path: string, keep = 0): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return false;
  const mode = info.mode & 0o7777;
  const wanted = (mode & ~NOT_OWNER_BITS) | (mode & keep);
  if (wanted === mode) return false;
  await chmod(path, wanted);
  return true;
}

const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/**
 * Creates DATA_DIR owner-only and closes it and the server's folders in it to other users. As
 * root the embedded PostgreSQL runs as the system user "postgres", which must pass through
 * DATA_DIR to its own 0700 folder: the execute bit for others stays there (no listing, no reading).
 */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  await mkdirPrivate(dataDir);
  await tighten(dataDir, runningAsRoot() ? 0o001 : 0);
  for (const sub of PRIVATE_DATA_SUBDIRS) await tighten(join(dataDir, sub));
}

/** The belt under the explicit modes: anything else this process creates is owner-only too. */
export function usePrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}
