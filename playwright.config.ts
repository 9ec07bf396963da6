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
  // Two specs at a time, each file in one worker (fullyParallel stays off): the specs share
  // nothing but the run's PostgreSQL, each with its own host, database and data folders, and a
  // spec spends most of its time waiting on its host, server and browser, so a second worker
  // keeps CI's 2 cores busy. Checked at load 21 on 2 cores (first-run, review-queue, offline-start,
  // task-board: 11 passed).
  workers: 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  use: {
    browserName: 'chromium',
    screenshot: 'on',
    trace: 'retain-on-failure',
    launchOptions: chromiumLaunchOptions,
  },
});
