import { createServer } from 'node:net';

/** Ports we never hand out, even if the OS offers them (5432 belongs to a system PostgreSQL). */
const RESERVED_PORTS = new Set([5432]);

function askOsForPort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() =>
        port > 0 ? resolve(port) : reject(new Error('The OS did not assign a port')),
      );
    });
  });
}

/**
 * Returns a TCP port that is free on `host` right now (the OS picks one from its ephemeral range).
 * Another process may still take it before the caller binds it, so callers retry on "address in use".
 */
export async function findFreePort(host = '127.0.0.1'): Promise<number> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const port = await askOsForPort(host);
    if (!RESERVED_PORTS.has(port)) return port;
  }
  throw new Error(`Could not find a free TCP port on ${host}`);
}
