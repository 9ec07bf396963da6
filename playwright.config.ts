import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from './tests/support/chromium';

/**
 * End-to-end tests in Debian's Chromium against the browser build served by the headless host.
 * Each spec starts its own host (and so its own server and database) through tests/e2e/support.
 */
export default defineConfig({
  testDir: 'tests/e2e',
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
