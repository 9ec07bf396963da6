/**
 * A local HTTP server on loopback that speaks the parts of Clio Manage API v4 LexDesk uses
 * (src/server/domains/crm/clio/README.md): OAuth 2.0 authorization code with PKCE (the authorize
 * step approves at once and redirects), refresh, matters with cursor paging, document upload
 * (create, PUT bytes, mark fully uploaded), activities and the firm's users (cursor paging). Tests
 * inject faults per path (401, 429 with Retry-After, 5xx) or at a random rate (the crm-sync bench),
 * expire tokens, and read what was received.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeMatter {
  id: number;
  display_number: string | null;
  description: string;
  status: string;
  client: { name: string } | null;
  practice_area: { name: string } | null;
  open_date: string | null;
}

export interface FakeUser {
  id: number;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  enabled: boolean;
  /** Clio's "Attorney" or "NonAttorney". */
  subscription_type: string;
}

export interface Fault {
  /** Ignored when `pass`: that request is answered normally (to fail a later one). */
  status: number;
  pass?: boolean;
  retryAfter?: string;
}

export interface FakeClio {
  url: string;
  clientId: string;
  clientSecret: string;
  matters: FakeMatter[];
  users: FakeUser[];
  documents: Map<
    string,
    { name: string; matter_id: string; uuid: string; bytes: Buffer | null; fully_uploaded: boolean }
  >;
  activities: Array<Record<string, unknown>>;
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Answer the next requests whose path starts with `prefix` with these faults, in order. */
  fail(prefix: string, faults: Fault[]): void;
  /**
   * From now on, answer this share (0..1) of API and upload calls with a fault before doing
   * anything: in turn 429 (Retry-After `retryAfter` seconds), 500, 502, 503. 0 stops it.
   */
  failAtRandom(rate: number, retryAfter?: string, random?: () => number): void;
  /** Faults answered by failAtRandom so far, by status. */
  randomFaults: Record<number, number>;
  /** Every access token issued so far stops working (as after its expiry). */
  expireAccessTokens(): void;
  /** Seconds the next issued access tokens live. */
  setExpiresIn(seconds: number): void;
  tokenGrants: string[];
  close(): Promise<void>;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeClio(options: { pageSize?: number } = {}): Promise<FakeClio> {
  const pageSize = options.pageSize ?? 200;
  const codes = new Map<string, { challenge: string; redirect_uri: string }>();
  const validTokens = new Set<string>();
  const refreshTokens = new Set<string>();
  const faults: Array<{ prefix: string; fault: Fault }> = [];
  const randomFault = { rate: 0, retryAfter: '1', random: Math.random, turn: 0 };
  const RANDOM_STATUSES = [429, 500, 502, 503];
  const byUuid = new Map<string, string>();
  let expiresIn = 3600;
  let counter = 0;

  const fake: Omit<FakeClio, 'url' | 'close'> = {
    clientId: 'lexdesk-test-client',
    clientSecret: 'lexdesk-test-secret',
    matters: [],
    users: [],
    documents: new Map(),
    activities: [],
    requests: [],
    tokenGrants: [],
    fail(prefix, list) {
      for (const fault of list) faults.push({ prefix, fault });
    },
    failAtRandom(rate, retryAfter = '1', random = Math.random) {
      Object.assign(randomFault, { rate, retryAfter, random });
    },
    randomFaults: {},
    expireAccessTokens() {
      validTokens.clear();
    },
    setExpiresIn(seconds) {
      expiresIn = seconds;
    },
  };

  const issue = () => {
    counter += 1;
    const access = `at-${counter}-${randomUUID()}`;
    validTokens.add(access);
    return access;
  };

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const path = url.pathname;
      fake.requests.push({
        method: req.method ?? '',
        path,
        authorization: req.headers.authorization,
      });
      const raw = await bodyOf(req);
      const faultIndex = faults.findIndex((f) => path.startsWith(f.prefix));
      if (faultIndex >= 0) {
        const [{ fault }] = faults.splice(faultIndex, 1) as [{ prefix: string; fault: Fault }];
        if (!fault.pass)
          return send(
            res,
            fault.status,
            { error: { message: `fake fault ${fault.status}` } },
            fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
          );
      }
      if (
        randomFault.rate > 0 &&
        (path.startsWith('/api/v4/') || path.startsWith('/upload/')) &&
        randomFault.random() < randomFault.rate
      ) {
        const status = RANDOM_STATUSES[randomFault.turn++ % RANDOM_STATUSES.length] ?? 500;
        fake.randomFaults[status] = (fake.randomFaults[status] ?? 0) + 1;
        return send(
          res,
          status,
          { error: { message: `fake fault ${status}` } },
          status === 429 ? { 'retry-after': randomFault.retryAfter } : {},
        );
      }
      if (req.method === 'GET' && path === '/oauth/authorize') {
        const code = `code-${randomUUID()}`;
        const redirect = url.searchParams.get('redirect_uri') ?? '';
        codes.set(code, {
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirect_uri: redirect,
        });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && path === '/oauth/token') {
        const form = new URLSearchParams(raw.toString('utf8'));
        if (
          form.get('client_id') !== fake.clientId ||
          form.get('client_secret') !== fake.clientSecret
        )
          return send(res, 401, { error: 'invalid_client' });
        const grant = form.get('grant_type') ?? '';
        fake.tokenGrants.push(grant);
        if (grant === 'authorization_code') {
          const entry = codes.get(form.get('code') ?? '');
          if (!entry) return send(res, 400, { error: 'invalid_grant' });
          codes.delete(form.get('code') ?? '');
          if (sha256(form.get('code_verifier') ?? '') !== entry.challenge)
            return send(res, 400, { error: 'invalid_grant' });
          if (form.get('redirect_uri') !== entry.redirect_uri)
            return send(res, 400, { error: 'invalid_grant' });
          const refresh = `rt-${randomUUID()}`;
          refreshTokens.add(refresh);
          return send(res, 200, {
            access_token: issue(),
            token_type: 'bearer',
            expires_in: expiresIn,
            refresh_token: refresh,
          });
        }
        if (grant === 'refresh_token') {
          if (!refreshTokens.has(form.get('refresh_token') ?? ''))
            return send(res, 400, { error: 'invalid_grant' });
          return send(res, 200, {
            access_token: issue(),
            token_type: 'bearer',
            expires_in: expiresIn,
          });
        }
        return send(res, 400, { error: 'unsupported_grant_type' });
      }
      if (req.method === 'PUT' && path.startsWith('/upload/')) {
        const uuid = path.slice('/upload/'.length);
        const doc = fake.documents.get(byUuid.get(uuid) ?? '');
        if (!doc) return send(res, 404, { error: 'no such upload' });
        doc.bytes = raw;
        res.writeHead(200);
        return res.end();
      }
      if (!path.startsWith('/api/v4/')) return send(res, 404, { error: 'not found' });
      const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!validTokens.has(token))
        return send(res, 401, { error: { message: 'The access token is invalid or expired' } });
      if (
        req.method === 'GET' &&
        (path === '/api/v4/matters.json' || path === '/api/v4/users.json')
      ) {
        const records: Array<{ id: number }> =
          path === '/api/v4/users.json' ? fake.users : fake.matters;
        const after = Number(url.searchParams.get('page_token') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? pageSize), pageSize);
        // A binary search from the cursor (100,000 matters in the crm-sync bench).
        const sorted = sortedById(records);
        let from = 0;
        for (let to = sorted.length; from < to;) {
          const mid = (from + to) >> 1;
          if ((sorted[mid]?.id ?? 0) > after) to = mid;
          else from = mid + 1;
        }
        const data = sorted.slice(from, from + limit);
        const last = data[data.length - 1];
        const next =
          sorted.length - from > limit && last
            ? (() => {
                const n = new URL(url.toString());
                n.searchParams.set('page_token', String(last.id));
                return n.toString();
              })()
            : undefined;
        return send(res, 200, {
          data,
          meta: { paging: next ? { next } : {}, records: records.length },
        });
      }
      const json = raw.length
        ? (JSON.parse(raw.toString('utf8')) as { data: Record<string, unknown> })
        : { data: {} };
      if (req.method === 'POST' && path === '/api/v4/documents.json') {
        const id = String(fake.documents.size + 1);
        const uuid = randomUUID();
        const parent = json.data.parent as { id: string };
        fake.documents.set(id, {
          name: String(json.data.name),
          matter_id: String(parent.id),
          uuid,
          bytes: null,
          fully_uploaded: false,
        });
        byUuid.set(uuid, id);
        return send(res, 201, {
          data: {
            id: Number(id),
            latest_document_version: {
              uuid,
              put_url: `http://${req.headers.host}/upload/${uuid}`,
              put_headers: [{ name: 'content-type', value: 'application/pdf' }],
            },
          },
        });
      }
      const patch = /^\/api\/v4\/documents\/(\d+)\.json$/.exec(path);
      if (req.method === 'PATCH' && patch) {
        const doc = fake.documents.get(patch[1] ?? '');
        if (!doc || doc.uuid !== json.data.uuid)
          return send(res, 422, { error: { message: 'unknown version' } });
        doc.fully_uploaded = json.data.fully_uploaded === true;
        return send(res, 200, { data: { id: Number(patch[1]) } });
      }
      if (req.method === 'POST' && path === '/api/v4/activities.json') {
        fake.activities.push(json.data);
        return send(res, 201, { data: { id: fake.activities.length } });
      }
      return send(res, 404, { error: 'not found' });
    })().catch((error: unknown) => send(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** The records sorted by id (as they are when added in order: then no copy is made). */
function sortedById<T extends { id: number }>(records: T[]): T[] {
  for (let i = 1; i < records.length; i++)
    if ((records[i - 1]?.id ?? 0) > (records[i]?.id ?? 0))
      return [...records].sort((x, y) => x.id - y.id);
  return records;
}

export function matterFixture(id: number, overrides: Partial<FakeMatter> = {}): FakeMatter {
  return {
    id,
    display_number: `WC-${String(id).padStart(5, '0')}`,
    description: `Applicant ${id} v. Employer ${id}`,
    status: 'Open',
    client: { name: `Client ${id}` },
    practice_area: { name: "Workers' Compensation" },
    open_date: '2025-03-04',
    ...overrides,
  };
}

export function userFixture(id: number, overrides: Partial<FakeUser> = {}): FakeUser {
  return {
    id,
    first_name: `First${id}`,
    last_name: `Last${id}`,
    email: `user${id}@firm.example`,
    enabled: true,
    subscription_type: 'NonAttorney',
    ...overrides,
  };
}
