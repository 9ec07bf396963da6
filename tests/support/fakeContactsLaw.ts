/**
 * A local HTTP server on loopback that speaks the parts of the ContactsLaw REST API that its
 * documentation gives and LexDesk uses (src/server/domains/crm/contactslaw/README.md):
 * `POST /api/Authenticate` {Username, Password} → {Result: <token>, Message}, 400 for a missing
 * credential and 401 for a wrong one; every other call needs `Authorization: Bearer <token>` (or
 * the `accessToken` query parameter) and answers 401 once the token was unused for the idle window
 * (30 minutes, as documented) or the daemon "restarted" (`expireTokens`); `GET /api/Files`
 * (`member`, `deptWorkgroup`, `includeArchived`) → {Result: [matter items]}, archived ones only when
 * asked. The documentation gives no paging for it, so neither does the fake. Tests inject faults per
 * path (401, 429 with Retry-After, 5xx) and read what was received.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeClFile {
  Client: number;
  File: number;
  Matter: string;
  CreatedDate: string;
  MgrSupr: string;
  Unbilled: number;
  Trust: number;
  Debtors: number;
  Disbs: number;
  IsClosed: boolean;
  IsActive: boolean;
  IsArchived: boolean;
  FileNumber: string | null;
  FileAs: string;
}

export interface ClFault {
  status: number;
  retryAfter?: string;
}

export interface FakeContactsLaw {
  url: string;
  /** The one member who may sign in. */
  username: string;
  password: string;
  files: FakeClFile[];
  requests: Array<{
    method: string;
    path: string;
    query: string;
    authorization: string | undefined;
    body: string;
  }>;
  /** Sign-ins received (user names only). */
  signIns: string[];
  fail(prefix: string, faults: ClFault[]): void;
  /** The daemon restarted: every token issued so far stops working. */
  expireTokens(): void;
  close(): Promise<void>;
}

/** Tokens end after this long unused (the documented 30 minutes). */
const IDLE_MS = 30 * 60_000;

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export async function startFakeContactsLaw(
  options: { username?: string; password?: string } = {},
): Promise<FakeContactsLaw> {
  const faults = new Map<string, ClFault[]>();
  /** token → when it was last used */
  const live = new Map<string, number>();

  const fake: Omit<FakeContactsLaw, 'url' | 'close'> = {
    username: options.username ?? 'records@harbourlane.example',
    password: options.password ?? 'cl-secret-3!',
    files: [],
    requests: [],
    signIns: [],
    fail(prefix, list) {
      faults.set(prefix, [...(faults.get(prefix) ?? []), ...list]);
    },
    expireTokens() {
      live.clear();
    },
  };

  function takeFault(path: string): ClFault | undefined {
    for (const [prefix, list] of faults)
      if (path.startsWith(prefix) && list.length > 0) return list.shift();
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await bodyOf(req);
    fake.requests.push({
      method,
      path: url.pathname,
      query: url.search,
      authorization: req.headers.authorization,
      body,
    });
    const fault = takeFault(url.pathname);
    if (fault) {
      send(
        res,
        fault.status,
        { Message: `fault ${fault.status}` },
        fault.retryAfter ? { 'retry-after': fault.retryAfter } : {},
      );
      return;
    }
    if (method === 'POST' && url.pathname === '/api/Authenticate') {
      let credentials: { Username?: unknown; Password?: unknown } = {};
      try {
        credentials = JSON.parse(body) as typeof credentials;
      } catch {
        send(res, 400, { Message: 'Missing/incomplete credentials.' });
        return;
      }
      if (typeof credentials.Username !== 'string' || typeof credentials.Password !== 'string') {
        send(res, 400, { Message: 'Missing/incomplete credentials.' });
        return;
      }
      fake.signIns.push(credentials.Username);
      if (credentials.Username !== fake.username || credentials.Password !== fake.password) {
        send(res, 401, { Message: 'Invalid credentials or deactivated user account.' });
        return;
      }
      const token = randomBytes(24).toString('base64');
      live.set(token, Date.now());
      send(res, 200, { Result: token });
      return;
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ')
      ? auth.slice(7)
      : (url.searchParams.get('accessToken') ?? '');
    const lastUsed = live.get(token);
    if (lastUsed === undefined || Date.now() - lastUsed > IDLE_MS) {
      live.delete(token);
      send(res, 401, { Message: 'Access token is invalid, expired or not specified.' });
      return;
    }
    live.set(token, Date.now());
    if (method === 'GET' && url.pathname === '/api/Files') {
      const archived = url.searchParams.get('includeArchived') === 'true';
      send(res, 200, { Result: fake.files.filter((f) => archived || !f.IsArchived) });
      return;
    }
    send(res, 404, { Message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { Message: 'An internal error occurred.' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      ),
  });
}
