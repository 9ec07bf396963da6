/**
 * Everything the Electron app starts once it is ready: the server child (unless a shared server
 * URL was given), the desktop runtime with safeStorage and native notifications, the app://
 * protocol with its CSP, the IPC handlers, the window and the tray. The upload queue's SQLite
 * loads the Electron-ABI addon (sqliteBinding.ts); when it is missing or cannot load, the app
 * runs without uploads (UPLOADS_UNAVAILABLE, reason in logs/desktop.log) instead of crashing.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { app, session, shell, type BrowserWindow } from 'electron';
import { createDesktopRuntime, type DesktopRuntime } from '../runtime';
import { buildCsp } from '../services/csp';
import { desktopPaths } from '../services/paths';
import { openPrivateLog } from '../services/privateFiles';
import { bundledServerCommand } from '../services/serverCommand';
import { startServerProcess, type ExitInfo, type ServerProcess } from '../services/serverProcess';
import { createEncryptedSessionStore } from '../services/sessionStore';
import { useSqliteNativeBinding } from '../services/uploads/nativeBinding';
import { forwardEventsToWindows, registerIpcHandlers } from './ipc';
import { createElectronNotifier } from './notifications';
import { appPaths } from './paths';
import { serveAppProtocol } from './protocol';
import { safeStorageEncryptor } from './safeStorage';
import { electronSqliteBinding } from './sqliteBinding';
import { createTray } from './tray';
import { createMainWindow, hardenSession } from './window';

export interface BootOptions {
  demo: boolean;
  /** A shared LexDesk server; when set no child is started. */
  serverUrl: string | undefined;
  onServerExit: (info: ExitInfo) => void;
  quit: () => void;
}

export interface Booted {
  runtime: DesktopRuntime;
  server: ServerProcess | null;
  showWindow(): void;
  /** Stops the upload pipeline (jobs in flight released to the queue), tray and IPC. */
  dispose(): Promise<void>;
}

export async function boot(options: BootOptions): Promise<Booted> {
  const paths = appPaths();
  const dataDir = app.getPath('userData');
  const logDir = path.join(dataDir, 'logs');
  const logFile = openPrivateLog(path.join(logDir, 'desktop.log'));
  const log = (line: string): void => {
    logFile.write(`${new Date().toISOString()} ${line}\n`);
  };

  const server = options.serverUrl
    ? null
    : await startServerProcess({
        ...bundledServerCommand(
          { executable: process.execPath, electronAsNode: true, serverDir: paths.serverDir },
          { dataDir, demo: options.demo },
        ),
        onOutput: (line, stream) => log(`[server ${stream}] ${line}`),
        onUnexpectedExit: options.onServerExit,
      });
  const serverUrl = server?.url ?? options.serverUrl ?? '';

  let window: BrowserWindow | null = null;
  const showWindow = (): void => {
    if (!window || window.isDestroyed()) return;
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  };

  // Before the runtime opens the upload queue: every SQLite database of this process must load
  // the addon built for Electron, never the Node build (which is not even shipped).
  const sqliteAddon = electronSqliteBinding({
    isPackaged: app.isPackaged,
    resourcesPath: process.resourcesPath,
    appPath: app.getAppPath(),
  });
  useSqliteNativeBinding(sqliteAddon);
  log(`SQLite native module: ${sqliteAddon}${existsSync(sqliteAddon) ? '' : ' (missing)'}`);

  const runtime = createDesktopRuntime({
    dataDir,
    appInfo: () => ({
      version: app.getVersion(),
      platform: process.platform,
      serverUrl,
      transport: 'electron',
    }),
    session: createEncryptedSessionStore({
      file: desktopPaths(dataDir).sessionFile,
      encryptor: safeStorageEncryptor,
      onUnreadable: (reason) =>
        log(`The saved session could not be decrypted and was removed (${reason}).`),
    }),
    // The Electron notifier needs the runtime's event hub, so it is created just below.
    notifier: { show: (n) => notifier.show(n) },
    // CRM sign-ins open in the system browser (RFC 8252), never in an app window.
    browser: {
      open: async (url) => {
        await shell.openExternal(url);
        return true;
      },
    },
    log,
  });
  const notifier = createElectronNotifier({
    events: runtime.events,
    focusWindow: showWindow,
    icon: paths.icon,
  });

  hardenSession(session.defaultSession);
  serveAppProtocol(paths.rendererDir, () => buildCsp({ serverUrl }));
  const removeHandlers = registerIpcHandlers(runtime.dispatch);
  const stopForwarding = forwardEventsToWindows(runtime.events);

  const settings = await runtime.services.settings.get();
  window = createMainWindow({
    preload: paths.preload,
    show: !settings.startMinimised,
    icon: paths.icon,
  });
  const tray = createTray({
    icon: paths.trayIcon,
    settings: runtime.services.settings,
    events: runtime.events,
    showWindow,
    quit: options.quit,
    log,
  });

  return {
    runtime,
    server,
    showWindow,
    async dispose() {
      tray.destroy();
      try {
        await runtime.close();
      } catch (error) {
        log(
          `Uploads did not stop cleanly: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      stopForwarding();
      removeHandlers();
      // The process exits right after: let the last lines reach the disk first.
      await new Promise<void>((resolve) => logFile.end(resolve));
    },
  };
}
