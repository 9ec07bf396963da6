/**
 * The S3 FileStorage against a real S3-compatible server (s3rver): put/open/remove, streamed and
 * multipart file uploads, missing keys, prefixes, local copies, bad credentials, and that a
 * ~200 MiB putFile does not hold the file in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client, type S3Client } from './client';
import { S3Error } from './errors';
import { S3RVER_KEYS, startS3rver, type TestS3Server } from './s3rverHarness';
import { createS3Storage } from './storage';

const MiB = 1024 * 1024;
let s3: TestS3Server;
let client: S3Client;
let work: string;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function bytesOf(stream: Readable | undefined): Promise<Buffer> {
  if (!stream) throw new Error('expected a stream');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A client that counts the calls the storage makes, to see which upload path ran. */
function counting(inner: S3Client) {
  const calls = { putObjectFile: 0, uploadPart: 0, complete: 0 };
  const wrapped: S3Client = {
    ...inner,
    putObjectFile: (...args) => ((calls.putObjectFile += 1), inner.putObjectFile(...args)),
    uploadPart: (...args) => ((calls.uploadPart += 1), inner.uploadPart(...args)),
    completeMultipartUpload: (...args) => (
      (calls.complete += 1),
      inner.completeMultipartUpload(...args)
    ),
  };
  return { client: wrapped, calls };
}

beforeAll(async () => {
  s3 = await startS3rver();
  client = createS3Client({
    endpoint: s3.endpoint,
    region: 'us-east-1',
    bucket: s3.bucket,
    ...S3RVER_KEYS,
  });
  work = await mkdtemp(join(tmpdir(), 'lexdesk-s3-test-'));
});
afterAll(async () => {
  client.close();
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('given bytes put under a company, then open streams them back and remove deletes them', async () => {
    const storage = createS3Storage({ client, tempDir: work });
    const bytes = randomBytes(50_000);
    await storage.put('company1', 'key1', bytes);
    expect(sha256(await bytesOf(await storage.open('company1', 'key1')))).toBe(sha256(bytes));
    expect((await client.headObject('company1/key1'))?.size).toBe(bytes.length);
    await storage.remove('company1', 'key1');
    expect(await storage.open('company1', 'key1')).toBeUndefined();
  });

  it('given a prefix, then objects live under <prefix>/<company>/<key>', async () => {
    const storage = createS3Storage({ client, tempDir: work, prefix: '/lexdesk/prod/' });
    await storage.put('c2', 'k2', Buffer.from('hello'));
    expect((await client.headObject('lexdesk/prod/c2/k2'))?.size).toBe(5);
    expect(await client.headObject('c2/k2')).toBeUndefined();
  });

  it('given a small file, when putFile runs, then it goes up in one streamed PUT', async () => {
    const { client: spy, calls } = counting(client);
    const storage = createS3Storage({ client: spy, tempDir: work, partSize: 5 * MiB });
    const bytes = randomBytes(3 * MiB);
    const source = join(work, 'small.bin');
    await writeFile(source, bytes);
    await storage.putFile('c3', 'small', source);
    expect(calls).toEqual({ putObjectFile: 1, uploadPart: 0, complete: 0 });
    expect(sha256(await bytesOf(await storage.open('c3', 'small')))).toBe(sha256(bytes));
    expect(await stat(source)).toBeTruthy();
  });

  it('given a 12 MiB file and 5 MiB parts, when putFile runs, then a 3-part multipart upload stores the same bytes', async () => {
    const { client: spy, calls } = counting(client);
    const storage = createS3Storage({ client: spy, tempDir: work, partSize: 5 * MiB });
    const bytes = randomBytes(12 * MiB);
    const source = join(work, 'big.bin');
    await writeFile(source, bytes);
    await storage.putFile('c3', 'big', source);
    expect(calls).toEqual({ putObjectFile: 0, uploadPart: 3, complete: 1 });
    expect(sha256(await bytesOf(await storage.open('c3', 'big')))).toBe(sha256(bytes));
  });

  it('given signPayloads, then files and parts go up with their SHA-256 and arrive intact', async () => {
    const storage = createS3Storage({
      client,
      tempDir: work,
      partSize: 5 * MiB,
      signPayloads: true,
    });
    const bytes = randomBytes(6 * MiB);
    const source = join(work, 'signed.bin');
    await writeFile(source, bytes);
    await storage.putFile('c3', 'signed', source);
    expect(sha256(await bytesOf(await storage.open('c3', 'signed')))).toBe(sha256(bytes));
  });

  it('given an empty file, then putFile stores an empty object', async () => {
    const storage = createS3Storage({ client, tempDir: work });
    const source = join(work, 'empty.bin');
    await writeFile(source, '');
    await storage.putFile('c3', 'empty', source);
    expect((await bytesOf(await storage.open('c3', 'empty'))).length).toBe(0);
  });

  it('given a stored object, then localCopy downloads it to a temp file that release removes', async () => {
    const tempDir = join(work, 'copies');
    const storage = createS3Storage({ client, tempDir });
    const bytes = randomBytes(100_000);
    await storage.put('c4', 'doc', bytes);
    const copy = await storage.localCopy('c4', 'doc');
    expect(copy).toBeDefined();
    expect(sha256(await readFile(copy!.path))).toBe(sha256(bytes));
    await copy!.release();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('given missing keys, then open and localCopy are undefined and remove succeeds', async () => {
    const storage = createS3Storage({ client, tempDir: join(work, 'missing') });
    expect(await storage.open('c5', 'nothing')).toBeUndefined();
    expect(await storage.localCopy('c5', 'nothing')).toBeUndefined();
    await expect(storage.remove('c5', 'nothing')).resolves.toBeUndefined();
  });

  it('given unsafe path segments, then the storage refuses them', async () => {
    const storage = createS3Storage({ client, tempDir: work });
    await expect(storage.put('..', 'x', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.open('c', 'a/b')).rejects.toThrow(/unsafe/);
  });

  it('given an unknown access key, then every call fails with a credentials error', async () => {
    const bad = createS3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: 'WRONG',
      secretAccessKey: 'nope',
    });
    const storage = createS3Storage({ client: bad, tempDir: work });
    const failure = await storage.put('c6', 'k', Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect((failure as S3Error).code).toBe('InvalidAccessKeyId');
    expect((failure as S3Error).message).toMatch(/rejected the credentials.*S3_ACCESS_KEY_ID/);
    await expect(storage.open('c6', 'k')).rejects.toThrow(/rejected the credentials/);
    bad.close();
  });

  it('given a missing bucket, then calls fail naming the bucket instead of reading as missing keys', async () => {
    const other = createS3Client({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      ...S3RVER_KEYS,
    });
    const storage = createS3Storage({ client: other, tempDir: work });
    await expect(storage.open('c7', 'k')).rejects.toThrow(/NoSuchBucket/);
    other.close();
  });

  it('given a ~200 MiB file, when putFile runs, then process memory grows by far less than the file', async () => {
    const source = join(work, 'huge.bin');
    await writeFile(source, randomBytes(MiB));
    await truncate(source, 200 * MiB);
    const storage = createS3Storage({ client, tempDir: work });
    const baseline = process.memoryUsage.rss();
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    try {
      await storage.putFile('c8', 'huge', source);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage.rss());
    expect((await client.headObject('c8/huge'))?.size).toBe(200 * MiB);
    expect(peak - baseline).toBeLessThan(100 * MiB);
    await storage.remove('c8', 'huge');
  }, 120_000);
});
