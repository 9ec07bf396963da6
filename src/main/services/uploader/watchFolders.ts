/**
 * Watched folders: their list (a JSON file in the desktop folder, or memory for the agent) and
 * the folder watcher over them. A file found stable goes through enqueuePaths (source 'watch');
 * once its job ends the folder's after-upload choice is applied: uploaded -> keep / move /
 * delete, refused for good -> errors/ with the reason. The watcher restarts when the list changes.
 */
import { stat } from 'node:fs/promises';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { WatchedFolderConfig } from '../../../shared/ipc/contract';
import { readFileIfExists, writeFileAtomic } from '../atomicFile';
import {
  createFolderWatcher,
  type FolderWatcher,
  type WatchedFolder,
} from '../intake/folderWatcher';
import { createMemorySeenStore, openJsonSeenStore, type SeenStore } from '../intake/seenStore';
import type { UploadJob, UploadQueue } from '../uploads/queue';
import { enqueuePaths, type EnqueuePathResult } from './enqueuePaths';

export interface FolderListStore {
  load(): Promise<WatchedFolderConfig[]>;
  save(folders: WatchedFolderConfig[]): Promise<void>;
}

const StoredFolders = z.object({ folders: z.array(WatchedFolderConfig) });

export function jsonFolderListStore(file: string): FolderListStore {
  return {
    async load() {
      const bytes = await readFileIfExists(file);
      if (bytes === null) return [];
      try {
        return StoredFolders.parse(JSON.parse(bytes.toString('utf8'))).folders;
      } catch {
        return [];
      }
    },
    save: (folders) => writeFileAtomic(file, `${JSON.stringify({ folders }, null, 2)}\n`),
  };
}

export function memoryFolderListStore(initial: WatchedFolderConfig[] = []): FolderListStore {
  let folders = [...initial];
  return {
    load: () => Promise.resolve([...folders]),
    save: (next) => {
      folders = [...next];
      return Promise.resolve();
    },
  };
}

export class WatchFolderError extends Error {
  override name = 'WatchFolderError';
}

export interface WatchManagerOptions {
  store: FolderListStore;
  queue: UploadQueue;
  /** Where the 'keep' folders remember what was uploaded; memory when absent. */
  seenFile?: string;
  quietMs?: number;
  rescanIntervalMs?: number;
  maxBytes?: number;
  /** Who is signed in now: a watched folder's files are theirs (null: nobody, the computer's). */
  owner?: () => Promise<string | null>;
  /** Something was enqueued (wake the uploader, refresh the tracker). */
  onEnqueued: () => void;
  /** What became of each file the watcher offered (queued, duplicate, rejected). */
  onIntake?: (result: EnqueuePathResult) => void;
  log: (line: string) => void;
}

export interface WatchManager {
  list(): Promise<WatchedFolderConfig[]>;
  add(folder: WatchedFolderConfig): Promise<WatchedFolderConfig[]>;
  remove(folderPath: string): Promise<WatchedFolderConfig[]>;
  /** Applies the folder's after-upload choice to a finished watch job. */
  jobEnded(job: UploadJob, outcome: 'uploaded' | 'rejected', reason?: string): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createWatchManager(options: WatchManagerOptions): WatchManager {
  let watcher: FolderWatcher | null = null;
  let folders: (WatchedFolder & { company_id: string })[] = [];
  let seen: SeenStore | null = null;
  let serial: Promise<unknown> = Promise.resolve();
  let closed = false;
  const inSeries = <T>(work: () => Promise<T>): Promise<T> => {
    const next = serial.then(work, work);
    serial = next.catch(() => undefined);
    return next;
  };

  const restart = async (): Promise<void> => {
    await watcher?.close();
    watcher = null;
    const configs = await options.store.load();
    folders = configs.map((config) => ({ ...config, path: path.resolve(config.path) }));
    if (closed || folders.length === 0) return;
    seen ??= options.seenFile ? await openJsonSeenStore(options.seenFile) : createMemorySeenStore();
    const current = createFolderWatcher({
      folders,
      seen,
      quietMs: options.quietMs ?? 3000,
      rescanIntervalMs: options.rescanIntervalMs ?? 60_000,
      onReady: async (file) => {
        const folder = folders.find((candidate) => candidate.path === file.folder.path);
        if (!folder) return;
        const [result] = await enqueuePaths(options.queue, {
          paths: [file.path],
          companyId: folder.company_id,
          ownerId: (await options.owner?.()) ?? null,
          source: 'watch',
          watchFolder: folder.path,
          ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
        });
        options.onEnqueued();
        if (result) options.onIntake?.(result);
        const job = result?.jobId ? options.queue.get(result.jobId) : null;
        if (result?.status === 'rejected' && job?.permanent) {
          await current.finish(
            { path: file.path, size: file.size, mtimeMs: file.mtimeMs, sha256: '', folder },
            'rejected',
            result.message,
          );
        } else if (result?.status === 'duplicate' && job?.state === 'done' && job.sha256) {
          await current.finish(
            { path: file.path, size: file.size, mtimeMs: file.mtimeMs, sha256: job.sha256, folder },
            'uploaded',
          );
        }
      },
      onError: (error, context) =>
        options.log(`Watched folder ${context.path ?? context.folder}: ${error.message}`),
    });
    watcher = current;
    await current.ready;
  };

  return {
    list: () => options.store.load(),
    add: (folder) =>
      inSeries(async () => {
        const resolved = path.resolve(folder.path);
        const facts = await stat(resolved).catch(() => null);
        if (!facts?.isDirectory())
          throw new WatchFolderError(`The folder ${resolved} does not exist.`);
        if (isSharedSystemFolder(resolved))
          throw new WatchFolderError(
            `${resolved} holds files that are not scans. Choose a folder of its own for the scanner: ` +
              'LexDesk uploads every file in it and then keeps, moves or deletes it.',
          );
        const list = (await options.store.load()).filter(
          (entry) => path.resolve(entry.path) !== resolved,
        );
        const next = [...list, { ...folder, path: resolved }];
        await options.store.save(next);
        await restart();
        return next;
      }),
    remove: (folderPath) =>
      inSeries(async () => {
        const resolved = path.resolve(folderPath);
        const next = (await options.store.load()).filter(
          (entry) => path.resolve(entry.path) !== resolved,
        );
        await options.store.save(next);
        await restart();
        return next;
      }),
    jobEnded: async (job, outcome, reason) => {
      const folder = folders.find((candidate) => candidate.path === job.watchFolder);
      if (!watcher || !folder || job.size === null || job.mtimeMs === null) return;
      try {
        await watcher.finish(
          {
            path: job.sourcePath,
            size: job.size,
            mtimeMs: job.mtimeMs,
            sha256: job.sha256 ?? '',
            folder,
          },
          outcome,
          reason,
        );
      } catch (error) {
        options.log(
          `Could not tidy ${job.sourcePath}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    },
    start: () => inSeries(restart),
    close: () =>
      inSeries(async () => {
        closed = true;
        await watcher?.close();
        watcher = null;
      }),
  };
}

/**
 * Folders a scanner never owns: a filesystem root, the home folder, the temp folder. Watching one
 * would upload (and with move/delete, take away) unrelated files already there.
 */
export function isSharedSystemFolder(resolved: string): boolean {
  const shared = [homedir(), tmpdir(), '/tmp', '/var/tmp'].map((dir) => path.resolve(dir));
  return path.parse(resolved).root === resolved || shared.includes(resolved);
}
