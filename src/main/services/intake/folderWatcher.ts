/**
 * createFolderWatcher: turns files dropped into watched folders into `onReady` calls, each once,
 * each only after waitUntilStable. chokidar (ignoreInitial, no awaitWriteFinish) reports adds
 * and changes; a rescan at start and every `rescanIntervalMs` catches what it missed (events lost
 * on network shares, files present before start). Both paths funnel into `consider`, which
 * dedupes: one wait per file (NFC path + inode) at a time, and a version (size + mtime) once
 * reported is not reported again until `finish` is called, the file changes or disappears.
 * Only the top level of each folder is watched. Each stability wait has its own AbortController
 * (kept in a set that close() aborts), so no signal ever carries more than one listener, however
 * many files wait at once (one shared signal gave MaxListenersExceededWarning past ten).
 */
import { watch, type FSWatcher } from 'chokidar';
import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  finishFile,
  type FinishableFile,
  type FinishFolder,
  type FinishOutcome,
  type FinishResult,
} from './finishFile';
import { isIgnoredPath } from './ignoreRules';
import { normalizedName } from './inspectFile';
import { createMemorySeenStore, type SeenStore } from './seenStore';
import { StableWaitError, waitUntilStable } from './waitUntilStable';

export interface WatchedFolder extends FinishFolder {
  /** Poll instead of native events (network shares). */
  usePolling?: boolean;
}

export interface ReadyFile {
  path: string;
  /** Base name in NFC. */
  name: string;
  size: number;
  mtimeMs: number;
  folder: WatchedFolder;
}

export interface FolderWatcherOptions {
  folders: WatchedFolder[];
  quietMs: number;
  rescanIntervalMs: number;
  /** Poll period of waitUntilStable; quietMs / 4 by default. */
  stablePollMs?: number;
  /** A file still changing after this long is given up for now (onError) and retried by a rescan. */
  stableTimeoutMs?: number;
  /** chokidar's interval in polling mode; 1000 ms by default. */
  pollingIntervalMs?: number;
  /** Remembers files kept in place; in memory unless given (see openJsonSeenStore). */
  seen?: SeenStore;
  /** The clock of the stability waits (waitUntilStable's `now`); Date.now by default. */
  now?: () => number;
  /** Called when a file's stability wait starts: the file is pending from then on. */
  onWaiting?: (filePath: string) => void;
  onReady: (file: ReadyFile) => void | Promise<void>;
  onError: (error: Error, context: { folder: string; path?: string }) => void;
}

export interface FolderWatcher {
  /** Resolves when every folder is watched and the first rescan has been started. */
  ready: Promise<void>;
  /** Runs a rescan now (also runs on the timer). */
  rescan(): Promise<void>;
  /** Resolves once no rescan and no stability wait (nor the onReady it leads to) is in progress. */
  settled(): Promise<void>;
  /** Applies the folder's after-upload choice and forgets the reported version. */
  finish(
    file: FinishableFile & { folder: WatchedFolder },
    outcome: FinishOutcome,
    reason?: string,
  ): Promise<FinishResult>;
  close(): Promise<void>;
}

interface Reported {
  path: string;
  version: string;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

export function createFolderWatcher(options: FolderWatcherOptions): FolderWatcher {
  const seen = options.seen ?? createMemorySeenStore();
  /** One controller per stability wait in progress; close() aborts them all. */
  const waits = new Set<AbortController>();
  const pending = new Set<string>();
  const reported = new Map<string, Reported>();
  const inFlight = new Set<Promise<void>>();
  const watchers: FSWatcher[] = [];
  let closed = false;
  let scanning: Promise<void> | null = null;

  const track = (work: Promise<void>): void => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
  };

  const forgetPath = (filePath: string): void => {
    const key = filePath.normalize('NFC');
    for (const [id, entry] of reported) if (entry.path === key) reported.delete(id);
  };

