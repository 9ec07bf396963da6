import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCsp, webSocketOrigin } from './csp';
import { lookupStaticFile } from './staticFiles';

let root: string;
beforeAll(async () => {
  const base = await mkdtemp(path.join(tmpdir(), 'lexdesk-static-'));
  root = path.join(base, 'renderer');
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await writeFile(path.join(root, 'index.html'), '<html></html>');
  await writeFile(path.join(root, 'assets', 'app-1.js'), 'x');
  await writeFile(path.join(root, '.env'), 'SECRET=1');
  await writeFile(path.join(base, 'secret.txt'), 'outside');
});

describe('lookupStaticFile', () => {
  it('given an asset path, when looked up, then the file and its content type are returned', async () => {
    expect(await lookupStaticFile(root, '/assets/app-1.js')).toEqual({
      status: 'ok',
      file: path.join(root, 'assets', 'app-1.js'),
      contentType: 'text/javascript; charset=utf-8',
      isIndex: false,
    });
  });

  it('given the root or a client-side route, when looked up, then index.html is served', async () => {
    for (const route of ['/', '/settings/company', '/users/']) {
      const found = await lookupStaticFile(root, route);
      expect(found.status === 'ok' && found.isIndex).toBe(true);
    }
  });

  it('given a missing file with an extension, when looked up, then it is not found', async () => {
    expect(await lookupStaticFile(root, '/assets/missing.js')).toEqual({ status: 'not-found' });
  });

  it('given traversal attempts, when looked up, then they are refused', async () => {
    for (const attempt of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets%5c..%5c..%5csecret.txt',
      '/.env',
    ]) {
      expect((await lookupStaticFile(root, attempt)).status).toBe('forbidden');
    }
    expect((await lookupStaticFile(root, '/%E0%A4%A')).status).toBe('bad-request');
    expect((await lookupStaticFile(root, '/a%00.js')).status).toBe('bad-request');
  });
});

describe('buildCsp', () => {
  it('given a server URL, when the policy is built, then scripts stay on self and the server is reachable over http and ws', () => {
    const csp = buildCsp({
      serverUrl: 'http://127.0.0.1:4000/',
      extraConnectSrc: ['ws://127.0.0.1:4780'],
    });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain(
      "connect-src 'self' http://127.0.0.1:4000 ws://127.0.0.1:4000 ws://127.0.0.1:4780;",
    );
    expect(csp).toContain("img-src 'self' data: blob: http://127.0.0.1:4000;");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(webSocketOrigin('https://lexdesk.example.com/api')).toBe('wss://lexdesk.example.com');
  });
});
