/**
 * Requests broken below the level of a field (found by the fuzzer, issue 13): a multipart body
 * that ends early or has no boundary, a path segment longer than a route parameter may be, GET
 * /graphql with variables that are not JSON or parameters sent twice, a tus request asking to join
 * uploads, a request line too large for Node's parser. Each answers 4xx, never 5xx, and nothing is
 * logged as a failure.
 */
import { request as httpRequest } from 'node:http';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../support/server';

let server: TestServer;
let admin: TestUser;
let companyId: string;
const log: string[] = [];
const logStream = new PassThrough();

beforeAll(async () => {
  logStream.on('data', (chunk: Buffer) => log.push(chunk.toString('utf8')));
  server = await startTestServer({ logLevel: 'info' }, { logStream });
  const signedUp = await server.signUpCompany({ is_legal: true });
  admin = signedUp.admin;
  companyId = signedUp.company.id;
});

afterAll(async () => {
  await server?.close();
});

/** Log lines at level error (50) or above. */
function failuresLogged(): string[] {
  return log.filter((line) => /"level":(5|6)\d/.test(line));
}

async function send(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${admin.token}`, ...headers },
    body,
  });
  const text = await response.text();
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : undefined };
}

const PNG_PART = (boundary: string) =>
  `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
  'Content-Type: image/png\r\n\r\n\x89PNG\r\n\x1a\n';

describe('multipart bodies', () => {
  it.each([
    ['cut short', 'multipart/form-data; boundary=b1', PNG_PART('b1')],
    [
      'with another boundary than announced',
      'multipart/form-data; boundary=other',
      `${PNG_PART('b1')}\r\n--b1--\r\n`,
    ],
    ['with no boundary announced', 'multipart/form-data', `${PNG_PART('b1')}\r\n--b1--\r\n`],
  ])('given a body %s, then 400 INVALID_INPUT naming the file', async (_label, type, body) => {
    for (const path of ['/files/upload', `/companies/${companyId}/icon`]) {
      const reply = await send('POST', path, { 'content-type': type }, body);
      expect(reply.status, JSON.stringify(reply.json)).toBe(400);
      expect(reply.json).toMatchObject({
        error: { code: 'INVALID_INPUT', issues: [{ path: 'file' }] },
      });
    }
  });
});

describe('addresses', () => {
  it('given a path segment longer than a parameter may be, then 400 naming the address', async () => {
    for (const [method, path] of [
      ['DELETE', `/raw-files/${'a'.repeat(1000)}`],
      ['GET', `/case/${'a'.repeat(1000)}/company/${companyId}`],
    ] as const) {
      const reply = await send(method, path, {});
      expect(reply.status, JSON.stringify(reply.json)).toBe(400);
      expect(reply.json).toMatchObject({
        error: { code: 'INVALID_INPUT', issues: [{ path: 'url' }] },
      });
    }
  });

  it('given a request line too large to parse, when sent as HEAD, then the answer is a bare 431 the client can read', async () => {
    const url = new URL(server.url);
    // Resolves when the connection closes, with the status read and any parse error after it
    // (a body after a HEAD's answer is read as the start of a next response).
    const outcome = await new Promise<{ status?: number; error?: string }>((resolve) => {
      let status: number | undefined;
      let error: string | undefined;
      const req = httpRequest({
        host: url.hostname,
        port: url.port,
        method: 'HEAD',
        path: `/uploads/${'a'.repeat(20_000)}`,
      });
      req.on('response', (res) => {
        status = res.statusCode;
        res.resume();
      });
      req.on('error', (err) => (error = err.message));
      req.on('close', () => resolve({ status, error }));
      req.end();
    });
    expect(outcome).toEqual({ status: 431, error: undefined });
  });
});

describe('GET /graphql', () => {
  const viewer = encodeURIComponent('{ viewer { user { id } } }');
  it.each([
    ['variables that are not JSON', `query=${viewer}&variables=%7Bnot%20json`, 'variables'],
    ['variables that are not an object', `query=${viewer}&variables=1`, 'variables'],
    ['the query sent twice', `query=${viewer}&query=${viewer}`, 'query'],
  ])('given %s, then 400 with a coded GraphQL error', async (_label, search, path) => {
    const reply = await send('GET', `/graphql?${search}`, { accept: 'application/json' });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      errors: [{ extensions: { code: 'INVALID_INPUT', issues: [{ path }] } }],
    });
  });

  it('given well-formed parameters, then it still answers', async () => {
    const reply = await send('GET', `/graphql?query=${viewer}`, { accept: 'application/json' });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ data: { viewer: { user: { id: admin.user.id } } } });
  });
});

describe('tus', () => {
  it('given a request to join uploads (Upload-Concat), then 400 naming the header, not 501', async () => {
    const reply = await send('POST', '/uploads', {
      'tus-resumable': '1.0.0',
      'upload-concat': 'final;/uploads/a /uploads/b',
    });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({
      error: { code: 'INVALID_INPUT', issues: [{ path: 'upload-concat' }] },
    });
  });
});

describe('the log', () => {
  it('given every request above, then none was logged as a failure', () => {
    expect(failuresLogged()).toEqual([]);
  });
});
