/**
 * Small file helpers for state the desktop keeps in its data folder.
 * Writes are atomic: a temp file beside the target is written, flushed and renamed over it, so a
 * crash leaves either the old content or the new one, never half a file.
 */
import { randomBytes } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from '../../shared/files/modes';
import { mkdirPrivate } from './privateFiles';

export async function writeFileAtomic(file: string, data: string | Uint8Array): Promise<void> {
  await mkdirPrivate(path.dirname(file));
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

/** The file's bytes, or null when it does not exist. Other read errors propagate. */
export async function readFileIfExists(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return null;
    throw error;
  }
}

/** Moves a damaged file aside (name.corrupt-<time>) so it can be inspected; returns the new path. */
export async function moveAside(file: string, now: Date = new Date()): Promise<string> {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  await rename(file, target);
  return target;
}

export function isErrnoException(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string';
}
