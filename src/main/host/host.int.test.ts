import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { WsServerMessage } from '../../shared/ipc/contract';
import { startHost, type RunningHost } from '../host';
import { CLOSE_UNAUTHORIZED } from './bridge';
import { until } from '../../../tests/support/until';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURE = path.join(ROOT, 'src', 'main', 'services', 'fixtures', 'fake-server.mjs');
const PAGE =
  '<!doctype html><html><head><meta name="lexdesk-bridge-token" content=""></head><body></body></html>';

let fakeApi: Server;
let fakeApiUrl: string;
let host: RunningHost;
let dataDir: string;

async function tempRenderer(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'lexdesk-renderer-'));
  await writeFile(path.join(dir, 'index.html'), PAGE);
  await writeFile(path.join(dir, 'app.js'), 'console.log(1)');
  return dir;
}

beforeAll(async () => {
  fakeApi = createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => fakeApi.listen(0, '127.0.0.1', resolve));
  fakeApiUrl = `http://127.0.0.1:${(fakeApi.address() as AddressInfo).port}`;
  dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-host-'));
  host = await startHost({
    root: ROOT,
    dataDir,
    port: 0,
    serverUrl: fakeApiUrl,
    rendererDir: await tempRenderer(),
    log: () => undefined,
  });
});

afterAll(async () => {
  await host.close();
  await new Promise((resolve) => fakeApi.close(resolve));
});

/** A GET with the path sent exactly as written (fetch would normalise `..` away). */
function rawGet(pathname: string, headers: Record<string, string> = {}): Promise<number> {
  const { port } = new URL(host.url);
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, path: pathname, headers }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    })
      .on('error', reject)
      .end();
  });
}

