#!/usr/bin/env node
// The integration and slow test files that use the run's PostgreSQL, one path a line: those whose
// imports, followed through the test helpers under tests/, reach tests/support/postgres.ts (every
// test database and test server comes from there), or that name DATABASE_URL themselves.
// .ci/run gives them to the second run of those tiers, on the PostgreSQL server at DATABASE_URL;
// the other files (embedded clusters of their own, child processes, OCR, files, HTTP fakes) run
// the same with or without that server, so a second run would only repeat them.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const TEST_DATABASE = path.join(root, 'tests/support/postgres.ts');
const USES_SERVER_URL = /\bDATABASE_URL\b/;

function walk(dir, out = []) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') walk(full, out);
    } else out.push(full);
  }
  return out;
}

// The tiers' file patterns (vitest.config.ts): integration and slow.
const isDatabaseTier = (file) => {
  const rel = path.relative(root, file);
  if (/\.slow\.test\.tsx?$/.test(rel)) return rel.startsWith('src/') || rel.startsWith('tests/');
  if (/\.int\.test\.tsx?$/.test(rel)) return rel.startsWith('src/');
  return /^tests\/integration\/.*\.test\.ts$/.test(rel);
};

function resolveImport(from, spec) {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && candidate.match(/\.tsx?$/)) return candidate;
  }
  return null;
}

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;
const reaches = new Map();
/** Whether `file` imports tests/support/postgres.ts, directly or through helpers under tests/. */
function reachesTestDatabase(file, seen = new Set()) {
  if (file === TEST_DATABASE) return true;
  if (reaches.has(file)) return reaches.get(file);
  if (seen.has(file)) return false;
  seen.add(file);
  let found = false;
  for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    // The app's own code never imports the test helpers; only tests/ can lead to the database.
    if (!target || !path.relative(root, target).startsWith('tests/')) continue;
    if (reachesTestDatabase(target, seen)) {
      found = true;
      break;
    }
  }
  reaches.set(file, found);
  return found;
}

const files = [...walk(path.join(root, 'src')), ...walk(path.join(root, 'tests'))]
  .filter(isDatabaseTier)
  .filter((file) => reachesTestDatabase(file) || USES_SERVER_URL.test(readFileSync(file, 'utf8')))
  .map((file) => path.relative(root, file))
  .sort();
process.stdout.write(`${files.join('\n')}\n`);
