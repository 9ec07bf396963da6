/**
 * Electron entry (bundled to dist/main/electron.js). One instance per user: a second launch
 * focuses the first. The data folder is Electron's userData. Quitting stops the uploads (jobs in
 * flight go back to the queue) and then the server child before the app exits; a server that cannot start is explained in a dialog.
 *
 * Flags: --demo (seed the demo company), --server-url <url> or LEXDESK_SERVER_URL (use a shared
 * server instead of starting one).
 */
import { app, dialog } from 'electron';
import { ServerStartError } from '../services/serverProcess';
import { boot, type Booted } from './boot';
import { registerAppScheme } from './protocol';
import { hardenWebContents } from './window';

function flagValue(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return value && !value.startsWith('--') ? value : undefined;
}

function validServerUrl(raw: string | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.origin;
  } catch {
    // reported below
  }
  dialog.showErrorBox('LexDesk', `The server URL must be an http(s) URL, got "${raw}".`);
  app.exit(1);
  return undefined;
}

// Before ready: the privileged scheme, the sandbox for every renderer, and the rules for every
// web contents (windows, devtools, anything created later).
registerAppScheme();
app.enableSandbox();
app.setAppUserModelId('com.lexdesk.app');
app.on('web-contents-created', (_event, contents) => hardenWebContents(contents));

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  let booted: Booted | null = null;
  let stopped = false;

  const quit = (): void => app.quit();
  app.on('second-instance', () => booted?.showWindow());
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => booted?.showWindow());
  app.on('before-quit', (event) => {
    if (stopped || !booted) return;
    // Hold the quit until the uploads are handed back to their queue (resumed at next start)
    // and the server child (and its PostgreSQL) has stopped cleanly.
    event.preventDefault();
    const current = booted;
    stopped = true;
    void current
      .dispose()
      .then(() => current.server?.stop())
      .finally(() => app.quit());
  });

  app
    .whenReady()
    .then(async () => {
      booted = await boot({
        demo: process.argv.includes('--demo') || process.env.LEXDESK_DEMO === '1',
        serverUrl: validServerUrl(flagValue('--server-url') ?? process.env.LEXDESK_SERVER_URL),
        quit,
        onServerExit: (info) => {
          dialog.showErrorBox(
            'LexDesk',
            `The LexDesk server stopped unexpectedly (${String(info.code ?? info.signal)}).`,
          );
          stopped = true;
          app.quit();
        },
      });
    })
    .catch((error: unknown) => {
      const message =
        error instanceof ServerStartError || error instanceof Error ? error.message : String(error);
      dialog.showErrorBox('LexDesk could not start', message);
      app.exit(1);
    });
}
