/**
 * Wires the plain-Node desktop services into one runtime: settings, session store, notifier,
 * event hub, the IPC handlers and the dispatcher. The Electron main process and the headless host
 * both build theirs here and differ only in the session store, the notifier and the transport.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { AppInfo } from '../shared/ipc/contract';
import { createDispatcher, type Dispatch } from './ipc/dispatcher';
import { createIpcHandlers, type DesktopServices } from './ipc/handlers';
import { createEventHub, type EventHub } from './services/events';
import type { Notifier } from './services/notifier';
import {
  createOAuthLoopback,
  noExternalBrowser,
  type ExternalBrowser,
} from './services/oauthLoopback';
import { desktopPaths } from './services/paths';
import type { SessionStore } from './services/sessionStore';
import { createReviewService, type ReviewService } from './services/review/reviewService';
import { createSettingsStore, reviewCacheBytes, type SettingsStore } from './services/settings';
import {
  createUploadService,
  type UploadService,
  type UploadServiceOptions,
} from './services/uploader/uploadService';
import { jsonFolderListStore } from './services/uploader/watchFolders';

export interface DesktopRuntimeOptions {
  dataDir: string;
  /** Static facts plus the server URL, read on every app:info call. */
  appInfo: () => AppInfo;
  session: SessionStore;
  notifier: Notifier;
  /** The system browser for CRM sign-ins (Electron); absent: the renderer opens the address. */
  browser?: ExternalBrowser;
  log?: (line: string) => void;
  /** Build the upload pipeline (queue, uploader, watched folders). Default true. */
  uploads?: boolean;
  /** Build offline review (cache, outbox, sync). Default true. */
  review?: boolean;
}

export interface DesktopRuntime {
  services: DesktopServices;
  dispatch: Dispatch;
  events: EventHub;
  /** Stops the uploader and the folder watchers and closes the queue. */
  close(): Promise<void>;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

/** Where the headless host spools files dropped in the browser before they are queued. */
export function spoolDirOf(dataDir: string): string {
  return path.join(desktopPaths(dataDir).dir, 'spool');
}

/** A spooled copy is ours: remove it once its job is over for good. */
function dropSpooledCopy(
  dataDir: string,
  event: Parameters<NonNullable<UploadServiceOptions['onOutcome']>>[0],
): void {
  const spool = spoolDirOf(dataDir);
  const relative = path.relative(spool, event.job.sourcePath);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return;
  if (event.type === 'failed' && !event.failure.permanent) return;
  void rm(path.dirname(event.job.sourcePath), { recursive: true, force: true });
}

/** Reads the session token at most every few seconds (the workers ask often). */
function connectionProvider(options: DesktopRuntimeOptions) {
  let cached: { at: number; token: string | null } | null = null;
  return async () => {
    if (!cached || Date.now() - cached.at > 3000) {
      cached = { at: Date.now(), token: await options.session.load() };
    }
    const serverUrl = options.appInfo().serverUrl;
    return cached.token && serverUrl ? { serverUrl, token: cached.token } : null;
  };
}

function createUploads(
  options: DesktopRuntimeOptions,
  events: EventHub,
  log: (line: string) => void,
  owner: () => Promise<string | null>,
): UploadService {
  const paths = desktopPaths(options.dataDir);
  return createUploadService({
    queueFile: path.join(paths.dir, 'uploads.db'),
    folders: jsonFolderListStore(path.join(paths.dir, 'watch-folders.json')),
    seenFile: path.join(paths.dir, 'watch-seen.json'),
    connection: connectionProvider(options),
    owner,
    medium: options.appInfo().transport === 'electron' ? 'desktop' : 'web',
    onChanged: (counts) => events.emit('uploads:changed', counts),
    onProgress: (progress) => events.emit('uploads:progress', progress),
    onOutcome: (event) => dropSpooledCopy(options.dataDir, event),
    log,
  });
}

/** Offline review over <data dir>/desktop/review.db and review-cache/pdf. */
function createReview(
  options: DesktopRuntimeOptions,
  settings: SettingsStore,
  events: EventHub,
  log: (line: string) => void,
): ReviewService {
  const paths = desktopPaths(options.dataDir);
  return createReviewService({
    file: path.join(paths.dir, 'review.db'),
    pdfDir: path.join(paths.dir, 'review-cache', 'pdf'),
    serverUrl: () => options.appInfo().serverUrl.replace(/\/+$/, ''),
    token: () => options.session.load(),
    cacheLimitBytes: async () => reviewCacheBytes(await settings.get()),
    onChanged: (status) => events.emit('review:changed', status),
    log,
  });
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
    oauth: createOAuthLoopback({ browser: options.browser ?? noExternalBrowser }),
  };
  if (options.uploads !== false) {
    try {
      // Whose uploads: the user of the session token, as offline review knows them.
      const owner = async () => (await services.review?.currentUserId()) ?? null;
      services.uploads = createUploads(options, events, log, owner);
      services.uploads.start().catch((error: unknown) => {
        log(`Watched folders could not start: ${describe(error)}`);
      });
    } catch (error) {
      // The queue could not open (e.g. SQLite's native module is missing from this build): the
      // rest of the app still works and the upload channels answer UPLOADS_UNAVAILABLE.
      log(`Uploads are unavailable: ${describe(error)}`);
    }
  }
  if (options.review !== false) {
    try {
      services.review = createReview(options, settings, events, log);
    } catch (error) {
      // Like the upload queue: without SQLite the app still works; review channels say so.
      log(`Offline review is unavailable: ${describe(error)}`);
    }
  }
  const dispatch = createDispatcher(createIpcHandlers(services), {
    onInternalError: (channel, error) =>
      log(
        `Desktop call ${channel} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      ),
  });
  return {
    services,
    dispatch,
    events,
    close: async () => {
      services.oauth.cancel();
      await services.uploads?.close();
      await services.review?.close();
    },
  };
}
