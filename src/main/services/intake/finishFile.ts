/**
 * What happens to a watched file once the queue is done with it. Uploaded: 'keep' leaves it and
 * records it in the seen store, 'move' puts it in <folder>/uploaded/, 'delete' removes it.
 * Rejected (any mode): moved to <folder>/errors/ with a sidecar <name>.error.txt giving the reason.
 * Names that are taken get a suffix (" (1)", " (2)", ...); names are shortened by bytes when a
 * suffix would push them past the usual 255-byte limit.
 */
import { link, lstat, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isErrnoException } from '../atomicFile';
import { ERRORS_DIR, UPLOADED_DIR } from './ignoreRules';
import type { SeenStore } from './seenStore';

export type AfterUpload = 'keep' | 'move' | 'delete';
export type FinishOutcome = 'uploaded' | 'rejected';

export interface FinishFolder {
  path: string;
  afterUpload: AfterUpload;
}

export interface FinishableFile {
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export type FinishResult =
  | { action: 'kept' }
  | { action: 'deleted' }
  | { action: 'moved'; destination: string }
  | { action: 'rejected'; destination: string; sidecar: string };

const MAX_NAME_BYTES = 255;
const SIDECAR_SUFFIX = '.error.txt';
const MAX_ATTEMPTS = 1000;

/** Cuts `text` to at most `bytes` UTF-8 bytes without splitting a character. */
function cutToBytes(text: string, bytes: number): string {
  let result = '';
  for (const char of text) {
    if (Buffer.byteLength(result + char) > bytes) break;
    result += char;
  }
  return result;
}

/** `stem + suffix + ext` within `limit` bytes, shortening the stem when needed. */
export function fitName(name: string, suffix: string, limit = MAX_NAME_BYTES): string {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  const room = limit - Buffer.byteLength(suffix + ext);
  return `${cutToBytes(stem, Math.max(1, room))}${suffix}${ext}`;
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch (error) {
    if (isErrnoException(error) && error.code === 'ENOENT') return false;
    throw error;
  }
}

/**
 * Moves `source` into `dir` under its own name or the first free suffixed one. Uses link+unlink,
 * which refuses an existing target atomically; file systems without hard links (some network
 * shares) fall back to a check then rename.
 */
async function moveUnique(source: string, dir: string, reserve = 0): Promise<string> {
  await mkdir(dir, { recursive: true });
  const name = path.basename(source);
  for (let n = 0; n < MAX_ATTEMPTS; n += 1) {
    const candidate = fitName(name, n === 0 ? '' : ` (${n})`, MAX_NAME_BYTES - reserve);
    const target = path.join(dir, candidate);
    try {
      await link(source, target);
      await unlink(source);
      return target;
    } catch (error) {
      if (isErrnoException(error) && error.code === 'EEXIST') continue;
      if (
        !isErrnoException(error) ||
        !['EPERM', 'ENOTSUP', 'EXDEV', 'ENOSYS'].includes(error.code ?? '')
      )
        throw error;
    }
    if (await exists(target)) continue;
    await rename(source, target);
    return target;
  }
  throw new Error(`No free name for ${name} in ${dir}`);
}

export async function finishFile(
  file: FinishableFile,
  folder: FinishFolder,
  outcome: FinishOutcome,
  reason: string | undefined,
  options: { seen: SeenStore },
): Promise<FinishResult> {
  if (outcome === 'rejected') {
    const reserve = Buffer.byteLength(SIDECAR_SUFFIX);
    const destination = await moveUnique(file.path, path.join(folder.path, ERRORS_DIR), reserve);
    const sidecar = `${destination}${SIDECAR_SUFFIX}`;
    const text = `${reason ?? 'Rejected'}\nFile: ${path.basename(file.path)}\nAt: ${new Date().toISOString()}\n`;
    await writeFile(sidecar, text, 'utf8');
    return { action: 'rejected', destination, sidecar };
  }
  if (folder.afterUpload === 'keep') {
    await options.seen.add(file);
    return { action: 'kept' };
  }
  if (folder.afterUpload === 'delete') {
    try {
      await unlink(file.path);
    } catch (error) {
      if (!isErrnoException(error) || error.code !== 'ENOENT') throw error;
    }
    return { action: 'deleted' };
  }
  const destination = await moveUnique(file.path, path.join(folder.path, UPLOADED_DIR));
  return { action: 'moved', destination };
}
