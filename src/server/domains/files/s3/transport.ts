/**
 * The HTTP side of the S3 client: builds the URL (path or virtual-hosted style), signs with SigV4
 * (signing.ts), streams the body (bytes, or a local file range re-read on each try), retries
 * network errors and 5xx replies with backoff, and turns error replies into S3Errors.
 */
import { createReadStream } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { pipeline } from 'node:stream/promises';
import { S3Error, errorFromResponse } from './errors';
import { EMPTY_SHA256, UNSIGNED_PAYLOAD, sha256Hex, signRequest, uriEncode } from './signing';

export interface S3ClientOptions {
  /** http(s)://host[:port][/base] of the S3-compatible service. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true (default): http://endpoint/bucket/key; false: http://bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** A request whose socket stays idle this long fails (default 5 minutes). */
  idleTimeoutMs?: number;
  /** Tries per request on network errors and 5xx replies (default 3). */
  maxAttempts?: number;
  /** Wait before the first retry, doubled each time (default 250 ms). */
  retryDelayMs?: number;
}

type Query = ReadonlyArray<readonly [string, string]>;

export interface SendOptions {
  method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'HEAD';
  key?: string;
  query?: Query;
  headers?: Record<string, string>;
  /** The body: bytes, or a range of a local file (streamed, re-read on a retry). */
  body?: Uint8Array | FileRange;
  payloadHash?: string;
}

/** A byte range of a local file, [start, end) — the whole file when omitted. */
export interface FileRange {
  path: string;
  start?: number;
  end: number;
}

/**
 * Host and encoded path of a request: path style puts the bucket first in the path (any endpoint
 * works), virtual-hosted style puts it in the host name (bucket.endpoint-host).
 */
export function requestTarget(
  where: { base: URL; bucket: string; pathStyle: boolean },
  key: string | undefined,
): { host: string; path: string } {
  const basePath = where.base.pathname.replace(/\/+$/, '');
  const keyPath = key === undefined ? '' : `/${uriEncode(key, true)}`;
  if (where.pathStyle)
    return { host: where.base.host, path: `${basePath}/${uriEncode(where.bucket)}${keyPath}` };
  return { host: `${where.bucket}.${where.base.host}`, path: `${basePath}${keyPath}` || '/' };
}

export interface S3Transport {
  readonly bucket: string;
  /** Sends a request; a 2xx reply comes back unread, anything else throws an S3Error. */
  send(request: SendOptions): Promise<IncomingMessage>;
  /** As send, discarding the reply body. */
  sendAndDrain(request: SendOptions): Promise<IncomingMessage>;
  close(): void;
}

export const fileLength = (file: FileRange): number => file.end - (file.start ?? 0);

export function createTransport(options: S3ClientOptions): S3Transport {
  const base = new URL(options.endpoint);
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new Error(`S3 endpoint must be an http(s) URL, got ${options.endpoint}`);
  const pathStyle = options.forcePathStyle ?? true;
  const secure = base.protocol === 'https:';
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const idleTimeoutMs = options.idleTimeoutMs ?? 5 * 60_000;
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  const retryDelayMs = options.retryDelayMs ?? 250;
  const credentials = {
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
  };

  const fileStream = (file: FileRange) =>
    createReadStream(file.path, {
      start: file.start ?? 0,
      end: file.end - 1,
    });

  const target = (key: string | undefined) =>
    requestTarget({ base, bucket: options.bucket, pathStyle }, key);

  async function sendOnce(request: SendOptions): Promise<IncomingMessage> {
    const { host, path } = target(request.key);
    const query = request.query ?? [];
    const bytes = request.body instanceof Uint8Array ? request.body : undefined;
    const file = request.body instanceof Uint8Array ? undefined : request.body;
    const payloadHash =
      request.payloadHash ?? (bytes ? sha256Hex(bytes) : file ? UNSIGNED_PAYLOAD : EMPTY_SHA256);
    const length = bytes ? bytes.length : file ? fileLength(file) : 0;
    const headers: Record<string, string> = {
      host,
      'x-amz-content-sha256': payloadHash,
      ...request.headers,
      ...(request.method === 'PUT' || request.method === 'POST'
        ? { 'content-length': String(length) }
        : {}),
    };
    const signed = signRequest({
      method: request.method,
      path,
      query,
      headers,
      payloadHash,
      credentials,
      region: options.region,
      service: 's3',
      date: new Date(),
    });
    const search = query.map(([name, value]) => `${uriEncode(name)}=${uriEncode(value)}`).join('&');
    const outgoing = (secure ? httpsRequest : httpRequest)({
      protocol: base.protocol,
      hostname: pathStyle ? base.hostname : `${options.bucket}.${base.hostname}`,
      port: base.port || undefined,
      method: request.method,
      path: search ? `${path}?${search}` : path,
      headers: { ...headers, 'x-amz-date': signed.amzDate, authorization: signed.authorization },
      agent,
    });
    outgoing.setTimeout(idleTimeoutMs, () =>
      outgoing.destroy(new Error(`S3 ${request.method} timed out after ${idleTimeoutMs} ms idle`)),
    );
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      outgoing.once('response', resolve);
      outgoing.once('error', reject);
    });
    const source = file && length > 0 ? fileStream(file) : undefined;
    let sending: Promise<unknown> = Promise.resolve(undefined);
    if (source) sending = pipeline(source, outgoing).catch((error: unknown) => error);
    else outgoing.end(bytes);
    const what = `${request.method} ${options.bucket}/${request.key ?? ''}`;
    let reply: IncomingMessage;
    try {
      reply = await response;
    } catch (error) {
      const sendError = await sending;
      // A local file that cannot be read is not worth retrying; a broken connection is.
      if (source?.errored)
        throw new S3Error(
          `S3 ${what}: reading ${file?.path} failed: ${messageOf(source.errored)}`,
          'BodyError',
          0,
        );
      throw new S3Error(`S3 ${what} failed: ${messageOf(sendError ?? error)}`, 'NetworkError', 0);
    }
    const status = reply.statusCode ?? 0;
    if (status >= 300) {
      source?.destroy();
      throw await errorFromResponse(reply, what);
    }
    const sendError = await sending;
    if (sendError !== undefined) {
      reply.resume();
      throw new S3Error(
        `S3 ${what}: sending the body failed: ${messageOf(sendError)}`,
        'BodyError',
        0,
      );
    }
    return reply;
  }

  /** sendOnce, retried with backoff on network errors and 5xx replies. */
  async function send(request: SendOptions): Promise<IncomingMessage> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await sendOnce(request);
      } catch (error) {
        const retryable =
          error instanceof S3Error &&
          (error.code === 'NetworkError' || error.status >= 500) &&
          attempt < maxAttempts;
        if (!retryable) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 1)));
      }
    }
  }

  async function sendAndDrain(request: SendOptions): Promise<IncomingMessage> {
    const reply = await send(request);
    reply.resume();
    return reply;
  }

  return {
    bucket: options.bucket,
    send,
    sendAndDrain,
    close: () => agent.destroy(),
  };
}

const messageOf = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);
