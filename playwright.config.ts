import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

/**
 * End-to-end tests in Debian's Chromium against the browser build served by the headless host.
 * Each spec starts its own host (and so its own server) through tests/e2e/support, on its own
 * database cloned from the run's migrated template on one PostgreSQL for the run (the global setup).
 */
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  outputDir: 'test-results/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
