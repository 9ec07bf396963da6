/**
 * A small S3 client without the AWS SDK: object PUT (bytes or a streamed file range), GET as a
 * stream, HEAD, DELETE and the multipart calls, over the signed HTTP transport (transport.ts).
 * Path-style URLs by default so MinIO, Ceph and s3rver work. Missing keys read as undefined.
 */
import type { Readable } from 'node:stream';
import { S3Error, readSmallBody, xmlValue } from './errors';
import { EMPTY_SHA256, UNSIGNED_PAYLOAD } from './signing';
import { createTransport, fileLength, type FileRange, type S3ClientOptions } from './transport';

export type { FileRange, S3ClientOptions } from './transport';

export interface S3Client {
  readonly bucket: string;
  putObject(key: string, bytes: Uint8Array): Promise<void>;
  /** Streams a file (range) with Content-Length; UNSIGNED-PAYLOAD unless `sha256` (hex) is given. */
  putObjectFile(key: string, file: FileRange, sha256?: string): Promise<void>;
  /** The object's bytes as a stream, or undefined when there is no such key. */
  getObject(key: string): Promise<Readable | undefined>;
  headObject(key: string): Promise<{ size: number; etag: string } | undefined>;
  /** Deletes the object; a missing key is not an error. */
  deleteObject(key: string): Promise<void>;
  createMultipartUpload(key: string): Promise<string>;
  /** Uploads one part (1..10000) and returns its ETag. */
  uploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    file: FileRange,
    sha256?: string,
  ): Promise<string>;
  completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: ReadonlyArray<{ partNumber: number; etag: string }>,
  ): Promise<void>;
  abortMultipartUpload(key: string, uploadId: string): Promise<void>;
  /** Frees pooled sockets. */
  close(): void;
}

export function createS3Client(options: S3ClientOptions): S3Client {
  const transport = createTransport(options);
  const { send, sendAndDrain } = transport;

  return {
    bucket: options.bucket,
    async putObject(key, bytes) {
      await sendAndDrain({ method: 'PUT', key, body: bytes });
    },
    async putObjectFile(key, file, sha256) {
      await sendAndDrain({
        method: 'PUT',
        key,
        body: file,
        payloadHash: sha256 ?? (fileLength(file) === 0 ? EMPTY_SHA256 : UNSIGNED_PAYLOAD),
      });
    },
    async getObject(key) {
      try {
        return await send({ method: 'GET', key });
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async headObject(key) {
      try {
        const reply = await sendAndDrain({ method: 'HEAD', key });
        return {
          size: Number(reply.headers['content-length'] ?? 0),
          etag: String(reply.headers.etag ?? ''),
        };
      } catch (error) {
        if (isMissingKey(error)) return undefined;
        throw error;
      }
    },
    async deleteObject(key) {
      try {
        await sendAndDrain({ method: 'DELETE', key });
      } catch (error) {
        if (!isMissingKey(error)) throw error;
      }
    },
    async createMultipartUpload(key) {
      const reply = await send({ method: 'POST', key, query: [['uploads', '']] });
      const uploadId = xmlValue(await readSmallBody(reply), 'UploadId');
      if (!uploadId)
        throw new S3Error('S3 CreateMultipartUpload returned no UploadId', 'BadReply', 200);
      return uploadId;
    },
    async uploadPart(key, uploadId, partNumber, file, sha256) {
      const reply = await sendAndDrain({
        method: 'PUT',
        key,
        query: [
          ['partNumber', String(partNumber)],
          ['uploadId', uploadId],
        ],
        body: file,
        payloadHash: sha256 ?? UNSIGNED_PAYLOAD,
      });
      const etag = reply.headers.etag;
      if (!etag) throw new S3Error(`S3 UploadPart ${partNumber} returned no ETag`, 'BadReply', 200);
      return etag;
    },
    async completeMultipartUpload(key, uploadId, parts) {
      const xml =
        '<CompleteMultipartUpload>' +
        parts
          .map(
            (part) =>
              `<Part><PartNumber>${part.partNumber}</PartNumber><ETag>${escapeXml(part.etag)}</ETag></Part>`,
          )
          .join('') +
        '</CompleteMultipartUpload>';
      const reply = await send({
        method: 'POST',
        key,
        query: [['uploadId', uploadId]],
        headers: { 'content-type': 'application/xml' },
        body: Buffer.from(xml, 'utf8'),
      });
      // S3 may answer 200 and still report a failure in the body.
      const body = await readSmallBody(reply);
      if (/<Error>/.test(body))
        throw new S3Error(
          `S3 CompleteMultipartUpload failed: ${xmlValue(body, 'Code') ?? ''} ${xmlValue(body, 'Message') ?? ''}`.trim(),
          xmlValue(body, 'Code') ?? 'InternalError',
          200,
        );
    },
    async abortMultipartUpload(key, uploadId) {
      try {
        await sendAndDrain({ method: 'DELETE', key, query: [['uploadId', uploadId]] });
      } catch (error) {
        if (!isMissingKey(error)) throw error;
      }
    },
    close: () => transport.close(),
  };
}

/** 404 for the key itself; a missing bucket (NoSuchBucket) stays an error. */
const isMissingKey = (error: unknown): boolean =>
  error instanceof S3Error && error.status === 404 && error.code !== 'NoSuchBucket';

const escapeXml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
