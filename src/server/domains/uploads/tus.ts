/**
 * The tus 1.0.0 endpoint (@tus/server over a FileStore in <DATA_DIR>/uploads-incomplete), with the
 * upload contract's rules: the caller must see the raw file named in Upload-Metadata (raw_file_id),
 * it must be Uploading, and Upload-Length must equal its registered size. Other tenants' uploads
 * answer like unknown ones. Finished uploads are checked and stored by finish.ts. Most PATCHes take
 * the fast path in patch.ts, which shares this store, locker and these hooks.
 */
import { join } from 'node:path';
import { MemoryLocker, Server, type ServerOptions, type Upload } from '@tus/server';
import { AppError, formatError, type ErrorCode } from '../../../shared/errors';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { ServerConfig } from '../../config';
import { serverOrigin, type Listening } from '../../http/origin';
import { isUuid } from '../../errors';
import type { Viewer } from '../../permissions';
import type { Services } from '../../services';
import type { UploadAlerts } from './alerts';
import { UPLOADS_PATH } from './constants';
import { finishUpload, UploadRefused } from './finish';
import { HashingFileStore } from './hashingStore';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

/** What a hook throws to make tus answer with this status and a JSON error body. */
export interface TusReply {
  status_code: number;
  body: string;
}

/** Exactly tus's own answer for an unknown upload id. */
const UNKNOWN_UPLOAD: TusReply = {
  status_code: 404,
  body: 'The file for this url was not found\n',
};

/** {error:{code, message}} with the code's catalogue message; `issue` explains bad input. */
function reply(
  status: number,
  code: ErrorCode,
  issue?: { path: string; message: string },
): TusReply {
  const error = { code, message: formatError(code), ...(issue ? { issues: [issue] } : {}) };
  return { status_code: status, body: JSON.stringify({ error }) };
}

export interface TusEndpoint {
  server: Server;
  /** Viewers of requests authenticated before they were handed to tus. */
  viewers: WeakMap<object, Viewer>;
  /** Removes expired incomplete uploads and finished ones past the expiry; returns how many. */
  cleanUp(): Promise<number>;
  /** What the fast PATCH path (patch.ts) shares with the tus server. */
  store: HashingFileStore;
  locker: MemoryLocker;
  /** onIncomingRequest's rule: may this viewer touch this (existing) upload? */
  canSee(viewer: Viewer, upload: Upload): Promise<boolean>;
  /** onUploadFinish: check and store the complete upload (throws a TusReply when refused). */
  finish(viewer: Viewer, upload: Upload): Promise<Record<string, never>>;
  /** onResponseError: tus's own answer for `error`, or undefined to keep it. */
  errorReply(error: Error | TusReply): TusReply | undefined;
}

