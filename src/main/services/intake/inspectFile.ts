/**
 * inspectFile: everything intake needs to know about one file before it is queued, read with
 * constant memory. Opens the file once, checks size and type, and streams it through SHA-256.
 * If the file's size, mtime or identity differ between the start and the end of hashing, the
 * result is FILE_CHANGED (retryable): the caller waits and tries again.
 */
import { createHash } from 'node:crypto';
import { open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { Stats } from 'node:fs';
import { checkFile, type AcceptedFileType } from '../../../shared/files/fileTypes';
import { classifyFsError, intakeMessage, type IntakeErrorCode } from './messages';
import { readTail, readTypeSample } from './typeSample';

export interface InspectOptions {
  /** Files larger than this are refused with FILE_TOO_LARGE. */
  maxBytes: number;
  /** Accepted types; all of the spec's types by default. */
  allowed?: readonly AcceptedFileType[];
  signal?: AbortSignal;
}

export interface InspectedFile {
  ok: true;
  path: string;
  /** Base name in Unicode NFC, so NFC and NFD spellings of one name compare equal. */
  name: string;
  size: number;
  mtimeMs: number;
  sha256: string;
  type: AcceptedFileType;
  mime: string;
}

export interface InspectFailure {
  ok: false;
  code: IntakeErrorCode;
  message: string;
  /** True when trying again later may succeed (the file changed, or a lock was held). */
  retryable: boolean;
}

export type InspectResult = InspectedFile | InspectFailure;

const HASH_CHUNK = 1024 * 1024;

function fail(code: IntakeErrorCode, retryable = false): InspectFailure {
  return { ok: false, code, message: intakeMessage(code), retryable };
}

function failFromError(error: unknown): InspectFailure {
  const { code, retryable } = classifyFsError(error);
  return fail(code, retryable);
}

export function normalizedName(filePath: string): string {
  return path.basename(filePath).normalize('NFC');
}

async function hashFrom(handle: FileHandle, signal?: AbortSignal): Promise<[string, number]> {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = handle.createReadStream({
    start: 0,
    highWaterMark: HASH_CHUNK,
    autoClose: false,
    ...(signal ? { signal } : {}),
  });
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return [hash.digest('hex'), bytes];
}

function sameVersion(a: Stats, b: Stats): boolean {
  return a.size === b.size && a.mtimeMs === b.mtimeMs && a.ino === b.ino && a.dev === b.dev;
}

export async function inspectFile(
  filePath: string,
  options: InspectOptions,
): Promise<InspectResult> {
  let handle: FileHandle;
  try {
    handle = await open(filePath, 'r');
  } catch (error) {
    return failFromError(error);
  }
  try {
    const before = await handle.stat();
    if (!before.isFile()) return fail('NOT_A_FILE');
    if (before.size === 0) return fail('FILE_EMPTY');
    if (before.size > options.maxBytes) return fail('FILE_TOO_LARGE');
    const name = normalizedName(filePath);
    const check = checkFile(
      name,
      await readTypeSample(handle, before.size),
      options.allowed,
      await readTail(handle, before.size),
    );
    if (!check.ok) return fail(check.code);
    const [sha256, hashed] = await hashFrom(handle, options.signal);
    const after = await handle.stat();
    let onDisk: Stats;
    try {
      onDisk = await stat(filePath);
    } catch (error) {
      return failFromError(error);
    }
    if (hashed !== before.size || !sameVersion(before, after) || !sameVersion(before, onDisk))
      return fail('FILE_CHANGED', true);
    return {
      ok: true,
      path: filePath,
      name,
      size: before.size,
      mtimeMs: before.mtimeMs,
      sha256,
      type: check.type,
      mime: check.mime,
    };
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failFromError(error);
  } finally {
    await handle.close();
  }
}
