/**
 * PATCH /uploads/:id straight from the Node request into the store. @tus/server turns the request
 * into a web Request and its body back into a Node stream through two more streams; for large
 * uploads that detour costs as much CPU as the write itself. This path checks, before reading a
 * byte, everything tus's server and PatchHandler check; anything but the plain happy path (a bad or
 * unusual header, an unknown, foreign or expired upload, a wrong offset, a busy lock, a body that
 * cannot fit) goes untouched to tus, so every refusal is tus's own answer. It shares tus's locker
 * and honours lock release requests as tus does, and answers, finishes and maps faults the same way.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ERRORS, EXPOSED_HEADERS, TUS_RESUMABLE, type Upload } from '@tus/server';
import type { Viewer } from '../../permissions';
import { UPLOADS_PATH } from './constants';
import type { TusEndpoint, TusReply } from './tus';

export type PatchEndpoint = Pick<
  TusEndpoint,
  'server' | 'store' | 'locker' | 'canSee' | 'finish' | 'errorReply'
>;

/** Upload ids this path takes (tus's FileStore makes hex ids); any other URL goes to tus. */
const UPLOAD_URL = new RegExp(`^${UPLOADS_PATH}/([A-Za-z0-9_-]+)$`);
/** Headers tus validates (validators/HeaderValidator.js) ... */
const VALIDATED = new Set([
  'upload-offset',
  'upload-length',
  'upload-defer-length',
  'upload-metadata',
  'x-forwarded-proto',
  'tus-version',
  'tus-resumable',
  'content-type',
  'upload-concat',
]);
/** ... and those a plain PATCH may carry; with any other of them, tus answers. */
const PLAIN = new Set(['upload-offset', 'tus-resumable', 'content-type', 'x-forwarded-proto']);
const DEFAULT_LOCK_DRAIN_MS = 3000;

/** Tus's rule for Upload-Offset and Upload-Length: a non-negative integer, written plainly. */
const isCount = (value: string) => {
  const n = Number(value);
  return Number.isInteger(n) && String(n) === value && n >= 0;
};

/** The offset of a PATCH whose tus headers are all plain and valid, else undefined. */
function plainOffset(req: IncomingMessage): number | undefined {
  // As tus sees them: repeated headers joined with ", " (srvx appends rawHeaders).
  const seen = new Map<string, string>();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = (req.rawHeaders[i] ?? '').toLowerCase();
    if (!VALIDATED.has(name)) continue;
    if (!PLAIN.has(name)) return undefined;
    const before = seen.get(name);
    const value = req.rawHeaders[i + 1] ?? '';
    seen.set(name, before === undefined ? value : `${before}, ${value}`);
  }
  const proto = seen.get('x-forwarded-proto');
  const offset = seen.get('upload-offset');
  if (seen.get('tus-resumable') !== TUS_RESUMABLE) return undefined;
  if (seen.get('content-type') !== 'application/offset+octet-stream') return undefined;
  if (proto !== undefined && proto !== 'http' && proto !== 'https') return undefined;
  return offset !== undefined && isCount(offset) ? Number(offset) : undefined;
}

/** PatchHandler's checks under the lock; the body limit when all pass, else undefined. */
function bodyLimit(
  req: IncomingMessage,
  upload: Upload,
  offset: number,
  expiryMs: number,
): number | undefined {
  const now = Date.now();
  const created = upload.creation_date ? new Date(upload.creation_date).getTime() : now;
  if (expiryMs > 0 && now > created + expiryMs) return undefined; // 410
  if (upload.offset !== offset || upload.size === undefined) return undefined; // 409, deferred
  const declared = req.headers['content-length'];
  if (declared === undefined) return upload.size - offset;
  const length = Number.parseInt(declared, 10);
  return offset + length > upload.size ? undefined : length; // 413 before reading
}

