import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { waitForExit } from '../../src/server/db/process-utils';
import { chromiumLaunchOptions } from '../support/chromium';

/** Chromium as the end-to-end tests launch it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions);
}

/** Builds the renderer once when dist/renderer is missing (the app serves the built files). */
export function ensureRendererBuilt(repoRoot: string): void {
  if (existsSync(path.join(repoRoot, 'dist/renderer/index.html'))) return;
  const vite = path.join(repoRoot, 'node_modules/.bin/vite');
  const r = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: repoRoot, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('the renderer build failed');
}

/**
 * Cold start of the app as a user meets it in the browser build: spawn the headless host (which
 * starts the server and its embedded PostgreSQL), wait for `LexDesk running at`, then open the page
 * and wait until the first screen (set-up or sign-in) is interactive. Then SIGTERM and wait.
 */
export async function timeAppToFirstScreen(repoRoot: string, dataDir: string, browser: Browser) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const started = performance.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'src/main/host.ts', '--port', '0', '--data-dir', dataDir],
    { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ready line in 60 s: ${output}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = output.match(/LexDesk running at (http:\/\/\S+)/);
        if (match?.[1]) {
          clearTimeout(timer);
          resolve(match[1]);
        }
      });
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.once('exit', (code) => reject(new Error(`host exited (${code}): ${output}`)));
    });
    const hostReadyMs = performance.now() - started;
    const page = await browser.newPage();
    await page.goto(url);
    await page.getByRole('button', { name: /Create company|Sign in/ }).waitFor();
    const firstScreenMs = performance.now() - started;
    await page.close();
    const stopping = performance.now();
    child.kill('SIGTERM');
    if (child.pid && !(await waitForExit(child.pid, 20_000)))
      throw new Error('the host did not stop within 20 s of SIGTERM');
    return { hostReadyMs, firstScreenMs, stopMs: performance.now() - stopping };
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
}
