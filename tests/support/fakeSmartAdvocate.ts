/**
 * A local HTTP server on loopback that speaks the parts of SmartAdvocate's CaseSync API that its
 * knowledge base documents and LexDesk uses (src/server/domains/crm/smartadvocate/README.md):
 * `POST /CaseSyncAPI/Users/authenticate` {Username, Password} → {username, userID, token} with the
 * token an HS256 JWT carrying `exp`; every other call needs `Authorization: Bearer <token>`;
 * `GET /CaseSyncAPI/case/CaseInfo?Casenumber=<pattern>` (`%` any run of characters) → the matching
 * cases. Tests inject faults per path (401, 429 with Retry-After, 5xx), expire tokens, and read what
 * was received.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeSaCase {
  caseID: number;
  caseNumber: string | null;
  caseType: string;
  caseStatus: string;
  officeName: string;
  plaintiffs: Array<{ id: number; name: string; role: string; primary: boolean }>;
}

export interface SaFault {
  status: number;
  retryAfter?: string;
}

export interface FakeSmartAdvocate {
  url: string;
  /** The one user who may sign in. */
  username: string;
  password: string;
  cases: FakeSaCase[];
  requests: Array<{ method: string; path: string; authorization: string | undefined }>;
  /** Sign-ins received (user names only). */
  signIns: string[];
  fail(prefix: string, faults: SaFault[]): void;
  /** Every token issued so far stops working. */
  expireTokens(): void;
  /** Seconds the next issued tokens live. */
  setLifetime(seconds: number): void;
  close(): Promise<void>;
}

const SECRET = randomUUID();

function jwt(claims: Record<string, unknown>): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const head = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(claims)}`;
  return `${head}.${createHmac('sha256', SECRET).update(head).digest('base64url')}`;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/** SQL LIKE with `%` only (what the documentation shows). */
function likes(pattern: string, value: string): boolean {
  const escaped = pattern
    .split('%')
    .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${escaped}$`, 'i').test(value);
}

export async function startFakeSmartAdvocate(
  options: { username?: string; password?: string } = {},
): Promise<FakeSmartAdvocate> {
  const faults = new Map<string, SaFault[]>();
  const live = new Set<string>();
  let lifetime = 3600;
  const userId = 677;

  const fake: Omit<FakeSmartAdvocate, 'url' | 'close'> = {
    username: options.username ?? 'paralegal@harborvine.example',
    password: options.password ?? 'sa-secret-1!',
    cases: [],
    requests: [],
    signIns: [],
    fail(prefix, list) {
      faults.set(prefix, [...(faults.get(prefix) ?? []), ...list]);
    },
    expireTokens() {
      live.clear();
    },
    setLifetime(seconds) {
      lifetime = seconds;
    },
  };

  function takeFault(path: string): SaFault | undefined {
    for (const [prefix, list] of faults)
      if (path.startsWith(prefix) && list.length > 0) return list.shift();
    return undefined;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    fake.requests.push({ method, path: url.pathname, authorization: req.headers.authorization });
    const fault = takeFault(url.pathname);
    if (fault) {
      send(
        res,
        fault.status,
        { message: `fault ${fault.status}` },
        {
          ...(fault.retryAfter ? { 'retry-after': fault.retryAfter } : {}),
        },
      );
      return;
    }
    if (method === 'POST' && url.pathname === '/CaseSyncAPI/Users/authenticate') {
      let body: { Username?: unknown; Password?: unknown } = {};
      try {
        body = JSON.parse(await bodyOf(req)) as typeof body;
      } catch {
        send(res, 400, { message: 'Invalid request' });
        return;
      }
      fake.signIns.push(String(body.Username));
      if (body.Username !== fake.username || body.Password !== fake.password) {
        send(res, 400, { message: 'Username or password is incorrect' });
        return;
      }
      const now = Math.floor(Date.now() / 1000);
      const userID = userId;
      const token = jwt({
        id: String(userID),
        nbf: now,
        exp: now + lifetime,
        iat: now,
        jti: randomUUID(),
      });
      live.add(token);
      send(res, 200, { username: fake.username, userID, token });
      return;
    }
    const auth = req.headers.authorization ?? '';
    const token = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    if (!live.has(token)) {
      send(res, 401, { message: 'Unauthorized' });
      return;
    }
    if (method === 'GET' && url.pathname === '/CaseSyncAPI/case/CaseInfo') {
      const pattern = url.searchParams.get('Casenumber') ?? '';
      send(
        res,
        200,
        fake.cases.filter((c) => c.caseNumber !== null && likes(pattern, c.caseNumber)),
      );
      return;
    }
    send(res, 404, { message: 'Not found' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { message: 'fake failed' }));
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
