// Vitest config for the corpus generator alone: no PostgreSQL global setup is needed here.
// Run: npx vitest run --config tests/corpus/vitest.config.ts
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['tests/corpus/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 120_000,
  },
});
