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
    expect(byId.get(3)).toEqual({ kind: 'result', id: 3, response: { shown: false } });
    client.ws.close();
  });

  it('given two clients, when one updates settings, then both receive the settings:changed event', async () => {
    const a = connect({ token: host.bridgeToken });
    const b = connect({ token: host.bridgeToken });
    await Promise.all([a.opened, b.opened]);
    a.ws.send(
      JSON.stringify({ id: 1, channel: 'settings:update', request: { startMinimised: true } }),
    );
    const expected = {
      kind: 'event',
      event: 'settings:changed',
      payload: { nativeNotifications: true, startMinimised: true },
    };
    expect(await b.next(1)).toEqual([expected]);
    expect(await a.next(2)).toEqual(expect.arrayContaining([expected]));
    a.ws.close();
    b.ws.close();
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
