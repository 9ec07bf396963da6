/**
 * FileStorage on an S3-compatible bucket: objects at `<prefix><companyId>/<key>`, through the AWS
 * SDK. Files are streamed from disk by the SDK's `Upload` (one PUT up to the part size, a multipart
 * upload above it, so 10 GiB raw files fit under S3's 5 GiB single-PUT limit), holding only the
 * parts in flight in memory; localCopy downloads to a temp file for tools that need a path.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { PRIVATE_FILE_MODE } from '../../../../shared/files/modes';
import { mkdirPrivate } from '../../../privateFiles';
import type { FileStorage } from '../storage';
import { S3Error, isMissingKey, s3Call, toS3Error } from './errors';

const MiB = 1024 * 1024;
/** S3's own bounds: parts of at least 5 MiB (but the last) and at most 10,000 parts. */
const MIN_PART_SIZE = 5 * MiB;
const MAX_PARTS = 10_000;
const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,100}$/;

export interface S3StorageOptions {
  client: S3Client;
  bucket: string;
  /** Key prefix inside the bucket ('' or e.g. 'lexdesk/prod'); a trailing '/' is added. */
  prefix?: string;
  /** Where localCopy writes its temporary files (a disk with room for the largest raw file). */
  tempDir: string;
  /** Files larger than this go up in parts of this size (default 16 MiB, at least 5 MiB). */
  partSize?: number;
  /** Parts uploaded at once (default 2); about (queueSize + 1) × partSize is held in memory. */
  queueSize?: number;
}

export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed ? `${trimmed}/` : '';
}

export function createS3Storage(options: S3StorageOptions): FileStorage {
  const { client, bucket } = options;
  const prefix = normalizePrefix(options.prefix);
  const partSize = Math.max(options.partSize ?? 5 * MiB, MIN_PART_SIZE);
  const queueSize = Math.max(1, options.queueSize ?? 2);

  function objectKey(companyId: string, key: string): string {
    if (!SAFE_SEGMENT.test(companyId) || !SAFE_SEGMENT.test(key))
      throw new Error('unsafe storage path segment');
    return `${prefix}${companyId}/${key}`;
  }

  /** The object's bytes as a stream, or undefined when there is no such key. */
  async function getObject(name: string): Promise<Readable | undefined> {
    const what = `GET ${bucket}/${name}`;
    try {
      const reply = await client.send(new GetObjectCommand({ Bucket: bucket, Key: name }));
      if (reply.Body instanceof Readable) return reply.Body;
      throw new S3Error(`S3 ${what} returned no body stream`, 'BadReply', 200);
    } catch (error) {
      const failure = toS3Error(error, what);
      if (isMissingKey(failure)) return undefined;
      throw failure;
    }
  }

  return {
    async put(companyId, key, bytes) {
      const name = objectKey(companyId, key);
      await s3Call(`PUT ${bucket}/${name}`, () =>
        client.send(new PutObjectCommand({ Bucket: bucket, Key: name, Body: bytes })),
      );
    },
    async putFile(companyId, key, sourcePath) {
      const name = objectKey(companyId, key);
      const { size } = await stat(sourcePath);
      const body = createReadStream(sourcePath);
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: name, Body: body, ContentLength: size },
        // Grow the parts when a file would need more than 10,000 of them.
        partSize: Math.max(partSize, Math.ceil(size / MAX_PARTS)),
        queueSize,
        // Aborted below instead, so a failing abort cannot hide the error that caused it.
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        // Abandoned parts cost storage until aborted; the original error is the one to report.
        if (upload.uploadId) {
          const abort = { Bucket: bucket, Key: name, UploadId: upload.uploadId };
          await client.send(new AbortMultipartUploadCommand(abort)).catch(() => undefined);
        }
        throw toS3Error(error, `PUT ${bucket}/${name}`);
      } finally {
        body.destroy();
      }
    },
    async open(companyId, key) {
      return getObject(objectKey(companyId, key));
    },
    async remove(companyId, key) {
      const name = objectKey(companyId, key);
      try {
        await s3Call(`DELETE ${bucket}/${name}`, () =>
          client.send(new DeleteObjectCommand({ Bucket: bucket, Key: name })),
        );
      } catch (error) {
        if (!(error instanceof S3Error && isMissingKey(error))) throw error;
      }
    },
    async localCopy(companyId, key) {
      const stream = await getObject(objectKey(companyId, key));
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