export function createTusEndpoint(deps: {
  services: Services;
  config: ServerConfig;
  alerts: UploadAlerts;
  log: { error(details: object, message: string): void };
  onUploaded?: ((rawFileId: string) => void) | undefined;
  /** Where the server listens (`server.address()`), for upload URLs of a closed connection. */
  listening: () => Listening;
}): TusEndpoint {
  const { services, config } = deps;
  const directory = join(config.dataDir, 'uploads-incomplete');
  const expiryMs = config.uploadExpirationSeconds * 1000;
  const store = new HashingFileStore({ directory, expirationPeriodInMilliseconds: expiryMs });
  const viewers = new WeakMap<object, Viewer>();
  // One locker for tus and the fast PATCH path, so they exclude each other on an upload.
  const locker = new MemoryLocker();

  function viewerOf(req: TusRequest): Viewer {
    const raw = req.runtime?.node?.req;
    const viewer = raw ? viewers.get(raw) : undefined;
    if (!viewer) throw reply(401, 'NOT_AUTHENTICATED');
    return viewer;
  }

  async function visibleRawFile(viewer: Viewer, id: unknown) {
    if (typeof id !== 'string' || !isUuid(id)) return undefined;
    // Missing and invisible alike; a server fault stays a fault (500), never "unknown upload".
    return services.rawFiles.get(viewer, id).catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return undefined;
      throw error;
    });
  }

  async function canSee(viewer: Viewer, upload: Upload): Promise<boolean> {
    return (await visibleRawFile(viewer, upload.metadata?.raw_file_id)) !== undefined;
  }

  async function finish(viewer: Viewer, upload: Upload): Promise<Record<string, never>> {
    const file = await visibleRawFile(viewer, upload.metadata?.raw_file_id);
    if (!file) throw UNKNOWN_UPLOAD;
    // An empty PATCH at the end re-runs this (e.g. after a lost answer or a server fault).
    if (file.status === RAW_FILE_STATUS.uploaded) return {};
    if (file.status !== RAW_FILE_STATUS.uploading) throw reply(409, 'UPLOAD_FILE_FAILED');
    try {
      const result = await finishUpload(deps, viewer, file, {
        path: join(directory, upload.id),
        sha256: await store.takeDigest(upload.id, file.size),
      });
      // A duplicate's bytes are the stored copy's, already processed (or on their way).
      if (!result.duplicateOf) deps.onUploaded?.(file.id);
      return {};
    } catch (error) {
      if (error instanceof UploadRefused) throw reply(error.status, error.code);
      throw error;
    }
  }

  function errorReply(error: Error | TusReply): TusReply | undefined {
    // tus's own size refusal, worded like every other upload route's.
    if ('status_code' in error && error.status_code === 413) return reply(413, 'FILE_TOO_LARGE');
    if (error instanceof Error) {
      // Not a protocol answer: a fault (database, disk). Logged, and answered with the catalogue's words.
      deps.log.error({ err: error }, 'tus upload request failed');
      return reply(500, 'UPLOAD_FILE_FAILED');
    }
    return undefined;
  }

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: store,
    locker,
    relativeLocation: false,
    // The public or listening origin, as file links use (never the Host header: origin.ts).
    generateUrl: (req, { path, id }) =>
      `${serverOrigin(config.publicUrl, req.runtime?.node?.req.socket ?? {}, deps.listening())}${path}/${id}`,
    respectForwardedHeaders: false,
    maxSize: config.rawFileMaxBytes,
    async onUploadCreate(req, upload) {
      const viewer = viewerOf(req);
      const rawFileId = upload.metadata?.raw_file_id;
      if (!rawFileId)
        throw reply(400, 'INVALID_INPUT', {
          path: 'Upload-Metadata',
          message: 'Upload-Metadata must carry raw_file_id.',
        });
      const file = await visibleRawFile(viewer, rawFileId);
      if (!file) throw reply(404, 'NOT_FOUND');
      if (file.status !== RAW_FILE_STATUS.uploading)
        throw reply(409, 'INVALID_INPUT', {
          path: 'raw_file_id',
          message: `This raw file is not waiting for bytes (status ${file.status}).`,
        });
      if (upload.size !== file.size)
        throw reply(400, 'INVALID_INPUT', {
          path: 'Upload-Length',
          message: `Upload-Length must equal the raw file's size (${file.size}).`,
        });
      return { metadata: { ...upload.metadata, company_id: file.company_id } };
    },
    async onIncomingRequest(req, uploadId) {
      const viewer = viewerOf(req);
      const upload = await store.getUpload(uploadId).catch(() => undefined);
      if (!upload) return; // tus answers 404/410 itself
      if (!(await canSee(viewer, upload))) throw UNKNOWN_UPLOAD;
    },
    onUploadFinish: async (req, upload) => finish(viewerOf(req), upload),
    onResponseError: (_req, error) => errorReply(error),
  });

  async function cleanUp(): Promise<number> {
    let removed = await store.deleteExpired();
    const now = Date.now();
    for (const id of (await store.configstore.list?.()) ?? []) {
      // The offset of a FileStore upload is its data file's size, so ask the store, not the config.
      const upload = await store.getUpload(id).catch(() => undefined);
      const created = upload?.creation_date ? Date.parse(upload.creation_date) : NaN;
      if (upload && upload.size === upload.offset && now - created > expiryMs) {
        await store.remove(id).catch(() => undefined);
        removed += 1;
      }
    }
    return removed;
  }

  return { server, viewers, cleanUp, store, locker, canSee, finish, errorReply };
}
