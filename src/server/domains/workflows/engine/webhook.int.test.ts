import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NodeFailure } from './errors';
import { callWebhook, SSRF_REFUSED } from './webhook';

let server: http.Server;
let port = 0;
let calls = 0;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    calls += 1;
    res.end('fine');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const call = (host: string, allowPrivate: boolean) =>
  callWebhook({
    url: `http://${host}:${port}/hook`,
    secret: 'a-secret-of-16-chars',
    body: { hello: 'world' },
    idempotencyKey: 'k',
    allowPrivate,
  });

describe('webhook SSRF guard', () => {
  it('refuses a loopback address, written out or resolved from a name, without connecting', async () => {
    for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
      const failure = await call(host, false).catch((error: unknown) => error);
      expect(failure, host).toBeInstanceOf(NodeFailure);
      expect((failure as NodeFailure).message).toBe(SSRF_REFUSED);
      expect((failure as NodeFailure).transient).toBe(false);
    }
    expect(calls).toBe(0);
  });

  it('calls a private target when the server settings allow it', async () => {
    expect(await call('127.0.0.1', true)).toEqual({ status: 200, body: 'fine' });
    expect(calls).toBe(1);
  });
});
