/**
 * `npm run fuzz -- [--seed N] [--count N] [--seconds N] [--only TEXT] [--case N] [--slow-ms N]
 * [--verbose]`: starts a LexDesk server on a fresh database (the PostgreSQL at DATABASE_URL, or an
 * embedded one of its own), fuzzes every endpoint over loopback and prints every distinct failure.
 * Exits 1 on any 5xx, masked internal error, crash, missing reply or reply slower than --slow-ms.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { createFixtures } from './fixtures';
import { startHarness } from './harness';
import { describeLog } from './oracle';
import { describeRequest, formatReport } from './report';
import { failing, runFuzz } from './runner';
import { closeConnections } from './wire';

const { values } = parseArgs({
  options: {
    seed: { type: 'string' },
    count: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '600' },
    only: { type: 'string' },
    case: { type: 'string' },
    'slow-ms': { type: 'string', default: '2000' },
    verbose: { type: 'boolean', default: false },
  },
});

const whole = (name: string, text: string | undefined, fallback: number) => {
  const value = text === undefined ? fallback : Number(text);
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number`);
  return value;
};

async function main(): Promise<number> {
  const seed = whole('seed', values.seed, Math.floor(Math.random() * 2 ** 31));
  const options = {
    seed,
    count: whole('count', values.count, 5000),
    seconds: whole('seconds', values.seconds, 600),
    slowMs: whole('slow-ms', values['slow-ms'], 2000),
    timeoutMs: 30_000,
    only: values.only,
    caseIndex: values.case === undefined ? undefined : whole('case', values.case, 0),
  };
  process.stdout.write(`fuzz: seed ${seed} (replay with --seed ${seed})\n`);

  let embedded: EmbeddedPostgres | undefined;
  let dataDir: string | undefined;
  if (!process.env.LEXDESK_TEST_ADMIN_URL) {
    if (process.env.DATABASE_URL) process.env.LEXDESK_TEST_ADMIN_URL = process.env.DATABASE_URL;
    else {
      dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-fuzz-pg-'));
      embedded = await startEmbeddedPostgres({ dataDir });
      const url = new URL(embedded.url);
      url.pathname = '/postgres';
      process.env.LEXDESK_TEST_ADMIN_URL = url.toString();
    }
  }
  const harness = await startHarness();
  try {
    const fixtures = await createFixtures(harness.server);
    const report = await runFuzz(harness, fixtures, {
      ...options,
      onCase: (index, fuzzCase, verdicts) => {
        if (!values.verbose && options.caseIndex === undefined) return;
        const line = `#${index} ${fuzzCase.target} ${fuzzCase.mutation}/${fuzzCase.kind} @${fuzzCase.where} as ${fuzzCase.role}`;
        process.stdout.write(
          `${line}: ${verdicts.map((v) => `${v.cause} ${v.detail}`).join('; ') || 'ok'}\n`,
        );
        if (options.caseIndex !== undefined)
          process.stdout.write(`    ${describeRequest(fuzzCase)}\n`);
      },
    });
    process.stdout.write(`${formatReport(report, { failOnSlow: true })}\n`);
    if (options.caseIndex !== undefined)
      for (const line of harness.logs.lines) process.stdout.write(`log: ${describeLog(line)}\n`);
    return failing(report, true).length > 0 ? 1 : 0;
  } finally {
    closeConnections();
    await harness.close();
    await embedded?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `fuzz failed to run: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(2);
  },
);
