/**
 * The S3 FileStorage against a real S3-compatible server (s3rver): put/open/remove, streamed and
 * multipart file uploads (and their abort on failure), missing keys, prefixes, local copies, bad
 * credentials, and that a ~200 MiB putFile does not hold the file in memory.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3Client } from './client';
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

const connect = (overrides: { accessKeyId?: string; secretAccessKey?: string } = {}) =>
  createS3Client({ endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS, ...overrides });

/** The stored object's size, or undefined when the bucket has no such key. */
async function sizeOf(name: string): Promise<number | undefined> {
  try {
    const head = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: name }));
    return head.ContentLength;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return undefined;
    throw error;
  }
}

/**
 * A client that records the name of every command the storage sends, to see which upload path
 * ran; `failOn` makes the given call fail before it is sent.
 */
function recording(failOn?: { command: string; nth: number }) {
  const spy = connect();
  const commands: string[] = [];
  spy.middlewareStack.add(
    (next, context) => (args) => {
      const name = context.commandName ?? '?';
      commands.push(name);
      const count = commands.filter((seen) => seen === name).length;
      if (failOn?.command === name && failOn.nth === count)
        throw new Error(`${name} ${count} lost on the way`);
      return next(args);
    },
    { step: 'initialize', name: 'recordCommands' },
  );
  return { client: spy, commands };
}

beforeAll(async () => {
  s3 = await startS3rver();
  client = connect();
  work = await mkdtemp(join(tmpdir(), 'lexdesk-s3-test-'));
});
afterAll(async () => {
  client.destroy();
  await s3.close();
  await rm(work, { recursive: true, force: true });
});

