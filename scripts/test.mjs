#!/usr/bin/env node
// `npm test`: the whole suite, or the tiers named by flags (`npm run test:<tier>` passes one):
//   --unit         vitest project `unit`: beside the code, no processes, sockets or database
//   --integration  vitest project `integration`: real PostgreSQL (embedded by default, the server at
//                  DATABASE_URL when set) and real servers on loopback
//   --slow         vitest project `slow`: the long runs (OCR, killed processes, fuzzing, crashes)
//   --e2e          the renderer build, then Playwright in Debian's Chromium
// Other arguments (file filters) go to the runners of the chosen tiers. Prints a final
// `N passed, N failed` line.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results = path.join(root, 'test-results');
mkdirSync(results, { recursive: true });
const bin = (name) => path.join(root, 'node_modules', '.bin', name);

const TIERS = ['unit', 'integration', 'slow', 'e2e'];
const args = process.argv.slice(2);
const named = TIERS.filter((tier) => args.includes(`--${tier}`));
const unknown = args.filter((arg) => arg.startsWith('--') && !TIERS.includes(arg.slice(2)));
if (unknown.length > 0) {
  console.error(
    `unknown option ${unknown.join(' ')}; tiers: ${TIERS.map((t) => `--${t}`).join(' ')}`,
  );
  process.exit(2);
}
const tiers = named.length > 0 ? named : TIERS;
const filters = args.filter((arg) => !arg.startsWith('--'));
const vitestProjects = tiers.filter((tier) => tier !== 'e2e');

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
/** One line per failed test, printed again at the end so a log's tail names what failed. */
const failures = [];
const firstLine = (text) =>
  String(text ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const failure = (file, name, message) =>
  failures.push(
    `FAILED ${path.relative(root, file)} > ${name} :: ${firstLine(message).slice(0, 300)}`,
  );

/** Failed specs of a Playwright JSON report, at any depth of describe blocks. */
function playwrightFailures(suites) {
  for (const suite of suites ?? []) {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = (test.results ?? []).map((r) => r.error?.message).find(Boolean);
        failure(path.join(root, 'tests/e2e', spec.file ?? suite.file ?? ''), spec.title, error);
      }
    }
    playwrightFailures(suite.suites);
  }
}

if (vitestProjects.length > 0) {
  const out = path.join(results, 'vitest.json');
  rmSync(out, { force: true });
  const code = run(bin('vitest'), [
    'run',
    ...vitestProjects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
    ...filters,
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
    for (const file of report.testResults ?? []) {
      const tests = file.assertionResults ?? [];
      if (file.status === 'failed' && tests.length === 0)
        failure(file.name, '(file)', file.message);
      for (const t of tests) {
        if (t.status === 'failed') failure(file.name, t.fullName, (t.failureMessages ?? [])[0]);
      }
    }
  }
  if (code !== 0 && (!report || failed === 0)) broken = true;
}

if (tiers.includes('e2e')) {
  const build = run(bin('vite'), ['build', '--logLevel', 'warn']);
  if (build !== 0) {
    broken = true;
  } else {
    const out = path.join(results, 'playwright.json');
    rmSync(out, { force: true });
    const code = run(bin('playwright'), ['test', ...filters]);
    const report = readJson(out);
    if (report?.stats) {
      passed += report.stats.expected ?? 0;
      failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
      playwrightFailures(report.suites);
    }
    if (code !== 0 && (!report || (report.stats?.unexpected ?? 0) === 0)) broken = true;
  }
}

if (broken && failed === 0) failed = 1;
if (failures.length > 0) console.log(`\n${failures.join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken ? 1 : 0);
