/**
 * The bundled Electron main process and the upload queue's SQLite addon, as packaged: builds
 * dist/main with the real scripts/build-desktop.mjs into a temp folder (no node_modules near it,
 * like an installed app) and runs it under Node with the stand-in `electron` module
 * (electron/fixtures/fake-electron-main.mjs) as a packaged app whose process.resourcesPath is a
 * temp folder. The Node build of better-sqlite3's addon stands in for the Electron build there.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FAKE_MAIN = path.join(ROOT, 'src', 'main', 'electron', 'fixtures', 'fake-electron-main.mjs');
const NODE_ADDON = path.join(
  path.dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json')),
  'build',
  'Release',
  'better_sqlite3.node',
);
let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lexdesk-desktop-uploads-'));
  await run(
    process.execPath,
    [
      path.join(ROOT, 'scripts', 'build-desktop.mjs'),
      '--out',
      path.join(work, 'dist'),
      '--only',
      'main',
    ],
    { cwd: ROOT },
  );
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

interface Report {
  errors: string[];
  uploadsCounts?: { ok: boolean; response?: Record<string, number>; error?: { code: string } };
  uploadsList?: { ok: boolean };
}

/** Runs the bundled main as a packaged app with `resources` as its resources folder. */
async function packagedRun(name: string, resources: string) {
  const userData = path.join(work, `userData-${name}`);
  const { stdout } = await run(process.execPath, [FAKE_MAIN], {
    cwd: work,
    env: {
      ...process.env,
      FAKE_APP_PATH: work,
      FAKE_USER_DATA: userData,
      FAKE_RESOURCES_PATH: resources,
      FAKE_SCENARIO: 'uploads',
      // A shared server: no server child is started (the uploads need none to open).
      LEXDESK_SERVER_URL: 'http://127.0.0.1:9',
    },
    timeout: 60_000,
  });
  const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}') as Report;
  const log = await readFile(path.join(userData, 'logs', 'desktop.log'), 'utf8');
  return { report, log, userData };
}

describe('packaged Electron main: the upload queue loads SQLite through nativeBinding', () => {
  it('given resources/native/better_sqlite3.node, when the app starts, then the queue opens with it and the upload channels answer', async () => {
    const resources = path.join(work, 'resources-ok');
    const addon = path.join(resources, 'native', 'better_sqlite3.node');
    await mkdir(path.dirname(addon), { recursive: true });
    await copyFile(NODE_ADDON, addon);

    const { report, log, userData } = await packagedRun('ok', resources);
    expect(report.errors).toEqual([]);
    // Nothing else could have loaded SQLite: the bundle has no node_modules to fall back on.
    expect(log).toContain(`SQLite native module: ${addon}\n`);
    expect(log).not.toContain('Uploads are unavailable');
    expect(report.uploadsCounts).toMatchObject({
      ok: true,
      response: { queued: 0, failed: 0, active: 0, pending: 0 },
    });
    expect(report.uploadsList).toMatchObject({ ok: true, response: { uploads: [] } });
    expect(existsSync(path.join(userData, 'desktop', 'uploads.db'))).toBe(true);
  }, 90_000);

  it('given no addon in resources, when the app starts, then it runs without uploads: UPLOADS_UNAVAILABLE and the reason in the log, no crash', async () => {
    const resources = path.join(work, 'resources-missing');
    await mkdir(resources, { recursive: true });
    const addon = path.join(resources, 'native', 'better_sqlite3.node');

    const { report, log } = await packagedRun('missing', resources);
    expect(report.errors).toEqual([]);
    expect(log).toContain(`SQLite native module: ${addon} (missing)`);
    expect(log).toContain(`Uploads are unavailable: SQLite's native module ${addon} is missing`);
    expect(report.uploadsCounts).toMatchObject({
      ok: false,
      error: { code: 'UPLOADS_UNAVAILABLE' },
    });
    expect(report.uploadsList).toMatchObject({ ok: false, error: { code: 'UPLOADS_UNAVAILABLE' } });
  }, 90_000);
});
