import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three tiers, chosen by where a test file lives and how it is named (`--project <name>` runs one):
 * - `unit`: every other `*.test.ts(x)` beside the code, and the corpus generator's and the
 *   evaluation's own tests. No processes, sockets or database (tests/support/unit-guard.ts
 *   refuses them), so it needs no set-up and runs in under a minute.
 * - `integration`: tests/integration/** and `*.int.test.ts(x)` beside the code; real PostgreSQL
 *   and real servers on loopback.
 * - `slow`: `*.slow.test.ts(x)` anywhere: the long runs (OCR, killed processes, large batches,
 *   the fuzzer, crash recovery).
 * The database tiers share one PostgreSQL server per run (tests/support/global-setup.ts); every
 * test file clones its own database from one migrated template, so files run in parallel safely.
 */
const INTEGRATION = ['tests/integration/**/*.test.ts', 'src/**/*.int.test.{ts,tsx}'];
const SLOW = ['src/**/*.slow.test.{ts,tsx}', 'tests/**/*.slow.test.ts'];
const DATABASE_SETUP = ['tests/support/global-setup.ts'];
/**
 * Workers for the database tiers (integration and slow share one group, so one value): one per
 * core. vitest's own default is one fewer than the cores, which on CI's 2 cores ran every file
 * one after another although most of a file's time is spent waiting on PostgreSQL, its servers
 * and child processes, not on the CPU.
 */
const DATABASE_WORKERS = Math.max(2, availableParallelism());

export default defineConfig({
  test: {
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', 'release/**'],
    environment: 'node',
    pool: 'forks',
    fileParallelism: true,
    // Safety nets, not measurements: tests wait for events, and CI's machine may be as busy as a
    // 2-core one running eight other jobs, where the heaviest slow tests took 25 s of a 30 s limit.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/corpus/**/*.test.ts',
            'tests/corpus2/**/*.test.ts',
            'tests/corpus3/**/*.test.ts',
            'tests/eval/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.{ts,tsx}', '**/*.slow.test.{ts,tsx}'],
          setupFiles: ['tests/support/unit-guard.ts'],
          // CPU-bound and self-contained: every core, modules loaded once per worker rather than once
          // per file (unit tests leave no global state behind), and first, so a full run fails fast.
          maxWorkers: availableParallelism(),
          isolate: false,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          exclude: ['**/*.slow.test.{ts,tsx}'],
          globalSetup: DATABASE_SETUP,
          maxWorkers: DATABASE_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: 'slow',
          include: SLOW,
          globalSetup: DATABASE_SETUP,
          maxWorkers: DATABASE_WORKERS,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
