/**
 * The short fuzz run of the suite (the engine is tests/fuzz; `npm run fuzz` is the long run): a
 * fixed seed and a fixed number of cases over every GraphQL field and REST route, signed in as
 * users of every role of three tenants. It fails on any 5xx, masked internal error, crash or
 * request left without a reply, printing each distinct failure with the case to replay it.
 *
 * Replies slower than 2 s are printed, never asserted: the suite has no timed assertions; the long
 * run fails on them. Until the issue-13 fixes (NUL and lone surrogates, 32-bit overflow, non-UUID
 * ids, deep nesting, cost limits) are merged this test fails, which is what it is for.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { allEndpoints } from '../support/endpoints';
import { createFixtures, type Fixtures } from '../fuzz/fixtures';
import { startHarness, type Harness } from '../fuzz/harness';
import { formatReport } from '../fuzz/report';
import { SWEEPS } from '../fuzz/mutate';
import { failing, listTargets, runFuzz } from '../fuzz/runner';
import { closeConnections } from '../fuzz/wire';

const SEED = 13;
/** Random cases per endpoint after the sweeps (SWEEPS: NUL, lone surrogate, 2^31, non-UUID ids). */
const RANDOM_ROUNDS = 2;

let harness: Harness;
let fixtures: Fixtures;

beforeAll(async () => {
  harness = await startHarness();
  fixtures = await createFixtures(harness.server);
});

afterAll(async () => {
  closeConnections();
  await harness.close();
});

it(
  'given a seeded fuzz run over every endpoint, then no 5xx, masked internal error, crash or missing reply',
  async () => {
    const endpoints = listTargets(harness.server.app.lexdesk.routes).targets.length;
    const count = (SWEEPS.length + RANDOM_ROUNDS) * endpoints;
    const report = await runFuzz(harness, fixtures, {
      seed: SEED,
      count,
      // A bound for a machine far slower than any seen; the count is what ends this run.
      seconds: 600,
      slowMs: 2000,
      timeoutMs: 30_000,
    });
    console.log(formatReport(report, { failOnSlow: false }));
    expect(report.cases).toBe(count);
    expect(report.generatorErrors).toEqual([]);
    for (const endpoint of allEndpoints())
      expect(report.perTarget.get(endpoint)).toBeGreaterThan(0);
    expect(report.untemplated).toEqual([]);
    expect(
      failing(report, false).map(
        (f) => `[${f.cause}] ${f.target}: ${f.signature} (case ${f.example.index})`,
      ),
    ).toEqual([]);
  },
  5 * 60_000,
);
