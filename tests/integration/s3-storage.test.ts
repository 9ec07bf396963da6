/**
 * A LexDesk server with S3 storage configured, against a real S3-compatible server (s3rver): a raw
 * PDF uploaded with tus lands in the bucket under <prefix>/<company>/<key> (not on local disk), and
 * its /files link serves the same bytes back out of the bucket.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { createS3Client } from '../../src/server/domains/files/s3/client';
import {
  S3RVER_KEYS,
  startS3rver,
  type TestS3Server,
} from '../../src/server/domains/files/s3/s3rverHarness';
import { startTestServer, type TestServer } from '../support/server';
import { paddedPdf } from './fixtures/files';
import { registerOne, sha256, tusClient } from './fixtures/raw-files';

const PREFIX = 'lexdesk-it';
/** A 300 KB PDF: the signature up front, padding, and a PDF's end. */
const PDF = paddedPdf(300 * 1024);

let s3: TestS3Server;
let bucket: S3Client;
let server: TestServer;

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3 = await startS3rver('lexdesk-files');
  const connection = { endpoint: s3.endpoint, region: 'us-east-1', ...S3RVER_KEYS };
  bucket = createS3Client(connection);
  server = await startTestServer({
    s3: { ...connection, bucket: s3.bucket, prefix: PREFIX, forcePathStyle: true },
  });
});
afterAll(async () => {
  await server.close();
  bucket.destroy();
  await s3.close();
});

describe('uploads with S3 storage configured', () => {
  it('given a tus upload of a PDF, then the object is in the bucket and the /files link serves the same bytes', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const file = await registerOne(server, admin.token, company.id, {
      name: 'claim.pdf',
      bytes: PDF,
    });
    const tus = tusClient(server, admin.token);
    const created = await tus.create(file.id, PDF.length, 'claim.pdf');
    expect(created.status).toBe(201);
    expect((await tus.patch(created.location, 0, PDF)).status).toBe(204);

    const reply = await server.gql<{ rawFile: { status: string; url: string } }>(
      'query($id: ID!) { rawFile(id: $id) { status url } }',
      { id: file.id },
      admin.token,
    );
    const raw = reply.data?.rawFile;
    expect(raw?.status).toBe('Uploaded');
    const key = new URL(raw!.url).pathname.split('/').pop()!;

    const object = await bucket.send(
      new GetObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${company.id}/${key}` }),
    );
    const body = object.Body;
    if (!(body instanceof Readable)) throw new Error('expected the object as a stream');
    expect(sha256(await bytesOf(body))).toBe(sha256(PDF));
    expect(existsSync(join(server.config.dataDir, 'files', company.id))).toBe(false);

    const served = await fetch(raw!.url);
    expect(served.status).toBe(200);
    expect(sha256(new Uint8Array(await served.arrayBuffer()))).toBe(sha256(PDF));
  });

  it('given the object vanished from the bucket, then the /files link answers 404', async () => {
    const { company, admin } = await server.signUpCompany({ is_legal: true });
    const file = await registerOne(server, admin.token, company.id, {
      name: 'gone.pdf',
      bytes: PDF,
    });
    const tus = tusClient(server, admin.token);
    const created = await tus.create(file.id, PDF.length, 'gone.pdf');
    expect((await tus.patch(created.location, 0, PDF)).status).toBe(204);
    const reply = await server.gql<{ rawFile: { url: string } }>(
      'query($id: ID!) { rawFile(id: $id) { url } }',
      { id: file.id },
      admin.token,
    );
    const url = reply.data!.rawFile.url;
    const key = new URL(url).pathname.split('/').pop()!;
    await bucket.send(
      new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${PREFIX}/${company.id}/${key}` }),
    );
    expect((await fetch(url)).status).toBe(404);
  });
});
