/**
 * Owner-only files and folders for what the desktop keeps in its data folder (the upload queue,
 * the review cache and its PDFs, settings, the session, logs; modes in shared/files/modes).
 * Created with private modes; what an older install left open is tightened when it is opened.
 * No process umask here (the server has one): the desktop also writes into users' watched folders
 * (uploaded/, errors/ and their reason files), which keep the folder's usual modes.
 */
import { chmodSync, closeSync, createWriteStream, mkdirSync, openSync, statSync } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { NOT_OWNER_BITS, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../shared/files/modes';

/** Removes group and other bits from an existing file or folder; a missing one is left alone. */
export function tightenSync(target: string): void {
  let mode: number;
  try {
    mode = statSync(target).mode & 0o7777;
  } catch {
    return;
  }
  if ((mode & NOT_OWNER_BITS) !== 0) chmodSync(target, mode & ~NOT_OWNER_BITS);
}

/** Creates `dir` (and missing parents) owner-only; an existing `dir` is tightened. */
export function mkdirPrivateSync(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenSync(dir);
}

export async function mkdirPrivate(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tightenSync(dir);
}

/**
 * Before SQLite opens `file`: its folder and the file exist owner-only (SQLite gives its -wal and
 * -shm files the main file's mode), and the journal files an older install left are tightened.
 */
export function preparePrivateSqliteFile(file: string): void {
  mkdirPrivateSync(path.dirname(file));
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const suffix of ['', '-wal', '-shm', '-journal']) tightenSync(`${file}${suffix}`);
}

/** An append-only log file, owner-only (also when it was left readable by an older version). */
export function openPrivateLog(file: string): WriteStream {
  mkdirPrivateSync(path.dirname(file));
  closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  tightenSync(file);
  return createWriteStream(file, { flags: 'a', mode: PRIVATE_FILE_MODE });
}
