/**
 * FileStorage on an S3-compatible bucket: objects at `<prefix><companyId>/<key>`. Files are streamed
 * from disk (one PUT up to the part size, multipart above it, so 10 GiB raw files fit under S3's
 * 5 GiB single-PUT limit); localCopy downloads to a temp file for tools that need a path.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PRIVATE_FILE_MODE } from '../../../../shared/files/modes';
import { mkdirPrivate } from '../../../privateFiles';
import type { FileStorage } from '../storage';
import type { FileRange, S3Client } from './client';

const MiB = 1024 * 1024;
/** S3's own bounds: parts of at least 5 MiB (but the last) and at most 10,000 parts. */
const MIN_PART_SIZE = 5 * MiB;
const MAX_PARTS = 10_000;
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

export interface S3StorageOptions {
  client: S3Client;
  /** Key prefix inside the bucket ('' or e.g. 'lexdesk/prod'); a trailing '/' is added. */
  prefix?: string;
  /** Where localCopy writes its temporary files (a disk with room for the largest raw file). */
  tempDir: string;
  /** Files larger than this go up in parts of this size (default 64 MiB, at least 5 MiB). */
  partSize?: number;
  /** Hash each file (or part) before sending instead of UNSIGNED-PAYLOAD; reads it twice. */
  signPayloads?: boolean;
}

export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

async function sha256OfRange(range: FileRange): Promise<string> {
  const hash = createHash('sha256');
  const end = range.end - 1;
  if (end < (range.start ?? 0)) return hash.digest('hex');
  for await (const chunk of createReadStream(range.path, { start: range.start ?? 0, end }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { client } = options;
  const prefix = normalizePrefix(options.prefix);
  const partSize = Math.max(options.partSize ?? 64 * MiB, MIN_PART_SIZE);

  function objectKey(companyId: string, key: string): string {
    if (!SAFE_SEGMENT.test(companyId) || !SAFE_SEGMENT.test(key))
      throw new Error('unsafe storage path segment');
    return `${prefix}${companyId}/${key}`;
  }

  const hashOf = (range: FileRange) =>
    options.signPayloads ? sha256OfRange(range) : Promise.resolve(undefined);

  async function putMultipart(objectName: string, path: string, size: number): Promise<void> {
    // Grow the parts when a file would need more than 10,000 of them.
    const chunk = Math.max(partSize, Math.ceil(size / MAX_PARTS));
    const uploadId = await client.createMultipartUpload(objectName);
    try {
      const parts: Array<{ partNumber: number; etag: string }> = [];
      for (let start = 0, partNumber = 1; start < size; start += chunk, partNumber += 1) {
        const range = { path, start, end: Math.min(start + chunk, size) };
        const etag = await client.uploadPart(
          objectName,
          uploadId,
          partNumber,
          range,
          await hashOf(range),
        );
        parts.push({ partNumber, etag });
      }
      await client.completeMultipartUpload(objectName, uploadId, parts);
    } catch (error) {
      // Abandoned parts cost storage until aborted; the original error is the one to report.
      await client.abortMultipartUpload(objectName, uploadId).catch(() => undefined);
      throw error;
    }
  }

  return {
    async put(companyId, key, bytes) {
      await client.putObject(objectKey(companyId, key), bytes);
    },
    async putFile(companyId, key, sourcePath) {
      const objectName = objectKey(companyId, key);
      const { size } = await stat(sourcePath);
      if (size > partSize) return putMultipart(objectName, sourcePath, size);
      const range = { path: sourcePath, end: size };
      await client.putObjectFile(objectName, range, await hashOf(range));
    },
    async open(companyId, key) {
      return client.getObject(objectKey(companyId, key));
    },
    async remove(companyId, key) {
      await client.deleteObject(objectKey(companyId, key));
    },
    async localCopy(companyId, key) {
      const stream = await client.getObject(objectKey(companyId, key));
      if (!stream) return undefined;
      await mkdirPrivate(options.tempDir);
      const dir = await mkdtemp(join(options.tempDir, 's3-copy-'));
      const release = () => rm(dir, { recursive: true, force: true });
      const path = join(dir, key);
      try {
        await pipeline(stream, createWriteStream(path, { flags: 'wx', mode: PRIVATE_FILE_MODE }));
      } catch (error) {
        await release();
        throw error;
      }
      return { path, release };
    },
  };
}
