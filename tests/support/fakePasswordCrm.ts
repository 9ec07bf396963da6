/**
 * The core of the loopback fakes of the CRMs that sign in with a user name and password
 * (fakeSmartAdvocate.ts, fakeContactsLaw.ts): one HTTP server on 127.0.0.1 that records every
 * request, answers the faults a test injected per path prefix (401, 429 with Retry-After, 5xx)
 * before anything else, serves `POST <signInPath>` {Username, Password} for its one user, and lets
 * through to the provider's own routes only calls carrying a live token (`Authorization: Bearer`,
 * or a query parameter where the provider documents one). Tokens end when the test "restarts" the
 * server (`expireTokens`) or, where the provider documents it, after `idleMs` without use.
 *
 * What the provider says and how is a parameter: the key of its messages (`message`/`Message`),
 * their texts and statuses, the token it issues and its sign-in answer.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CrmFault {
  status: number;
  retryAfter?: string;
}

export interface RecordedRequest {
  method: string;
  path: string;
  query: string;
  authorization: string | undefined;
  body: string;
}

/** What every password-CRM fake offers a test. */
export interface FakePasswordCrm {
  url: string;
  /** The one user who may sign in. */
  username: string;
  password: string;
  requests: RecordedRequest[];
  /** Sign-ins received (user names only). */
  signIns: string[];
  /** The next calls under `prefix` answer these faults, one each, in order. */
  fail(prefix: string, faults: CrmFault[]): void;
  /** Every token issued so far stops working (a restart). */
  expireTokens(): void;
  close(): Promise<void>;
}

type Reply = [status: number, message: string];

export interface FakePasswordCrmSpec {
  username: string;
  password: string;
  signInPath: string;
  /** The key the provider's error answers carry their text under. */
  messageKey: string;
  /** Answers to a sign-in whose body is not JSON or lacks a part, and to a wrong one. */
  malformed: Reply;
  wrong: Reply;
  /** The text of the 401 to a call without a live token, and of an answer the fake failed. */
  unauthorized: string;
  crashed: string;
  /** A sign-in with both parts given as the provider takes them (the rest are `malformed`). */
  complete(credentials: { Username?: unknown; Password?: unknown }): boolean;
  /** A new token and the sign-in's answer carrying it. */
  issue(): { token: string; answer: unknown };
  /** Tokens end after this long unused; never when absent. */
  idleMs?: number;
  /** A query parameter that may carry the token instead of the header. */
  tokenQuery?: string;
  /** The provider's signed routes; false when nothing is there (answered 404). */
  serve(method: string, url: URL, res: ServerResponse): boolean;
}

export function send(res: ServerResponse, status: number, body: unknown, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakePasswordCrm(spec: FakePasswordCrmSpec): Promise<FakePasswordCrm> {
  const faults = new Map<string, CrmFault[]>();
  /** token → when it was last used */
  const live = new Map<string, number>();
  const say = (res: ServerResponse, [status, message]: Reply, headers = {}) =>
    send(res, status, { [spec.messageKey]: message }, headers);

  const fake: Omit<FakePasswordCrm, 'url' | 'close'> = {
    username: spec.username,
    password: spec.password,
    requests: [],
    signIns: [],
    fail(prefix, list) {
      faults.set(prefix, [...(faults.get(prefix) ?? []), ...list]);
    },
    expireTokens() {
      live.clear();
    },
  };

  function takeFault(path: string): CrmFault | undefined {
    for (const [prefix, list] of faults)
      if (path.startsWith(prefix) && list.length > 0) return list.shift();
    return undefined;
  }

  function signIn(body: string, res: ServerResponse): void {
    let credentials: { Username?: unknown; Password?: unknown } = {};
    try {
      credentials = JSON.parse(body) as typeof credentials;
    } catch {
      say(res, spec.malformed);
      return;
    }
    if (!spec.complete(credentials)) {
      say(res, spec.malformed);
      return;
    }
    fake.signIns.push(String(credentials.Username));
    if (credentials.Username !== fake.username || credentials.Password !== fake.password) {
      say(res, spec.wrong);
      return;
    }
    const { token, answer } = spec.issue();
    live.set(token, Date.now());
    send(res, 200, answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const body = await bodyOf(req);
    const { authorization } = req.headers;
    fake.requests.push({ method, path: url.pathname, query: url.search, authorization, body });
    const fault = takeFault(url.pathname);
    if (fault) {
      const retry = fault.retryAfter ? { 'retry-after': fault.retryAfter } : {};
      say(res, [fault.status, `fault ${fault.status}`], retry);
      return;
    }
    if (method === 'POST' && url.pathname === spec.signInPath) {
      signIn(body, res);
      return;
    }
    const token = authorization?.startsWith('Bearer ')
      ? authorization.slice(7)
      : ((spec.tokenQuery && url.searchParams.get(spec.tokenQuery)) ?? '');
    const lastUsed = live.get(token);
    if (lastUsed === undefined || (spec.idleMs && Date.now() - lastUsed > spec.idleMs)) {
      live.delete(token);
      say(res, [401, spec.unauthorized]);
      return;
    }
    live.set(token, Date.now());
    if (!spec.serve(method, url, res)) say(res, [404, 'Not found']);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch(() => say(res, [500, spec.crashed]));
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
