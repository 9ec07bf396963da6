/**
 * Browser drops in the headless host: `POST /spool?name=<file name>&company_id=<id>` (plus
 * `&allow_duplicate=true` when the user chose "upload anyway") with the
 * file's bytes as the body, this run's bridge token in `X-LexDesk-Bridge-Token` and the signed-in
 * window's key (windowSession.ts) in `X-LexDesk-Window`. The bytes
 * are streamed to <data dir>/desktop/spool/<uuid>/<name> (free disk space checked first, and a
 * full disk while writing answered clearly), then the file goes through the same queue as a drop.
 * Answers `{ results: EnqueuePathResult[] }` or `{ error: { code, message } }`.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, statfs } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../shared/files/modes';
import { isErrnoException } from '../services/atomicFile';
import { mkdirPrivate } from '../services/privateFiles';
import type { UploadService } from '../services/uploader/uploadService';
import { tokensMatch } from './bridge';
import { WINDOW_NOT_SIGNED_IN } from './windowSession';

export const SPOOL_PATH = '/spool';
export const SPOOL_TOKEN_HEADER = 'x-lexdesk-bridge-token';
export const SPOOL_WINDOW_HEADER = 'x-lexdesk-window';
/** Kept free on the spool's disk beyond the file itself. */
export const SPOOL_DISK_MARGIN_BYTES = 256 * 1024 * 1024;

export interface SpoolOptions {
  spoolDir: string;
  bridgeToken: string;
  /** Whether a window key is the signed-in window's (uploads are sent with its session). */
  isSignedInWindow: (key: string | null) => boolean;
  uploads: () => UploadService | undefined;
  /** Free bytes on the disk holding `dir` (statfs by default; tests may pretend). */
  freeBytes?: (dir: string) => Promise<number>;
  /** Bytes kept free beyond the file (default SPOOL_DISK_MARGIN_BYTES). */
  marginBytes?: number;
}

function answer(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * A refusal, often sent before the body was read: the connection closes after it, so the client
 * does not send its next request on a socket still full of this one's unread bytes.
 */
const refuse = (res: ServerResponse, status: number, code: string, message: string): void => {
  if (!res.headersSent) res.setHeader('Connection', 'close');
  answer(res, status, { error: { code, message } });
};

function megabytes(bytes: number): string {
  return `${Math.ceil(bytes / (1024 * 1024))} MB`;
}

/** A plain file name, or null when it could escape the spool folder or is not a name at all. */
export function safeSpoolName(raw: string | null): string | null {
  if (raw === null) return null;
  const name = raw.normalize('NFC').trim();
  if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return null;
  if (Buffer.byteLength(name) > 255) return null;
  return name;
}

async function statfsFree(dir: string): Promise<number> {
  const facts = await statfs(dir);
  return facts.bavail * facts.bsize;
}

export async function handleSpool(
  req: IncomingMessage,
  res: ServerResponse,
  options: SpoolOptions,
): Promise<void> {
  if (req.method !== 'POST') {
    res.setHeader('Allow', 'POST');
    return refuse(res, 405, 'METHOD_NOT_ALLOWED', 'Send the file with POST.');
  }
  const given = req.headers[SPOOL_TOKEN_HEADER];
  if (!tokensMatch(options.bridgeToken, typeof given === 'string' ? given : null)) {
    return refuse(res, 401, 'UNAUTHORIZED', 'The bridge token is missing or wrong.');
  }
  const window = req.headers[SPOOL_WINDOW_HEADER];
  if (!options.isSignedInWindow(typeof window === 'string' ? window : null)) {
    return refuse(res, 401, WINDOW_NOT_SIGNED_IN.code, WINDOW_NOT_SIGNED_IN.message);
  }
  const uploads = options.uploads();
  if (!uploads) return refuse(res, 503, 'UPLOADS_UNAVAILABLE', 'Uploads are not available.');
  const url = new URL(req.url ?? '/', 'http://host.invalid');
  const name = safeSpoolName(url.searchParams.get('name'));
  const companyId = url.searchParams.get('company_id') ?? '';
  if (!name) return refuse(res, 400, 'INVALID_NAME', 'The file name is missing or not allowed.');
  if (companyId === '') return refuse(res, 400, 'INVALID_INPUT', 'company_id is required.');
  const length = Number(req.headers['content-length'] ?? NaN);
  if (!Number.isSafeInteger(length) || length < 0) {
    return refuse(res, 411, 'LENGTH_REQUIRED', 'Send the file size (Content-Length).');
  }
  await mkdirPrivate(options.spoolDir);
  const free = await (options.freeBytes ?? statfsFree)(options.spoolDir);
  const margin = options.marginBytes ?? SPOOL_DISK_MARGIN_BYTES;
  if (length + margin > free) {
    return refuse(
      res,
      507,
      'SPOOL_DISK_FULL',
      `Not enough disk space to take ${name}: it needs ${megabytes(length)} plus ${megabytes(margin)} to spare, and ${megabytes(free)} is free.`,
    );
  }
  const dir = path.join(options.spoolDir, randomUUID());
  const file = path.join(dir, name);
  await mkdir(dir, { mode: PRIVATE_DIR_MODE });
  try {
    await pipeline(req, createWriteStream(file, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    if (isErrnoException(error) && error.code === 'ENOSPC') {
      return refuse(
        res,
        507,
        'SPOOL_DISK_FULL',
        `The disk filled up while taking ${name}. Free some space and drop it again.`,
      );
    }
    if (!res.headersSent && !res.destroyed)
      refuse(res, 400, 'SPOOL_INCOMPLETE', `${name} did not arrive completely.`);
    return;
  }
  const results = await uploads.enqueuePaths({
    paths: [file],
    companyId,
    source: 'drop',
    allowDuplicate: url.searchParams.get('allow_duplicate') === 'true',
  });
  if (results.every((result) => result.status !== 'queued'))
    await rm(dir, { recursive: true, force: true });
  answer(res, 200, {
    results: results.map((result) => ({
      ...result,
      path: name,
      code: result.status === 'rejected' ? result.code : null,
      message: result.status === 'rejected' ? result.message : null,
    })),
  });
}
