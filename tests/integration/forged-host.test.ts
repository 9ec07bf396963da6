/**
 * Links the server hands out (signed file links, upload URLs, the tus Location) use PUBLIC_URL or
 * the origin the server listens on, never the request's Host header (issue 13): a client that
 * forges Host gets links to the real server, and so does everyone a forged link could reach.
 */
import { request } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { company } from '../../src/server/db/schema';
import { startTestServer, type TestServer } from '../support/server';
import { FIXTURES } from './fixtures/files';
import { registerOne } from './fixtures/raw-files';

const FORGED = 'evil.example:8443';

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/** One HTTP request to `server` with a forged Host header (fetch would not send one). */
function forged(
  server: TestServer,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): Promise<Answer> {
  const url = new URL(path, server.url);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        headers: {
          ...headers,
          host: FORGED,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const json = (body: unknown) => new TextEncoder().encode(JSON.stringify(body));

async function multipart(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const encoded = new Request('http://form.invalid', { method: 'POST', body: form });
  return {
    contentType: encoded.headers.get('content-type') ?? '',
    body: new Uint8Array(await encoded.arrayBuffer()),
  };
}

describe('a forged Host header, with PUBLIC_URL unset', () => {
  let server: TestServer;
  let token: string;
  let companyId: string;
  beforeAll(async () => {
    server = await startTestServer();
    const signedUp = await server.signUpCompany();
    token = signedUp.admin.token;
    companyId = signedUp.company.id;
  });
  afterAll(async () => server.close());

  it('given an upload, then its signed link is on the listening origin', async () => {
    const form = await multipart('claim.pdf', FIXTURES.pdf);
    const answer = await forged(
      server,
      'POST',
      '/files/upload',
      { authorization: `Bearer ${token}`, 'content-type': form.contentType },
      form.body,
    );
    expect(answer.status).toBe(200);
    const { url } = JSON.parse(answer.text) as { url: string };
    expect(url.startsWith(`${server.url}/files/`)).toBe(true);
    expect(url).not.toContain('evil.example');
  });

  it('given a GraphQL query of a file link, then the link is on the listening origin', async () => {
    await server.db
      .update(company)
      .set({ icon_url: '/files/icon-key' })
      .where(eq(company.id, companyId));
    const answer = await forged(
      server,
      'POST',
      '/graphql',
      { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      json({
        query: 'query($id: ID!) { company(id: $id) { icon_url } }',
        variables: { id: companyId },
      }),
    );
    const body = JSON.parse(answer.text) as { data?: { company: { icon_url: string } } };
    expect(body.data?.company.icon_url.startsWith(`${server.url}/files/icon-key?`)).toBe(true);
  });

  it('given an upload URL request and a tus creation, then upload_url and Location are on the listening origin', async () => {
    const presigned = await forged(
      server,
      'GET',
      '/processed-legal-file/generatePresignedUrl?fileName=claim.pdf',
      { authorization: `Bearer ${token}` },
    );
    expect(presigned.status).toBe(200);
    expect(JSON.parse(presigned.text)).toMatchObject({
      data: { upload_url: `${server.url}/uploads` },
    });

    const file = await registerOne(server, token, companyId, {
      name: 'forged.pdf',
      bytes: FIXTURES.pdf,
    });
    const created = await forged(server, 'POST', '/uploads', {
      authorization: `Bearer ${token}`,
      'tus-resumable': '1.0.0',
      'upload-length': String(FIXTURES.pdf.length),
      'upload-metadata': `raw_file_id ${Buffer.from(file.id).toString('base64')}`,
    });
    expect(created.status).toBe(201);
    expect(String(created.headers.location)).toMatch(
      new RegExp(`^${server.url}/uploads/[A-Za-z0-9_-]+$`),
    );
  });
});

describe('a forged Host header, with PUBLIC_URL set', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ publicUrl: 'https://lexdesk.firm.example/' });
  });
  afterAll(async () => server.close());

  it('given an upload, then its signed link is on the public URL', async () => {
    const { admin } = await server.signUpCompany();
    const form = await multipart('claim.pdf', FIXTURES.pdf);
    const answer = await forged(
      server,
      'POST',
      '/files/upload',
      { authorization: `Bearer ${admin.token}`, 'content-type': form.contentType },
      form.body,
    );
    const { url } = JSON.parse(answer.text) as { url: string };
    expect(url.startsWith('https://lexdesk.firm.example/files/')).toBe(true);
  });
});
