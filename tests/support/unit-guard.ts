/**
 * Set-up file of the `unit` project (vitest.config.ts): a unit test starts no process, listens on
 * no socket and opens no connection, so the tier stays fast and needs no database. Each of those
 * throws here with the way out: a test that needs them is an integration test (`*.int.test.ts`
 * beside the code, or a file in tests/integration) or a slow one (`*.slow.test.ts`).
 */
import { createRequire } from 'node:module';
import { syncBuiltinESMExports } from 'node:module';
import net from 'node:net';

function refuse(what: string): never {
  throw new Error(
    `${what} in a unit test. Unit tests start no processes, servers or connections: ` +
      'name the file *.int.test.ts (integration tier) or *.slow.test.ts (slow tier) instead.',
  );
}

const require = createRequire(import.meta.url);
const childProcess = require('node:child_process') as object;
for (const name of ['spawn', 'spawnSync', 'fork', 'exec', 'execSync', 'execFile', 'execFileSync']) {
  Reflect.set(childProcess, name, () => refuse(`child_process.${name}()`));
}
// http, https and every server library listen through net.Server; pg, fetch and ws connect
// through net.Socket.
net.Server.prototype.listen = function listen(): never {
  refuse('Listening on a socket');
};
net.Socket.prototype.connect = function connect(): never {
  refuse('Opening a socket');
};
// `import { spawn } from 'node:child_process'` reads the ESM bindings: bring them in line.
syncBuiltinESMExports();