  const consider = async (folder: WatchedFolder, filePath: string): Promise<void> => {
    if (closed || isIgnoredPath(folder.path, filePath)) return;
    let first;
    try {
      first = await stat(filePath);
    } catch {
      return; // gone already
    }
    if (!first.isFile()) return;
    const id = `${filePath.normalize('NFC')}\u0000${first.ino}`;
    const version = (size: number, mtimeMs: number): string => `${size}\u0000${mtimeMs}`;
    if (pending.has(id)) return;
    if (reported.get(id)?.version === version(first.size, first.mtimeMs)) return;
    if (seen.has({ path: filePath, size: first.size, mtimeMs: first.mtimeMs })) return;
    pending.add(id);
    const wait = new AbortController();
    waits.add(wait);
    // close() may have run while stat was pending: it did not see this wait, so stop it here.
    if (closed) wait.abort();
    try {
      options.onWaiting?.(filePath);
      const stable = await waitUntilStable(filePath, {
        quietMs: options.quietMs,
        signal: wait.signal,
        ...(options.now ? { now: options.now } : {}),
        ...(options.stablePollMs !== undefined ? { pollMs: options.stablePollMs } : {}),
        ...(options.stableTimeoutMs !== undefined ? { timeoutMs: options.stableTimeoutMs } : {}),
      });
      if (closed) return;
      const stableId = `${filePath.normalize('NFC')}\u0000${stable.ino}`;
      const stableVersion = version(stable.size, stable.mtimeMs);
      if (reported.get(stableId)?.version === stableVersion) return;
      if (seen.has({ path: filePath, size: stable.size, mtimeMs: stable.mtimeMs })) return;
      reported.set(stableId, { path: filePath.normalize('NFC'), version: stableVersion });
      const file: ReadyFile = {
        path: filePath,
        name: normalizedName(filePath),
        size: stable.size,
        mtimeMs: stable.mtimeMs,
        folder,
      };
      await Promise.resolve()
        .then(() => options.onReady(file))
        .catch((error: unknown) =>
          options.onError(asError(error), { folder: folder.path, path: filePath }),
        );
    } catch (error) {
      if (error instanceof StableWaitError && error.reason !== 'timeout') return;
      if (!closed) options.onError(asError(error), { folder: folder.path, path: filePath });
    } finally {
      waits.delete(wait);
      pending.delete(id);
    }
  };

  const offer = (folder: WatchedFolder, filePath: string): void => {
    if (!closed) track(consider(folder, filePath));
  };

  const scanFolder = async (folder: WatchedFolder): Promise<void> => {
    let entries;
    try {
      entries = await readdir(folder.path, { withFileTypes: true });
    } catch (error) {
      if (!closed) options.onError(asError(error), { folder: folder.path });
      return;
    }
    const present = new Set<string>();
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const filePath = path.join(folder.path, entry.name);
      present.add(filePath.normalize('NFC'));
      offer(folder, filePath);
    }
    const prefix = path.resolve(folder.path);
    for (const [id, entry] of reported)
      if (path.dirname(entry.path) === prefix.normalize('NFC') && !present.has(entry.path))
        reported.delete(id);
  };

  const rescan = (): Promise<void> => {
    if (closed) return Promise.resolve();
    scanning ??= Promise.all(options.folders.map(scanFolder)).then(() => {
      scanning = null;
    });
    return scanning;
  };

  const startFolder = (folder: WatchedFolder): Promise<void> => {
    const watcher = watch(folder.path, {
      ignoreInitial: true,
      depth: 0,
      usePolling: folder.usePolling ?? false,
      interval: options.pollingIntervalMs ?? 1000,
      ignored: (candidate: string) => isIgnoredPath(folder.path, candidate),
    });
    watchers.push(watcher);
    watcher.on('add', (filePath) => offer(folder, filePath));
    watcher.on('change', (filePath) => offer(folder, filePath));
    watcher.on('unlink', (filePath) => forgetPath(filePath));
    watcher.on('error', (error) => {
      if (!closed) options.onError(asError(error), { folder: folder.path });
    });
    return new Promise((resolve) => watcher.once('ready', () => resolve()));
  };

  const folders = options.folders.map((folder) => ({ ...folder, path: path.resolve(folder.path) }));
  options = { ...options, folders };
  const timer = setInterval(() => void rescan(), options.rescanIntervalMs);
  const ready = Promise.all(folders.map(startFolder)).then(() => {
    void rescan();
  });

  const settled = async (): Promise<void> => {
    // A wait that ends may have started another (a rescan offers files): look again until none.
    while (scanning || inFlight.size > 0) await Promise.allSettled([...inFlight, scanning]);
  };

  return {
    ready,
    rescan,
    settled,
    async finish(file, outcome, reason) {
      const result = await finishFile(file, file.folder, outcome, reason, { seen });
      forgetPath(file.path);
      return result;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      for (const wait of waits) wait.abort();
      await Promise.all(watchers.map((watcher) => watcher.close()));
      await Promise.allSettled([...inFlight, scanning]);
    },
  };
}
