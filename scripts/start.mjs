#!/usr/bin/env node
// `npm start` / `npm run demo` (adds --demo): starts LexDesk the best way this machine allows.
//  1. With the Electron binary (node_modules/electron/path.txt and the file it names) and a
//     display: build everything (renderer + desktop bundles) and open the desktop app.
//  2. Without it: try once to fetch it with Electron's own installer (time-limited). When that
//     fails, say why in one line, build the renderer if it is missing or older than its sources,
//     and run the headless host, which prints `LexDesk running at <url>` for a browser.
// Options: --browser (or LEXDESK_BROWSER=1) skips Electron; every other argument (--demo,
// --port N, --data-dir D, --server-url U) is passed on. Ctrl+C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const FETCH_TIMEOUT_MS = Number(process.env.LEXDESK_ELECTRON_FETCH_TIMEOUT_MS ?? 180_000);

const rawArgs = process.argv.slice(2);
const forceBrowser = rawArgs.includes('--browser') || process.env.LEXDESK_BROWSER === '1';
const args = rawArgs.filter((arg) => arg !== '--browser');

function electronBinary() {
  const pathFile = at('node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = at('node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/** One attempt with Electron's installer; returns null on success or a short reason. */
function fetchElectron() {
  const installer = at('node_modules', 'electron', 'install.js');
  if (!existsSync(installer)) return 'the electron package is not installed';
  console.log('Fetching the Electron binary...');
  const result = spawnSync(process.execPath, [installer], {
    cwd: root,
    encoding: 'utf8',
    timeout: FETCH_TIMEOUT_MS,
  });
  if (result.error?.code === 'ETIMEDOUT')
    return `the download took longer than ${Math.round(FETCH_TIMEOUT_MS / 1000)} s`;
  if (result.status === 0) return null;
  const firstLine =
    `${result.stderr ?? ''}`.split('\n').find((line) => line.trim().length > 0) ?? 'unknown error';
  return `download failed: ${firstLine.trim().slice(0, 160)}`;
}

function hasDisplay() {
  return (
    process.platform !== 'linux' || Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY)
  );
}

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(entry))
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function rendererIsStale() {
  const index = at('dist', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  const sources = [
    at('src', 'renderer'),
    at('src', 'shared'),
    at('vite.config.ts'),
    at('package.json'),
  ];
  return Math.max(...sources.map(newestMtime)) > statSync(index).mtimeMs;
}

function runStep(label, script, scriptArgs = []) {
  console.log(label);
  const result = spawnSync(process.execPath, [script, ...scriptArgs], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    console.error(`${label.replace(/\.\.\.$/, '')} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
}

const buildRenderer = () =>
  runStep('Building the renderer...', at('node_modules', 'vite', 'bin', 'vite.js'), [
    'build',
    '--logLevel',
    'warn',
  ]);

/** Runs the final program; Ctrl+C and SIGTERM are passed on and we leave with its exit code. */
function runForeground(command, commandArgs) {
  const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit' });
  const forward = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  process.on('SIGINT', () => forward('SIGINT'));
  process.on('SIGTERM', () => forward('SIGTERM'));
  child.on('error', (error) => {
    console.error(`Could not start ${path.basename(command)}: ${error.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 0 : 1)));
}

let electron = forceBrowser ? null : electronBinary();
let reason = forceBrowser ? 'browser mode was asked for' : null;
if (!forceBrowser && !electron) {
  reason = fetchElectron();
  electron = reason === null ? electronBinary() : null;
  if (!electron && reason === null) reason = 'the installer finished but no binary was found';
}
if (electron && !hasDisplay()) {
  electron = null;
  reason = 'there is no display (DISPLAY / WAYLAND_DISPLAY unset)';
}

if (electron) {
  buildRenderer();
  runStep('Building the desktop bundles...', at('scripts', 'build-desktop.mjs'));
  runForeground(electron, ['.', ...args]);
} else {
  console.log(`Electron is not available (${reason}); serving LexDesk to your browser instead.`);
  if (rendererIsStale()) buildRenderer();
  runForeground(process.execPath, ['--import', 'tsx', at('src', 'main', 'host.ts'), ...args]);
}
