/**
 * A small tus 1.0.0 client for Node (constant memory): fetch for POST/HEAD, node:http for the
 * streamed PATCH: create an upload,
 * ask its offset, send the file from that offset. `sendFile` ties them together: resume a stored
 * upload URL (HEAD), or create one; a 409 (offset mismatch) re-HEADs; a 404/410 (expired or
 * unknown upload) creates a new upload once and reports the new URL through `onUrl`.
 */
import { errorFromResponse, errorFromThrown, UploadError } from './errors';
import { streamPatch } from './tusPatch';

const TUS_VERSION = '1.0.0';

export interface TusAuth {
  token: string;
  /** Milliseconds without any answer (or, for PATCH, without bytes moving) before giving up. */
  timeoutMs: number;
  signal?: AbortSignal;
  fetch?: typeof fetch;
}

export interface TusOffset {
  offset: number;
  length: number | null;
}

function headers(auth: TusAuth, extra: Record<string, string> = {}): Record<string, string> {
  return { 'Tus-Resumable': TUS_VERSION, Authorization: `Bearer ${auth.token}`, ...extra };
}

/** tus Upload-Metadata: `key base64(value)` pairs joined by commas. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

function signals(auth: TusAuth, extra: AbortSignal): AbortSignal {
  return auth.signal ? AbortSignal.any([auth.signal, extra]) : extra;
}

async function call(url: string, init: RequestInit, auth: TusAuth): Promise<Response> {
  const signal = signals(auth, AbortSignal.timeout(auth.timeoutMs));
  try {
    return await (auth.fetch ?? fetch)(url, { ...init, signal });
  } catch (error) {
    throw errorFromThrown(error, auth.signal);
  }
}

function expiredOr(response: Response): UploadError | null {
  return response.status === 404 || response.status === 410
    ? new UploadError(
        'expired',
        'UPLOAD_EXPIRED',
        'The server no longer has this upload.',
        response.status,
      )
    : null;
}

function intHeader(response: Response, name: string): number | null {
  const value = response.headers.get(name);
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/** POST (creation extension): returns the absolute upload URL. */
export async function createUpload(
  endpoint: string,
  size: number,
  metadata: Record<string, string>,
  auth: TusAuth,
): Promise<string> {
  const response = await call(
    endpoint,
    {
      method: 'POST',
      headers: headers(auth, {
        'Upload-Length': String(size),
        'Upload-Metadata': encodeMetadata(metadata),
      }),
    },
    auth,
  );
  if (response.status !== 201)
    throw await errorFromResponse(response, 'Failed to start the upload.');
  const location = response.headers.get('location');
  if (!location) {
    throw new UploadError(
      'transient',
      'TUS_NO_LOCATION',
      'The server did not say where to upload.',
    );
  }
  await response.body?.cancel();
  return new URL(location, endpoint).toString();
}

/** HEAD: where the server's copy ends. Throws `expired` on 404/410. */
export async function getOffset(url: string, auth: TusAuth): Promise<TusOffset> {
  const response = await call(url, { method: 'HEAD', headers: headers(auth) }, auth);
  const expired = expiredOr(response);
  if (expired) throw expired;
  if (!response.ok) throw await errorFromResponse(response, 'Failed to resume the upload.');
  const offset = intHeader(response, 'upload-offset');
  if (offset === null) {
    throw new UploadError(
      'transient',
      'TUS_NO_OFFSET',
      'The server did not report the upload offset.',
    );
  }
  return { offset, length: intHeader(response, 'upload-length') };
}

export interface PatchOptions extends TusAuth {
  filePath: string;
  offset: number;
  size: number;
  /** Total bytes the server has (offset + bytes sent so far), called as chunks leave. */
  onProgress?: (serverBytes: number) => void;
  /** Read size of the file stream; 1 MiB by default. */
  chunkBytes?: number;
}

/** PATCH the file from `offset` to the end in one streamed request; returns the new offset. */
export async function patchFrom(url: string, options: PatchOptions): Promise<number> {
  const idle = new AbortController();
  let timer = setTimeout(() => idle.abort(), options.timeoutMs);
  const touch = (): void => {
    clearTimeout(timer);
    timer = setTimeout(() => idle.abort(), options.timeoutMs);
  };
  try {
    const answer = await streamPatch(url, {
      ...options,
      signal: signals(options, idle.signal),
      onChunk: touch,
      headers: headers(options, {
        'Upload-Offset': String(options.offset),
        'Content-Type': 'application/offset+octet-stream',
        'Content-Length': String(options.size - options.offset),
      }),
    });
    const response = new Response(answer.body || null, { status: answer.status });
    const expired = expiredOr(response);
    if (expired) throw expired;
    if (answer.status === 409) {
      throw new UploadError(
        'conflict',
        'TUS_OFFSET_MISMATCH',
        'The upload offset did not match.',
        409,
      );
    }
    if (answer.status !== 204 && answer.status !== 200) {
      throw await errorFromResponse(response, 'Failed to send the file.');
    }
    if (answer.offset === null) {
      throw new UploadError(
        'transient',
        'TUS_NO_OFFSET',
        'The server did not report the upload offset.',
      );
    }
    return answer.offset;
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (idle.signal.aborted && !options.signal?.aborted) {
      throw new UploadError('transient', 'TIMEOUT', 'The server stopped taking the file in time.');
    }
    throw errorFromThrown(error, options.signal);
  } finally {
    clearTimeout(timer);
  }
}

export interface SendFileOptions extends Omit<PatchOptions, 'offset'> {
  /** `<server>/uploads`. */
  endpoint: string;
  /** A stored upload URL to resume, or null to create one. */
  uploadUrl: string | null;
  metadata: Record<string, string>;
  /** Told about a new upload URL before any byte is sent (store it). */
  onUrl: (url: string) => void | Promise<void>;
  /** Told the offset the server had when sending (re)started. */
  onResume?: (offset: number) => void;
}

export interface SendFileResult {
  url: string;
  /** True when the server already had every byte before this call sent any (lost answer). */
  alreadyComplete: boolean;
}

const MAX_ROUNDS = 5;

export async function sendFile(options: SendFileOptions): Promise<SendFileResult> {
  let url = options.uploadUrl;
  let recreated = false;
  let sentAny = false;
  const create = async (): Promise<string> => {
    const created = await createUpload(options.endpoint, options.size, options.metadata, options);
    await options.onUrl(created);
    return created;
  };
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    try {
      let offset = 0;
      if (url === null) url = await create();
      else offset = (await getOffset(url, options)).offset;
      if (offset >= options.size) return { url, alreadyComplete: !sentAny };
      options.onResume?.(offset);
      sentAny = true;
      const end = await patchFrom(url, { ...options, offset });
      if (end >= options.size) return { url, alreadyComplete: false };
    } catch (error) {
      if (!(error instanceof UploadError)) throw error;
      if (error.kind === 'conflict') continue;
      if (error.kind === 'expired' && !recreated) {
        recreated = true;
        url = null;
        continue;
      }
      throw error;
    }
  }
  throw new UploadError(
    'transient',
    'TUS_NO_PROGRESS',
    'The upload made no progress; it will be tried again.',
  );
}
