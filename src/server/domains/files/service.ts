/** File rules: validate by content and name, store per company, serve to those allowed. */
import { createHash, randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError } from '../../../shared/errors';
import { checkFile, type AcceptedFileType } from '../../../shared/files/fileTypes';
import type { StoredFileRow } from '../../db/schema';
import { isUuid } from '../../errors';
import { canUploadFor, type Viewer } from '../../permissions';
import type { FileRepository } from './repository';
import { FILE_PATH_PREFIX, type FileUrlSigner } from './signer';
import type { FileStorage } from './storage';

export interface UploadRequest {
  name: string;
  bytes: Uint8Array;
  /** Defaults to the caller's own company. */
  companyId?: string;
  /** Defaults to every type the spec accepts. */
  allowed?: readonly AcceptedFileType[];
}

export interface StoredUpload {
  file: StoredFileRow;
  /** The stable reference kept in rows such as company.icon_url: /files/<key>. */
  path: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export function createFileService(
  repo: FileRepository,
  storage: FileStorage,
  signer: FileUrlSigner,
) {
  /** The file-type check (by content and name), then the bytes and their stored_file row. */
  async function store(
    companyId: string,
    uploadedBy: string | null,
    request: Omit<UploadRequest, 'companyId'>,
  ): Promise<StoredUpload> {
    const check = checkFile(request.name, request.bytes, request.allowed);
    if (!check.ok) throw new AppError(check.code, 400);
    const key = randomBytes(24).toString('base64url');
    await storage.put(companyId, key, request.bytes);
    try {
      const file = await repo.insert({
        key,
        company_id: companyId,
        uploaded_by: uploadedBy,
        content_type: check.mime,
        size: request.bytes.length,
        sha256: createHash('sha256').update(request.bytes).digest('hex'),
        original_name: Array.from(request.name).slice(0, 255).join(''),
      });
      return { file, path: `${FILE_PATH_PREFIX}${key}` };
    } catch (error) {
      await storage.remove(companyId, key).catch(() => undefined);
      throw error;
    }
  }

  return {
    signer,

    async upload(viewer: Viewer, request: UploadRequest): Promise<StoredUpload> {
      const companyId = request.companyId ?? viewer.user.company_id;
      if (!isUuid(companyId) || !canUploadFor(viewer, companyId))
        throw new AppError('NO_COMPANY', 404);
      return store(companyId, viewer.user.id, request);
    },

    /**
     * Checks and stores an upload of someone who is not a user (a chat guest, for their room's
     * company, uploaded_by null). The caller has already decided that they may store it there.
     */
    storeForGuest(companyId: string, request: Omit<UploadRequest, 'companyId'>) {
      return store(companyId, null, request);
    },

    /**
     * Stores a file already received and checked elsewhere (a finished tus upload) for a company
     * the caller may upload for.
     */
    async storeChecked(
      viewer: Viewer,
      file: {
        companyId: string;
        sourcePath: string;
        name: string;
        mime: string;
        size: number;
        sha256: string;
      },
    ): Promise<StoredUpload> {
      if (!canUploadFor(viewer, file.companyId)) throw new AppError('NO_COMPANY', 404);
      const key = randomBytes(24).toString('base64url');
      await storage.putFile(file.companyId, key, file.sourcePath);
      try {
        const row = await repo.insert({
          key,
          company_id: file.companyId,
          uploaded_by: viewer.user.id,
          content_type: file.mime,
          size: file.size,
          sha256: file.sha256,
          original_name: Array.from(file.name).slice(0, 255).join(''),
        });
        return { file: row, path: `${FILE_PATH_PREFIX}${key}` };
      } catch (error) {
        await storage.remove(file.companyId, key).catch(() => undefined);
        throw error;
      }
    },

    /** Removes the bytes of a stored file whose row the caller has already deleted. */
    removeBytes(companyId: string, key: string): Promise<void> {
      return storage.remove(companyId, key);
    },

    /** Removes an upload whose follow-up step (e.g. setting the icon) failed. */
    async discard(upload: StoredUpload): Promise<void> {
      await repo.remove(upload.file.key);
      await storage.remove(upload.file.company_id, upload.file.key);
    },

    /**
     * Opens a stored file for a caller who may read it: a valid signed link, or a signed-in
     * viewer of the file's company. Other tenants' keys answer exactly like unknown keys.
     */
    async open(
      viewer: Viewer | undefined,
      key: string,
      link: { expires?: string; sig?: string },
    ): Promise<{ file: StoredFileRow; stream: Readable }> {
      if (!viewer && !link.sig) throw new AppError('NOT_AUTHENTICATED', 401);
      if (!KEY_PATTERN.test(key)) throw new AppError('NOT_FOUND', 404);
      const signed = signer.verify(key, link.expires, link.sig);
      const file = signed
        ? await repo.findByKey(key)
        : viewer
          ? await repo.findVisible(viewer.companyIds, key)
          : undefined;
      if (!file) throw new AppError('NOT_FOUND', 404);
      const stream = await storage.open(file.company_id, file.key);
      if (!stream) throw new AppError('NOT_FOUND', 404);
      return { file, stream };
    },
  };
}

export type FileService = ReturnType<typeof createFileService>;
