/**
 * The baseline's receiving end, in a process of its own (as the LexDesk server is): a minimal
 * node:http server that streams each request body to the file argv[2] and answers 204. Prints
 * its port as one line.
 */
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pipeline } from 'node:stream/promises';

const target = process.argv[2] ?? '';
const server = createServer((req, res) => {
  pipeline(req, createWriteStream(target)).then(
    () => res.writeHead(204).end(),
    () => res.writeHead(500).end(),
  );
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