/** Opens a bridge socket; resolves once open, or with the HTTP status / close code that refused it. */
function connect(options: { token?: string; origin?: string }) {
  const query = options.token === undefined ? '' : `?token=${encodeURIComponent(options.token)}`;
  const ws = new WebSocket(`${host.url.replace('http', 'ws')}/desktop-bridge${query}`, {
    headers: { Origin: options.origin ?? host.url },
  });
  const messages: WsServerMessage[] = [];
  ws.on('message', (data) => messages.push(WsServerMessage.parse(JSON.parse(String(data)))));
  const opened = new Promise<{ status: number | null }>((resolve) => {
    ws.on('open', () => resolve({ status: null }));
    ws.on('unexpected-response', (_req, res) => resolve({ status: res.statusCode ?? 0 }));
    ws.on('error', () => resolve({ status: -1 }));
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  const next = async (count: number): Promise<WsServerMessage[]> => {
    await until(() => messages.length >= count, 20_000, `${count} messages`);
    return messages.slice(0, count);
  };
  return { ws, opened, closed, next, messages };
}

describe('headless host over HTTP', () => {
  it('given the page, when fetched, then the bridge token is injected and the CSP names the server', async () => {
    const res = await fetch(`${host.url}/company/settings`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain(
      `<meta name="lexdesk-bridge-token" content="${host.bridgeToken}">`,
    );
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain(`connect-src 'self' ${fakeApiUrl} ${fakeApiUrl.replace('http', 'ws')}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('given an asset and a traversal attempt, when fetched, then the asset is served with its type and the traversal refused', async () => {
    const asset = await fetch(`${host.url}/app.js`);
    expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await rawGet('/../../etc/passwd')).toBe(403);
    expect(await rawGet('/%2e%2e/%2e%2e/etc/passwd')).toBe(403);
    expect(await rawGet('/assets/..%5c..%5cpackage.json')).toBe(403);
    expect((await fetch(`${host.url}/`, { method: 'POST' })).status).toBe(405);
  });

  it('given a foreign Host header (DNS rebinding), when the page is requested, then it is refused', async () => {
    expect(await rawGet('/', { Host: 'attacker.example' })).toBe(403);
    expect(await rawGet('/', { Host: new URL(host.url).host })).toBe(200);
  });
});

describe('headless host bridge', () => {
  it('given a foreign origin, when connecting with the right token, then the upgrade is refused', async () => {
    expect(
      await connect({ token: host.bridgeToken, origin: 'http://evil.example' }).opened,
    ).toEqual({ status: 403 });
  });

  it('given a wrong token in the URL, when connecting, then the upgrade is refused', async () => {
    expect(await connect({ token: 'wrong' }).opened).toEqual({ status: 401 });
  });

  it('given no token, when the first message is a wrong token, then the socket is closed as unauthorized', async () => {
    const client = connect({});
    await client.opened;
    client.ws.send(JSON.stringify({ token: 'wrong-token' }));
    expect(await client.closed).toBe(CLOSE_UNAUTHORIZED);
  });

  it('given the right token as first message, when app:info is called, then it answers with the server URL', async () => {
    const client = connect({});
    await client.opened;
    client.ws.send(JSON.stringify({ token: host.bridgeToken }));
    client.ws.send(JSON.stringify({ id: 7, channel: 'app:info', request: {} }));
    const [answer] = await client.next(1);
    expect(answer).toMatchObject({
      kind: 'result',
      id: 7,
      response: { serverUrl: fakeApiUrl, transport: 'websocket' },
    });
    client.ws.close();
  });

  it('given a token in the URL, when calls are invalid, then each gets an error and the socket stays usable', async () => {
    const client = connect({ token: host.bridgeToken });
    expect(await client.opened).toEqual({ status: null });
    client.ws.send(JSON.stringify({ id: 1, channel: 'session:save', request: { token: 'x' } }));
    client.ws.send(JSON.stringify({ id: 2, channel: 'nope:nope', request: {} }));
    client.ws.send('not json');
    client.ws.send(
      JSON.stringify({
        id: 3,
        channel: 'notifications:showNative',
        request: { title: 'T', body: 'B', redirect: null },
      }),
    );
    const answers = await client.next(4);
    const byId = new Map(answers.map((m) => [m.kind === 'event' ? 'event' : m.id, m]));
    expect(byId.get(1)).toMatchObject({ kind: 'error', error: { code: 'INVALID_REQUEST' } });
    expect(byId.get(2)).toMatchObject({ kind: 'error', error: { code: 'UNKNOWN_CHANNEL' } });
    expect(byId.get(-1)).toMatchObject({ kind: 'error', error: { code: 'INVALID_MESSAGE' } });
    // Not signed in: no window key, so no native notification either.
    expect(byId.get(3)).toMatchObject({ kind: 'error', error: { code: 'WINDOW_NOT_SIGNED_IN' } });
    client.ws.close();
  });

  it('given a signed-in window and another client, when settings change, then only the signed-in window hears of it', async () => {
    const a = connect({ token: host.bridgeToken });
    const b = connect({ token: host.bridgeToken });
    await Promise.all([a.opened, b.opened]);
    const key = await signInWindow(a, 1);
    a.ws.send(
      JSON.stringify({
        id: 2,
        channel: 'settings:update',
        request: { startMinimised: true },
        window: key,
      }),
    );
    const expected = {
      kind: 'event',
      event: 'settings:changed',
      payload: { nativeNotifications: true, startMinimised: true },
    };
    expect(await a.next(3)).toEqual(expect.arrayContaining([expected]));
    // The event went out before a's answer; b's first message is the answer to its own call.
    b.ws.send(JSON.stringify({ id: 9, channel: 'app:info', request: {} }));
    expect((await b.next(1))[0]).toMatchObject({ kind: 'result', id: 9 });
    a.ws.close();
    b.ws.close();
  });
});

const SESSION_TOKEN = 'a-session-token-from-the-server';
const SESSION_CHANNELS = [
  ['uploads:list', {}],
  ['uploads:counts', {}],
  ['watch:list', {}],
  ['review:status', {}],
  ['review:lastViewer', {}],
  ['settings:update', { startMinimised: false }],
] as const;

/** session:save on `client` (call `id`); resolves the window key the host answered. */
async function signInWindow(client: ReturnType<typeof connect>, id: number): Promise<string> {
  const before = client.messages.length;
  client.ws.send(
    JSON.stringify({ id, channel: 'session:save', request: { token: SESSION_TOKEN } }),
  );
  await until(
    () => client.messages.slice(before).some((m) => m.kind !== 'event' && m.id === id),
    20_000,
    'the session:save answer',
  );
  const answer = client.messages.slice(before).find((m) => m.kind !== 'event' && m.id === id);
  if (answer?.kind !== 'result' || !answer.window) throw new Error('no window key answered');
  return answer.window;
}

/** One call on `client`; resolves its answer. */
async function call(
  client: ReturnType<typeof connect>,
  id: number,
  channel: string,
  request: unknown,
  window?: string,
): Promise<WsServerMessage> {
  const before = client.messages.length;
  client.ws.send(JSON.stringify({ id, channel, request, ...(window ? { window } : {}) }));
  const isAnswer = (m: WsServerMessage) => m.kind !== 'event' && m.id === id;
  await until(() => client.messages.slice(before).some(isAnswer), 20_000, `answer ${id}`);
  return client.messages.slice(before).find(isAnswer)!;
}

describe('headless host session bound to the window that signed in', () => {
  it('given a signed-in window, when another client with the page token calls, then it gets no session and no session-bearing service', async () => {
    const signedIn = connect({ token: host.bridgeToken });
    const stranger = connect({ token: host.bridgeToken });
    await Promise.all([signedIn.opened, stranger.opened]);
    const key = await signInWindow(signedIn, 1);

    expect(await call(stranger, 2, 'session:load', {})).toEqual({
      kind: 'result',
      id: 2,
      response: { token: null },
    });
    let id = 10;
    for (const [channel, request] of SESSION_CHANNELS) {
      expect(await call(stranger, id++, channel, request)).toMatchObject({
        kind: 'error',
        error: { code: 'WINDOW_NOT_SIGNED_IN' },
      });
      expect(await call(stranger, id++, channel, request, 'a-guessed-window-key')).toMatchObject({
        kind: 'error',
        error: { code: 'WINDOW_NOT_SIGNED_IN' },
      });
    }
    // Its sign-out changes nothing for the window that signed in.
    expect(await call(stranger, 30, 'session:clear', {})).toMatchObject({ kind: 'result' });

    expect(await call(signedIn, 2, 'session:load', {}, key)).toEqual({
      kind: 'result',
      id: 2,
      response: { token: SESSION_TOKEN },
    });
    expect(await call(signedIn, 3, 'uploads:counts', {}, key)).toMatchObject({
      kind: 'result',
      response: { active: 0 },
    });
    expect(await call(signedIn, 4, 'session:clear', {}, key)).toMatchObject({ kind: 'result' });
    expect(await call(signedIn, 5, 'session:load', {}, key)).toMatchObject({
      response: { token: null },
    });
    signedIn.ws.close();
    stranger.ws.close();
  });

  it('given a plain client that fetched the page, when it asks for the session, then it gets none', async () => {
    const signedIn = connect({ token: host.bridgeToken });
    await signedIn.opened;
    await signInWindow(signedIn, 1);
    // What any local process can do: read the page for its token, then open the bridge.
    const page = await (await fetch(host.url)).text();
    const token = /name="lexdesk-bridge-token" content="([^"]+)"/.exec(page)?.[1];
    expect(token).toBe(host.bridgeToken);
    const curl = connect({ token });
    await curl.opened;
    expect(await call(curl, 1, 'session:load', {})).toMatchObject({ response: { token: null } });
    expect(await call(curl, 2, 'review:status', {})).toMatchObject({
      error: { code: 'WINDOW_NOT_SIGNED_IN' },
    });
    signedIn.ws.close();
    curl.ws.close();
  });

  it('given a signed-in window, when another window signs in, then the first is told and its key stops working', async () => {
    const first = connect({ token: host.bridgeToken });
    const second = connect({ token: host.bridgeToken });
    await Promise.all([first.opened, second.opened]);
    const firstKey = await signInWindow(first, 1);
    const secondKey = await signInWindow(second, 1);
    expect(secondKey).not.toBe(firstKey);
    await until(
      () => first.messages.some((m) => m.kind === 'event' && m.event === 'session:ended'),
      20_000,
      'session:ended',
    );
    expect(first.messages).toContainEqual({
      kind: 'event',
      event: 'session:ended',
      payload: { reason: 'signed-in-elsewhere' },
    });
    expect(await call(first, 2, 'session:load', {}, firstKey)).toMatchObject({
      response: { token: null },
    });
    expect(await call(second, 2, 'session:load', {}, secondKey)).toMatchObject({
      response: { token: SESSION_TOKEN },
    });
    await call(second, 3, 'session:clear', {}, secondKey);
    first.ws.close();
    second.ws.close();
  });

  it('given a foreign origin with the page token and the window key, when connecting, then the upgrade is refused', async () => {
    const signedIn = connect({ token: host.bridgeToken });
    await signedIn.opened;
    const key = await signInWindow(signedIn, 1);
    const ws = new WebSocket(
      `${host.url.replace('http', 'ws')}/desktop-bridge?token=${host.bridgeToken}&window=${key}`,
      { headers: { Origin: 'http://evil.example' } },
    );
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
    await call(signedIn, 2, 'session:clear', {}, key);
    signedIn.ws.close();
  });
});

describe('headless host with its own server child', () => {
  it('given a server child that fails, when the host starts, then the child message is the error', async () => {
    const start = startHost({
      root: ROOT,
      dataDir,
      port: 0,
      rendererDir: await tempRenderer(),
      log: () => undefined,
      serverCommand: { command: process.execPath, args: [FIXTURE], env: { FAKE_MODE: 'fail' } },
    });
    await expect(start).rejects.toThrow('another LexDesk is using the data folder');
  });

  it('given a server child that gets ready, when app:info is asked, then its URL is reported and close stops it', async () => {
    const own = await startHost({
      root: ROOT,
      dataDir,
      port: 0,
      rendererDir: await tempRenderer(),
      log: () => undefined,
      serverCommand: { command: process.execPath, args: [FIXTURE], env: { FAKE_MODE: 'ready' } },
    });
    expect(own.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect((await fetch(`${own.serverUrl}/health`)).status).toBe(200);
    await own.close();
    await expect(fetch(`${own.serverUrl}/health`)).rejects.toThrow();
  });

  it('given no renderer build, when the host starts, then it says how to build it', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'lexdesk-empty-'));
    await expect(
      startHost({ root: ROOT, dataDir, port: 0, serverUrl: fakeApiUrl, rendererDir: empty }),
    ).rejects.toThrow(/npm run build:renderer/);
  });
});
