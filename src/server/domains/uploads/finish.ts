/**
 * What happens when a tus upload has all its bytes: check the content type (first and last bytes,
 * as /files/upload does: a PDF must also end like one) and the SHA-256 registered with the raw
 * file, store the bytes, and move the raw file to Uploaded, or to Uploading_Failed with the reason
 * in its log. When the company already has the same bytes in another raw file (two idempotency
 * keys, two machines), this one is removed as its duplicate: its bytes are not kept, nothing is
 * processed.
 */
import { open } from 'node:fs/promises';
import { type ErrorCode } from '../../../shared/errors';
import { checkFile, TAIL_BYTES } from '../../../shared/files/fileTypes';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { RawFileRow } from '../../db/schema';
import type { Viewer } from '../../permissions';
import type { Services } from '../../services';
import type { UploadAlerts } from './alerts';
import { sha256OfFile } from '../files/hash';

/** Enough of the head for every signature checkFile knows (zip/OLE directories included). */
const HEAD_BYTES = 64 * 1024;

/** The file's first HEAD_BYTES and last TAIL_BYTES, by positioned reads (never the whole file). */
async function readEnds(path: string): Promise<{ head: Uint8Array; tail: Uint8Array }> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const readAt = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      let filled = 0;
      while (filled < length) {
        const { bytesRead } = await handle.read(buffer, filled, length - filled, position + filled);
        if (bytesRead === 0) break;
        filled += bytesRead;
      }
      return buffer.subarray(0, filled);
    };
    const head = await readAt(0, Math.min(HEAD_BYTES, size));
    const tailStart = Math.max(0, size - TAIL_BYTES);
    return { head, tail: await readAt(tailStart, size - tailStart) };
  } finally {
    await handle.close();
  }
}

/** A refusal the final PATCH answers with: status and {error:{code,message}}. */
export class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly reason: string,
  ) {
    super(reason);
  }
}

export interface FinishDeps {
  services: Services;
  alerts: UploadAlerts;
}

export interface FinishResult {
  row: RawFileRow;
  /** Set when the bytes were already stored in this raw file: `row` was removed, not processed. */
  duplicateOf?: RawFileRow;
}

export async function finishUpload(
  { services, alerts }: FinishDeps,
  viewer: Viewer,
  file: RawFileRow,
  source: { path: string; sha256?: string | undefined },
): Promise<FinishResult> {
  const sourcePath = source.path;
  async function fail(refusal: UploadRefused): Promise<UploadRefused> {
    const failed = await services.rawFiles.change(
      viewer,
      file.id,
      { status: RAW_FILE_STATUS.failed },
      'upload_failed',
    );
    await services.rawFiles.addLog(viewer, {
      raw_file_id: file.id,
      field: 'upload_error',
      original_value: null,
      updated_value: refusal.reason,
      action_type: 'upload_failed',
    });
    await services.rawFiles.recordUpload(viewer, failed, refusal.reason);
    alerts.failure(`Upload failed: ${file.name} (${refusal.reason})`);
    return refusal;
  }

  const ends = await readEnds(sourcePath);
  const check = checkFile(file.name, ends.head, undefined, ends.tail);
  if (!check.ok)
    throw await fail(
      new UploadRefused(
        415,
        'INVALID_FILE_TYPE',
        check.detail ?? 'content is not an accepted type matching the name',
      ),
    );
  // Hashed while the bytes arrived when it could be; otherwise read back from disk.
  const sha256 = source.sha256 ?? (await sha256OfFile(sourcePath));
  if (file.sha256 && file.sha256 !== sha256)
    throw await fail(
      new UploadRefused(
        422,
        'UPLOAD_FILE_FAILED',
        `sha256 mismatch: registered ${file.sha256}, received ${sha256}`,
      ),
    );
  const stored = await services.files.storeChecked(viewer, {
    companyId: file.company_id,
    sourcePath,
    name: file.name,
    mime: check.mime,
    size: file.size,
    sha256,
  });
  try {
    const result = await services.rawFiles.finishUpload(
      viewer,
      file.id,
      sha256,
      {
        status: RAW_FILE_STATUS.uploaded,
        url: stored.path,
        s3_key: stored.file.key,
        mime: check.mime,
      },
      (current) => {
        if (current.status !== RAW_FILE_STATUS.uploading)
          throw new UploadRefused(409, 'UPLOAD_FILE_FAILED', `raw file is ${current.status}`);
      },
    );
    const by = result.row.uploaded_by_email ?? viewer.user.email;
    await services.rawFiles.recordUpload(viewer, result.row);
    if (result.duplicateOf) {
      await services.files.discard(stored).catch(() => undefined);
      alerts.success(
        `Uploaded: ${file.name} (${file.size} bytes) by ${by}, the same content as ${result.duplicateOf.name}: not processed again`,
      );
    } else {
      alerts.success(`Uploaded: ${file.name} (${file.size} bytes) by ${by}`);
    }
    return result;
  } catch (error) {
    await services.files.discard(stored).catch(() => undefined);
    throw error;
  }
}
