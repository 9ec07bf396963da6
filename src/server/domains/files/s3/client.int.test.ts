/**
 * How the SDK client is set up and how the S3 storage reports failures, against a recording HTTP
 * server: path-style URLs, the static key and region (nothing looked up), no checksum trailers,
 * virtual-hosted style on request, and S3 error replies and dead endpoints as readable S3Errors.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Client } from './client';
import { S3Error } from './errors';
import { createS3Storage } from './storage';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bodySha256: string;
}

const KEYS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/key+1' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let server: Server;
let endpoint: string;
let client: S3Client;
let seen: Seen[] = [];
let answer: (response: ServerResponse) => void = (response) => response.end();

beforeAll(async () => {
  server = createServer((request, response) => {
    const hash = createHash('sha256');
    request.on('data', (chunk: Buffer) => hash.update(chunk));
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        bodySha256: hash.digest('hex'),
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createS3Client({ endpoint, region: 'eu-west-3', ...KEYS });
});
afterAll(async () => {
  client.destroy();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
  answer = (response) => response.end();
});

const storageOn = (s3: S3Client, bucket = 'my-bucket') =>
  createS3Storage({ client: s3, bucket, tempDir: '/nonexistent' });

function replyWith(status: number, code: string, message: string) {
  answer = (response) => {
    response.statusCode = status;
    response.setHeader('content-type', 'application/xml');
    response.end(`<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
  };
}

describe('S3 client setup', () => {
  it('given static keys, then credentials, region and checksum modes resolve to what was given', async () => {
    expect(await client.config.credentials()).toMatchObject(KEYS);
    expect(await client.config.region()).toBe('eu-west-3');
    expect(await client.config.requestChecksumCalculation()).toBe('WHEN_REQUIRED');
    expect(await client.config.responseChecksumValidation()).toBe('WHEN_REQUIRED');
  });

  it('given a put, then it goes path-style, signed with the key for the region, without checksum trailers', async () => {
    await storageOn(client).put('co', 'k', Buffer.from('hello'));
    const [put] = seen;
    expect(put?.method).toBe('PUT');
    expect(new URL(put?.url ?? '', endpoint).pathname).toBe('/my-bucket/co/k');
    expect(put?.headers.host).toBe(new URL(endpoint).host);
    expect(put?.headers['content-length']).toBe('5');
    expect(put?.bodySha256).toBe(sha256('hello'));
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.headers['content-encoding'] ?? '').not.toMatch(/aws-chunked/);
    expect(Object.keys(put?.headers ?? {}).filter((name) => name.includes('checksum'))).toEqual([]);
  });

  it('given forcePathStyle false, then the bucket moves into the host name', async () => {
    const hosted = createS3Client({
      endpoint: 'https://s3.eu-west-3.amazonaws.com',
      region: 'eu-west-3',
      forcePathStyle: false,
      ...KEYS,
    });
    let request: unknown;
    hosted.middlewareStack.add(
      () => (args) => {
        request = args.request;
        return Promise.reject(new Error('stopped before sending'));
      },
      { step: 'finalizeRequest', name: 'stopBeforeSending', priority: 'low' },
    );
    await expect(
      hosted.send(new GetObjectCommand({ Bucket: 'files', Key: 'a/b c' })),
    ).rejects.toThrow('stopped before sending');
    expect(request).toMatchObject({
      hostname: 'files.s3.eu-west-3.amazonaws.com',
      path: '/a/b%20c',
    });
    hosted.destroy();
  });

  it('rejects endpoints that are not http(s)', () => {
    expect(() => createS3Client({ endpoint: 'ftp://x', region: 'r', ...KEYS })).toThrow(
      /http\(s\) URL/,
    );
  });
});

describe('S3 failures', () => {
  it('given a credentials error reply, then an S3Error says which settings to check', async () => {
    replyWith(403, 'SignatureDoesNotMatch', 'bad sig');
    const denied = await storageOn(client)
      .put('co', 'k', Buffer.from('x'))
      .catch((error: unknown) => error);
    expect(denied).toBeInstanceOf(S3Error);
    expect(denied).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
    expect((denied as Error).message).toMatch(
      /rejected the credentials for PUT my-bucket\/co\/k .*S3_SECRET_ACCESS_KEY/,
    );
  });

  it('given NoSuchKey, then open is undefined; given NoSuchBucket, then it fails naming the bucket', async () => {
    replyWith(404, 'NoSuchKey', 'none');
    expect(await storageOn(client).open('co', 'missing')).toBeUndefined();
    replyWith(404, 'NoSuchBucket', 'no bucket');
    await expect(storageOn(client).open('co', 'k')).rejects.toThrow(
      /S3 bucket missing for GET my-bucket\/co\/k \(NoSuchBucket: no bucket\)\. .*S3_BUCKET/,
    );
  });

  it('given error replies without a body, then the status names the failure', async () => {
    answer = (response) => {
      response.statusCode = 404;
      response.end();
    };
    expect(await storageOn(client).open('co', 'gone')).toBeUndefined();
    answer = (response) => {
      response.statusCode = 400;
      response.end();
    };
    await expect(storageOn(client).open('co', 'k')).rejects.toMatchObject({
      code: 'BadRequest',
      status: 400,
      message: expect.stringMatching(/GET my-bucket\/co\/k failed with 400 BadRequest/),
    });
  });

  it('given 5xx replies, then the call is tried three times and fails with code and message', async () => {
    replyWith(500, 'InternalError', 'busy');
    const failure = await storageOn(client)
      .open('co', 'k')
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'InternalError', status: 500 });
    expect((failure as Error).message).toMatch(
      /GET my-bucket\/co\/k failed with 500 InternalError: busy/,
    );
    expect(seen).toHaveLength(3);
  });

  it('given an endpoint nobody listens on, then a NetworkError names the bucket and key', async () => {
    const dead = createS3Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'r',
      maxAttempts: 1,
      ...KEYS,
    });
    const failure = await storageOn(dead, 'b')
      .open('co', 'k')
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect(failure).toMatchObject({ code: 'NetworkError', status: 0 });
    expect((failure as Error).message).toMatch(/GET b\/co\/k failed: .*ECONNREFUSED/);
    dead.destroy();
  });
});
