import { defineConfig } from 'vitest/config';

// Unit tests live beside the code; integration tests (real servers, real PostgreSQL) in
// tests/integration; the corpus generator's and the evaluation's own tests beside them. The global setup provides one PostgreSQL server per run; every test file
// creates its own database on it, so files run in parallel safely.
export default defineConfig({
  test: {
    include: [
      'src/**/*.test.{ts,tsx}',
      'tests/integration/**/*.test.ts',
      'tests/corpus/**/*.test.ts',
      'tests/eval/**/*.test.ts',
    ],
    exclude: ['tests/e2e/**', 'node_modules/**', 'dist/**', 'release/**'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    fileParallelism: true,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
