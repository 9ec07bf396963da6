#!/usr/bin/env node
// `npm test`: the whole suite. Vitest (unit tests beside the code, integration tests against a real
// PostgreSQL: embedded by default, the server at DATABASE_URL when set), then the renderer build and
// the Playwright end-to-end tests in Debian's Chromium. Prints a final `N passed, N failed` line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const only = process.argv.includes('--unit')
  ? 'unit'
  : process.argv.includes('--e2e')
    ? 'e2e'
    : 'all';

function run(cmd, args, env = {}) {
  console.log(`\n$ ${[path.basename(cmd), ...args].join(' ')}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

let passed = 0;
let failed = 0;
let broken = false;

if (only !== 'e2e') {
  const out = path.join(results, 'vitest.json');
  rmSync(out, { force: true });
  const code = run(bin('vitest'), [
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  const report = readJson(out);
  if (report) {
    passed += report.numPassedTests ?? 0;
    failed += report.numFailedTests ?? 0;
    // A file that fails to load has no tests; count it so it cannot pass silently.
    const brokenFiles = (report.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).length === 0,
    ).length;
    failed += brokenFiles;
  }
  if (code !== 0 && (!report || failed === 0)) broken = true;
}

if (only !== 'unit') {
  const build = run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (build !== 0) {
    broken = true;
  } else {
    const out = path.join(results, 'playwright.json');
    rmSync(out, { force: true });
    const code = run(bin('playwright'), ['test']);
    const report = readJson(out);
    if (report?.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    }
    if (code !== 0 && (!report || (report.stats?.unexpected ?? 0) === 0)) broken = true;
  }
}

if (broken && failed === 0) failed = 1;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
