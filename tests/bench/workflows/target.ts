/**
 * The counting fake webhook target of the workflows bench: every call is recorded with its run,
 * node and idempotency key. A receiver that honours the key applies one effect per key, so the
 * effects of one (run, node) are its distinct keys: more than one is a duplicate effect, none a
 * missing one. While `holdCall(n)` is armed, the n-th call is held open (the worker is killed
 * while it waits on it) and `held` resolves.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CountingTarget {
  url: string;
  calls: Array<{ key: string; effect: string }>;
  /** Holds the `n`-th call from now open; resolves when it arrives. */
  holdCall(n: number): Promise<void>;
  /** Lets go of a held call (its connection is cut, as a dead worker's is). */
  release(): void;
  /** Effects by (run, node): how many distinct keys each received. */
  effects(): Map<string, number>;
  close(): Promise<void>;
}

export async function startCountingTarget(): Promise<CountingTarget> {
  const calls: Array<{ key: string; effect: string }> = [];
  let holdAt = 0;
  let onHeld: () => void = () => undefined;
  const held: http.ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: { run_id?: string; node_id?: string } = {};
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
      } catch {
        // Counted under an unknown effect: a malformed call is still a call.
      }
      calls.push({
        key: String(req.headers['idempotency-key']),
        effect: `${body.run_id ?? '?'}:${body.node_id ?? '?'}`,
      });
      if (holdAt > 0 && calls.length >= holdAt) {
        holdAt = 0;
        held.push(res);
        onHeld();
        return;
      }
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    calls,
    holdCall(n) {
      holdAt = calls.length + n;
      return new Promise<void>((resolve) => (onHeld = resolve));
    },
    release() {
      for (const res of held.splice(0)) res.destroy();
    },
    effects() {
      const keys = new Map<string, Set<string>>();
      for (const call of calls)
        keys.set(call.effect, (keys.get(call.effect) ?? new Set()).add(call.key));
      return new Map([...keys].map(([effect, set]) => [effect, set.size]));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