/** Writes the answer as tus's server does (srvx: lower-case sorted names, empty status text). */
function send(res: ServerResponse, status: number, fields: Record<string, string>, body?: string) {
  const response = new Response(body ?? null, { status, headers: fields });
  if (body !== undefined) response.headers.set('Content-Length', String(Buffer.byteLength(body)));
  const raw: string[] = [];
  for (const [name, value] of response.headers) raw.push(name, value);
  if (res.headersSent) return;
  res.writeHead(status, '', raw);
  res.end(body);
}

/** server.js's answer for an error: the thrown status and body, unless onResponseError maps it. */
function errorAnswer(endpoint: PatchEndpoint, thrown: unknown): TusReply {
  const error =
    thrown instanceof Error ||
    (typeof thrown === 'object' && thrown !== null && 'status_code' in thrown)
      ? (thrown as Error | TusReply)
      : new Error(String(thrown));
  const fields = error as Partial<TusReply> & { message?: string };
  return (
    endpoint.errorReply(error) ?? {
      status_code: fields.status_code || ERRORS.UNKNOWN_ERROR.status_code,
      body: fields.body || `${ERRORS.UNKNOWN_ERROR.body}${fields.message || ''}\n`,
    }
  );
}

export async function patchUpload(
  req: IncomingMessage,
  res: ServerResponse,
  viewer: Viewer,
  endpoint: PatchEndpoint,
): Promise<void> {
  const { server, store, locker } = endpoint;
  const delegate = () => server.handle(req, res);
  const { allowedOrigins, exposedHeaders, allowedCredentials } = server.options;
  if (allowedOrigins || exposedHeaders?.length || allowedCredentials) return delegate();
  const id = UPLOAD_URL.exec(req.url ?? '')?.[1];
  const offset = plainOffset(req);
  if (!id || UPLOADS_PATH.includes(id) || offset === undefined) return delegate();
  const known = await store.getUpload(id).catch(() => undefined);
  if (!known || !(await endpoint.canSee(viewer, known).catch(() => false))) return delegate();
  // Busy: tus asks the holder to let go and waits for it, as it would anyway.
  if (locker.locks.has(id)) return delegate();

  // Aborted when the body must stop: a lock release request (after the drain time) or a lost client.
  const stop = new AbortController();
  let drain: NodeJS.Timeout | undefined;
  const lock = locker.newLock(id);
  const drainMs = server.options.lockDrainTimeout ?? DEFAULT_LOCK_DRAIN_MS;
  const requestRelease = () => {
    drain ??= setTimeout(() => stop.abort(), drainMs);
  };
  const taken = await lock.lock(new AbortController().signal, requestRelease).then(
    () => true,
    () => false,
  );
  if (!taken) return delegate();
  let upload: Upload | undefined;
  let limit: number | undefined;
  try {
    upload = await store.getUpload(id);
    limit = bodyLimit(req, upload, offset, store.getExpiration());
  } catch {
    limit = undefined;
  }
  if (!upload || limit === undefined || drain || req.destroyed) {
    clearTimeout(drain);
    await lock.unlock();
    return delegate();
  }

  const gone = () => stop.abort();
  req.on('error', gone);
  const fields: Record<string, string> = {
    'Tus-Resumable': TUS_RESUMABLE,
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': EXPOSED_HEADERS,
  };
  try {
    let written: number;
    try {
      written = await store.write(req, id, offset, { limit, stop: stop.signal });
    } finally {
      clearTimeout(drain);
      await lock.unlock();
    }
    upload.offset = written;
    const answer: Record<string, string> = { ...fields, 'Upload-Offset': String(written) };
    if (written === upload.size) await endpoint.finish(viewer, upload);
    const expiryMs = store.getExpiration();
    if (expiryMs > 0 && upload.creation_date && written < (upload.size ?? Infinity)) {
      const expires = new Date(new Date(upload.creation_date).getTime() + expiryMs);
      answer['Upload-Expires'] = expires.toUTCString();
    }
    // tus closes the connection of a request it stopped.
    if (stop.signal.aborted) answer.Connection = 'close';
    send(res, 204, answer);
  } catch (error) {
    const { status_code, body } = errorAnswer(endpoint, error);
    send(res, status_code, { ...fields, Connection: 'close' }, body);
  } finally {
    req.off('error', gone);
  }
}
