/**
 * The crm-sync bench's provider: the Clio fake (tests/support/fakeClio.ts) in a process of its own,
 * so its 100,000 matters do not count in the memory of the server process being measured. Prints
 * one `{"event":"ready",...}` line; then answers one JSON line per command read on stdin:
 * `{"cmd":"fail","rate":0.05,"retryAfter":"1"}` and `{"cmd":"report"}` (per document name, how many
 * Clio documents of it are fully uploaded and how many were created but never completed).
 */
import { createInterface } from 'node:readline';
import { matterFixture, startFakeClio } from '../../support/fakeClio';

const at = process.argv.indexOf('--matters');
const matters = Number(at >= 0 ? process.argv[at + 1] : 0);
const fake = await startFakeClio({ pageSize: 200 });
for (let id = 1; id <= matters; id++) fake.matters.push(matterFixture(id));

const reply = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
reply({
  event: 'ready',
  url: fake.url,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
});

createInterface({ input: process.stdin }).on('line', (line) => {
  const command = JSON.parse(line) as { cmd: string; rate?: number; retryAfter?: string };
  if (command.cmd === 'fail') {
    fake.failAtRandom(command.rate ?? 0, command.retryAfter ?? '1');
    reply({ ok: true });
  } else if (command.cmd === 'report') {
    const landed: Record<string, number> = {};
    let incomplete = 0;
    for (const doc of fake.documents.values()) {
      if (doc.fully_uploaded && doc.bytes) landed[doc.name] = (landed[doc.name] ?? 0) + 1;
      else incomplete += 1;
    }
    reply({ landed, incomplete, faults: fake.randomFaults, requests: fake.requests.length });
  } else reply({ error: `unknown command ${command.cmd}` });
});
process.stdin.on('end', () => {
  void fake.close().then(() => process.exit(0));
});