describe('S3 file storage', () => {
  it('given bytes put under a company, then open streams them back and remove deletes them', async () => {
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir: work });
    const bytes = randomBytes(50_000);
    await storage.put('company1', 'key1', bytes);
    expect(sha256(await bytesOf(await storage.open('company1', 'key1')))).toBe(sha256(bytes));
    expect(await sizeOf('company1/key1')).toBe(bytes.length);
    await storage.remove('company1', 'key1');
    expect(await storage.open('company1', 'key1')).toBeUndefined();
  });

  it('given a prefix, then objects live under <prefix>/<company>/<key>', async () => {
    const storage = createS3Storage({
      client,
      bucket: s3.bucket,
      tempDir: work,
      prefix: '/lexdesk/prod/',
    });
    await storage.put('c2', 'k2', Buffer.from('hello'));
    expect(await sizeOf('lexdesk/prod/c2/k2')).toBe(5);
    expect(await sizeOf('c2/k2')).toBeUndefined();
  });

  it('given a small file, when putFile runs, then it goes up in one PUT', async () => {
    const { client: spy, commands } = recording();
    const storage = createS3Storage({
      client: spy,
      bucket: s3.bucket,
      tempDir: work,
      partSize: 5 * MiB,
    });
    const bytes = randomBytes(3 * MiB);
    const source = join(work, 'small.bin');
    await writeFile(source, bytes);
    await storage.putFile('c3', 'small', source);
    expect(commands).toEqual(['PutObjectCommand']);
    expect(sha256(await bytesOf(await storage.open('c3', 'small')))).toBe(sha256(bytes));
    expect(await stat(source)).toBeTruthy();
    spy.destroy();
  });

  it('given a 12 MiB file and 5 MiB parts, when putFile runs, then a 3-part multipart upload stores the same bytes', async () => {
    const { client: spy, commands } = recording();
    const storage = createS3Storage({
      client: spy,
      bucket: s3.bucket,
      tempDir: work,
      partSize: 5 * MiB,
    });
    const bytes = randomBytes(12 * MiB);
    const source = join(work, 'big.bin');
    await writeFile(source, bytes);
    await storage.putFile('c3', 'big', source);
    expect(commands).toEqual([
      'CreateMultipartUploadCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'UploadPartCommand',
      'CompleteMultipartUploadCommand',
    ]);
    expect(sha256(await bytesOf(await storage.open('c3', 'big')))).toBe(sha256(bytes));
    spy.destroy();
  });

  it('given a part that fails, when putFile runs, then the multipart upload is aborted and nothing is stored', async () => {
    const { client: spy, commands } = recording({ command: 'UploadPartCommand', nth: 2 });
    const storage = createS3Storage({
      client: spy,
      bucket: s3.bucket,
      tempDir: work,
      partSize: 5 * MiB,
      queueSize: 1,
    });
    const source = join(work, 'lost.bin');
    await writeFile(source, randomBytes(12 * MiB));
    const failure = await storage.putFile('c3', 'lost', source).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect((failure as S3Error).message).toMatch(
      /PUT lexdesk-test\/c3\/lost failed: .*lost on the way/,
    );
    expect(commands).toContain('AbortMultipartUploadCommand');
    expect(commands).not.toContain('CompleteMultipartUploadCommand');
    expect(await sizeOf('c3/lost')).toBeUndefined();
    spy.destroy();
  });

  it('given a source file that does not exist, then putFile fails without sending anything', async () => {
    const { client: spy, commands } = recording();
    const storage = createS3Storage({ client: spy, bucket: s3.bucket, tempDir: work });
    await expect(storage.putFile('c3', 'absent', join(work, 'absent.bin'))).rejects.toThrow(
      /ENOENT/,
    );
    expect(commands).toEqual([]);
    spy.destroy();
  });

  it('given an empty file, then putFile stores an empty object', async () => {
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir: work });
    const source = join(work, 'empty.bin');
    await writeFile(source, '');
    await storage.putFile('c3', 'empty', source);
    expect((await bytesOf(await storage.open('c3', 'empty'))).length).toBe(0);
  });

  it('given a stored object, then localCopy downloads it to a temp file that release removes', async () => {
    const tempDir = join(work, 'copies');
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir });
    const bytes = randomBytes(100_000);
    await storage.put('c4', 'doc', bytes);
    const copy = await storage.localCopy('c4', 'doc');
    expect(copy).toBeDefined();
    expect(sha256(await readFile(copy!.path))).toBe(sha256(bytes));
    await copy!.release();
    expect(await readdir(tempDir)).toEqual([]);
  });

  it('given missing keys, then open and localCopy are undefined and remove succeeds', async () => {
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir: join(work, 'missing') });
    expect(await storage.open('c5', 'nothing')).toBeUndefined();
    expect(await storage.localCopy('c5', 'nothing')).toBeUndefined();
    await expect(storage.remove('c5', 'nothing')).resolves.toBeUndefined();
  });

  it('given unsafe path segments, then the storage refuses them', async () => {
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir: work });
    await expect(storage.put('..', 'x', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    await expect(storage.open('c', 'a/b')).rejects.toThrow(/unsafe/);
  });

  it('given an unknown access key, then every call fails with a credentials error', async () => {
    const bad = connect({ accessKeyId: 'WRONG', secretAccessKey: 'nope' });
    const storage = createS3Storage({ client: bad, bucket: s3.bucket, tempDir: work });
    const failure = await storage.put('c6', 'k', Buffer.from('x')).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect((failure as S3Error).code).toBe('InvalidAccessKeyId');
    expect((failure as S3Error).message).toMatch(/rejected the credentials.*S3_ACCESS_KEY_ID/);
    await expect(storage.open('c6', 'k')).rejects.toThrow(/rejected the credentials/);
    bad.destroy();
  });

  it('given a missing bucket, then calls fail naming the bucket instead of reading as missing keys', async () => {
    const storage = createS3Storage({ client, bucket: 'no-such-bucket', tempDir: work });
    await expect(storage.open('c7', 'k')).rejects.toThrow(/S3 bucket missing.*NoSuchBucket/);
    await expect(storage.put('c7', 'k', Buffer.from('x'))).rejects.toThrow(/NoSuchBucket/);
  });

  it('given a ~200 MiB file, when putFile runs, then process memory grows by far less than the file', async () => {
    const source = join(work, 'huge.bin');
    await writeFile(source, randomBytes(MiB));
    await truncate(source, 200 * MiB);
    const storage = createS3Storage({ client, bucket: s3.bucket, tempDir: work });
    // One call first, so the SDK's own code is loaded before the baseline.
    await storage.put('c8', 'warm-up', Buffer.from('x'));
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
    expect(await sizeOf('c8/huge')).toBe(200 * MiB);
    expect(peak - baseline).toBeLessThan(100 * MiB);
    await storage.remove('c8', 'huge');
  }, 120_000);
});
