/**
 * Wires the plain-Node desktop services into one runtime: settings, session store, notifier,
 * event hub, the IPC handlers and the dispatcher. The Electron main process and the headless host
 * both build theirs here and differ only in the session store, the notifier and the transport.
 */
import type { AppInfo } from '../shared/ipc/contract';
import { createDispatcher, type Dispatch } from './ipc/dispatcher';
import { createIpcHandlers, type DesktopServices } from './ipc/handlers';
import { createEventHub, type EventHub } from './services/events';
import type { Notifier } from './services/notifier';
import { desktopPaths } from './services/paths';
import type { SessionStore } from './services/sessionStore';
import { createSettingsStore } from './services/settings';

export interface DesktopRuntimeOptions {
  dataDir: string;
  /** Static facts plus the server URL, read on every app:info call. */
  appInfo: () => AppInfo;
  session: SessionStore;
  notifier: Notifier;
  log?: (line: string) => void;
}

export interface DesktopRuntime {
  services: DesktopServices;
  dispatch: Dispatch;
  events: EventHub;
}

export function createDesktopRuntime(options: DesktopRuntimeOptions): DesktopRuntime {
  const log = options.log ?? ((line: string) => console.error(line));
  const events = createEventHub();
  const settings = createSettingsStore({
    file: desktopPaths(options.dataDir).settingsFile,
    onCorrupt: ({ movedTo, reason }) =>
      log(
        `Desktop settings were unreadable and have been reset; the old file is at ${movedTo} (${reason}).`,
      ),
  });
  const services: DesktopServices = {
    appInfo: options.appInfo,
    session: options.session,
    settings,
    notifier: options.notifier,
    events,
  };
  const dispatch = createDispatcher(createIpcHandlers(services), {
    onInternalError: (channel, error) =>
      log(
        `Desktop call ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  });
  return { services, dispatch, events };
}
