/**
 * The S3 client's wire format against a recording HTTP server: URLs (path and virtual-hosted
 * style), that the signature covers exactly what was sent, payload hashes, Content-Length on
 * streamed bodies, and how S3 error replies and dead endpoints turn into S3Errors.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3Client, type S3Client } from './client';
import { requestTarget } from './transport';
import { S3Error } from './errors';
import { UNSIGNED_PAYLOAD, sha256Hex, signRequest } from './signing';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bodySha256: string;
  bodyLength: number;
}

const KEYS = { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret/key+1' };
let server: Server;
let endpoint: string;
let work: string;
let client: S3Client;
let seen: Seen[] = [];
let answer: (response: ServerResponse) => void = (response) => response.end();

beforeAll(async () => {
  server = createServer((request, response) => {
    const hash = createHash('sha256');
    let length = 0;
    request.on('data', (chunk: Buffer) => {
      hash.update(chunk);
      length += chunk.length;
    });
    request.on('end', () => {
      seen.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        bodySha256: hash.digest('hex'),
        bodyLength: length,
      });
      answer(response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  client = createS3Client({
    endpoint,
    region: 'eu-west-3',
    bucket: 'my-bucket',
    retryDelayMs: 1,
    ...KEYS,
  });
  work = await mkdtemp(join(tmpdir(), 'lexdesk-s3-client-'));
});
afterAll(async () => {
  client.close();
  await new Promise((resolve) => server.close(resolve));
  await rm(work, { recursive: true, force: true });
});
beforeEach(() => {
  seen = [];
  answer = (response) => response.end();
});

/** Re-signs the recorded request with the same inputs; equal only if everything signed was sent. */
function resign(request: Seen): string {
  const url = new URL(request.url, 'http://x');
  const auth = String(request.headers.authorization);
  const signedNames = /SignedHeaders=([^,]+)/.exec(auth)?.[1]?.split(';') ?? [];
  const headers = Object.fromEntries(
    signedNames
      .filter((name) => name !== 'x-amz-date')
      .map((name) => [name, String(request.headers[name])]),
  );
  const amzDate = String(request.headers['x-amz-date']);
  const date = new Date(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  return signRequest({
    method: request.method,
    path: url.pathname,
    query: [...url.searchParams.entries()],
    headers,
    payloadHash: String(request.headers['x-amz-content-sha256']),
    credentials: KEYS,
    region: 'eu-west-3',
    service: 's3',
    date,
  }).authorization;
}

describe('S3 client requests', () => {
  it('given a key with spaces and UTF-8, then the path is encoded path-style and the signature matches what was sent', async () => {
    await client.putObject('co/ké y.pdf', Buffer.from('hello'));
    const [put] = seen;
    expect(put?.method).toBe('PUT');
    expect(put?.url).toBe('/my-bucket/co/k%C3%A9%20y.pdf');
    expect(put?.headers.host).toBe(new URL(endpoint).host);
    expect(put?.headers['x-amz-content-sha256']).toBe(sha256Hex('hello'));
    expect(put?.headers['content-length']).toBe('5');
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDTEST\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=content-length;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(resign(put!)).toBe(put?.headers.authorization);
  });

  it('given a file range, then it streams with Content-Length and UNSIGNED-PAYLOAD, or a given hash', async () => {
    const path = join(work, 'range.bin');
    await writeFile(path, '0123456789');
    await client.putObjectFile('k', { path, start: 2, end: 7 });
    await client.putObjectFile('k', { path, end: 10 }, sha256Hex('0123456789'));
    expect(
      seen.map((s) => [s.headers['content-length'], s.headers['x-amz-content-sha256']]),
    ).toEqual([
      ['5', UNSIGNED_PAYLOAD],
      ['10', sha256Hex('0123456789')],
    ]);
    expect(seen[0]?.bodySha256).toBe(sha256Hex('23456'));
  });

  it('given multipart calls, then queries are encoded, signed, and the UploadId is read', async () => {
    answer = (response) =>
      response.end(
        '<InitiateMultipartUploadResult><UploadId>a&amp;b</UploadId></InitiateMultipartUploadResult>',
      );
    const uploadId = await client.createMultipartUpload('k');
    expect(uploadId).toBe('a&b');
    answer = (response) => {
      response.setHeader('etag', '"e1"');
      response.end();
    };
    const path = join(work, 'part.bin');
    await writeFile(path, 'part');
    expect(await client.uploadPart('k', uploadId, 1, { path, end: 4 })).toBe('"e1"');
    expect(seen[0]?.url).toBe('/my-bucket/k?uploads=');
    expect(seen[1]?.url).toBe('/my-bucket/k?partNumber=1&uploadId=a%26b');
    for (const request of seen) expect(resign(request)).toBe(request.headers.authorization);
  });

  it('given a 200 reply carrying an <Error>, then completing a multipart upload fails', async () => {
    answer = (response) =>
      response.end('<Error><Code>InternalError</Code><Message>try again</Message></Error>');
    await expect(
      client.completeMultipartUpload('k', 'id', [{ partNumber: 1, etag: '"e1"' }]),
    ).rejects.toThrow(/InternalError try again/);
  });

  it('given error replies, then S3Errors carry code, status and a readable message', async () => {
    answer = (response) => {
      response.statusCode = 403;
      response.end('<Error><Code>SignatureDoesNotMatch</Code><Message>bad sig</Message></Error>');
    };
    const denied = await client.putObject('k', Buffer.from('x')).catch((error: unknown) => error);
    expect(denied).toMatchObject({ code: 'SignatureDoesNotMatch', status: 403 });
    expect((denied as Error).message).toMatch(/rejected the credentials.*S3_SECRET_ACCESS_KEY/);
    answer = (response) => {
      response.statusCode = 404;
      response.end('<Error><Code>NoSuchKey</Code><Message>none</Message></Error>');
    };
    expect(await client.getObject('missing')).toBeUndefined();
    expect(await client.headObject('missing')).toBeUndefined();
    answer = (response) => {
      response.statusCode = 503;
      response.end('<Error><Code>SlowDown</Code><Message>busy</Message></Error>');
    };
    seen = [];
    await expect(client.getObject('k')).rejects.toThrow(/503 SlowDown: busy/);
    expect(seen).toHaveLength(3);
  });

  it('given a 500 then success, then a file part is sent again in full and the call succeeds', async () => {
    let replies = 0;
    answer = (response) => {
      replies += 1;
      response.statusCode = replies === 1 ? 500 : 200;
      response.setHeader('etag', '"e2"');
      response.end(replies === 1 ? '<Error><Code>InternalError</Code></Error>' : '');
    };
    const path = join(work, 'retry.bin');
    await writeFile(path, 'retry me');
    expect(await client.uploadPart('k', 'id', 2, { path, end: 8 })).toBe('"e2"');
    expect(seen.map((s) => s.bodySha256)).toEqual([sha256Hex('retry me'), sha256Hex('retry me')]);
  });

  it('given a file that cannot be read, then the call fails with a BodyError, not a retried NetworkError', async () => {
    const failure = await client
      .putObjectFile('k', { path: join(work, 'absent.bin'), end: 10 })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'BodyError' });
    expect((failure as Error).message).toMatch(/absent\.bin.*ENOENT/);
  });

  it('given an endpoint nobody listens on, then a NetworkError names the bucket and key', async () => {
    const dead = createS3Client({
      endpoint: 'http://127.0.0.1:1',
      region: 'r',
      bucket: 'b',
      retryDelayMs: 1,
      ...KEYS,
    });
    const failure = await dead.getObject('k').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(S3Error);
    expect(failure).toMatchObject({ code: 'NetworkError', status: 0 });
    expect((failure as Error).message).toMatch(/GET b\/k failed: .*ECONNREFUSED/);
    dead.close();
  });

  it('given virtual-hosted style, then the bucket moves into the host name', () => {
    const base = new URL('https://s3.eu-west-3.amazonaws.com');
    expect(requestTarget({ base, bucket: 'files', pathStyle: false }, 'a/b c')).toEqual({
      host: 'files.s3.eu-west-3.amazonaws.com',
      path: '/a/b%20c',
    });
    expect(
      requestTarget(
        { base: new URL('http://minio:9000/s3/'), bucket: 'files', pathStyle: true },
        'k',
      ),
    ).toEqual({
      host: 'minio:9000',
      path: '/s3/files/k',
    });
  });

  it('rejects endpoints that are not http(s)', () => {
    expect(() =>
      createS3Client({ endpoint: 'ftp://x', region: 'r', bucket: 'b', ...KEYS }),
    ).toThrow(/http\(s\) URL/);
  });
});
