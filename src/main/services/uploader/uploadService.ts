/**
 * The upload pipeline as one service for the runtime and the agent: the durable queue, the
 * uploader workers, watched folders, and the tracker view the IPC channels serve. Enqueues and
 * state changes are announced through `onChanged` (counts), progress through `onProgress`.
 */
import path from 'node:path';
import type {
  UploadCounts,
  UploadTrackerRow,
  WatchedFolderConfig,
} from '../../../shared/ipc/contract';
import {
  openUploadQueue,
  TRACKER_STATES,
  type UploadJob,
  type UploadQueue,
} from '../uploads/queue';
import { enqueuePaths, type EnqueuePathResult, type EnqueuePathsInput } from './enqueuePaths';
import type { RawFileMedium, ServerConnection } from './serverApi';
import { STEP, type UploaderEvent, type UploaderOptions } from './types';
import { createUploader } from './uploader';
import { createWatchManager, type FolderListStore } from './watchFolders';

export interface UploadServiceOptions {
  /** The queue's SQLite file, e.g. <data dir>/desktop/uploads.db. */
  queueFile: string;
  /** better-sqlite3 addon to load (the Electron build); default see uploads/nativeBinding.ts. */
  nativeBinding?: string;
  folders: FolderListStore;
  seenFile?: string;
  connection: () => Promise<ServerConnection | null>;
  /**
   * The signed-in user's id (null: nobody). Jobs are stored with it; failed ones are listed,
   * retried and dismissed for that user only. Absent (the agent): jobs have no owner.
   */
  owner?: () => Promise<string | null>;
  /** Medium for dropped and picked files ('desktop', or 'web' in the browser build, 'agent'). */
  medium: RawFileMedium;
  /** Medium for files from watched folders. Default 'watch'. */
  watchMedium?: RawFileMedium;
  /** What became of each file a watched folder offered. */
  onIntake?: (result: EnqueuePathResult) => void;
  onChanged?: (counts: UploadCounts) => void;
  onProgress?: (progress: {
    id: string;
    progress: number;
    bytesSent: number;
    size: number;
  }) => void;
  /** Every finished or failed job (the agent logs one line per file). */
  onOutcome?: (event: Exclude<UploaderEvent, { type: 'progress' }>) => void;
  log: (line: string) => void;
  uploader?: Partial<Omit<UploaderOptions, 'queue' | 'connection' | 'medium' | 'onEvent' | 'log'>>;
  watch?: { quietMs?: number; rescanIntervalMs?: number };
  maxBytes?: number;
}

export interface UploadService {
  queue: UploadQueue;
  enqueuePaths(
    input: Omit<EnqueuePathsInput, 'maxBytes' | 'ownerId'>,
  ): Promise<EnqueuePathResult[]>;
  /** The tracker: uploads in progress (queued, uploading, waiting to retry), everyone's. */
  list(): UploadTrackerRow[];
  /** The signed-in user's failed uploads, with their reasons; none while signed out. */
  failed(): Promise<UploadTrackerRow[]>;
  counts(): UploadCounts;
  cancel(id: string): boolean;
  /** Queues one of the signed-in user's failed uploads again (same job, same idempotency key). */
  retry(id: string): Promise<boolean>;
  /** Dismisses one of the signed-in user's failed uploads. */
  remove(id: string): Promise<boolean>;
  watchList(): Promise<WatchedFolderConfig[]>;
  watchAdd(folder: WatchedFolderConfig): Promise<WatchedFolderConfig[]>;
  watchRemove(folderPath: string): Promise<WatchedFolderConfig[]>;
  start(): Promise<void>;
  close(): Promise<void>;
}

function stepOf(job: UploadJob): number {
  if (job.state === 'uploading') return job.uploadedBytes > 0 ? STEP.sending : 0;
  return 0;
}

export function createUploadService(options: UploadServiceOptions): UploadService {
  const queue = openUploadQueue({
    file: options.queueFile,
    ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
    onQuarantine: ({ jobId, reason }) =>
      options.log(`Upload job ${jobId ?? '?'} was unreadable and set aside: ${reason}`),
  });
  const counts = (): UploadCounts => {
    const all = queue.counts();
    return {
      queued: all.queued,
      uploading: all.uploading,
      waiting_retry: all.waiting_retry,
      failed: all.failed,
      active: all.active,
      pending: all.pending,
    };
  };
  const changed = (): void => options.onChanged?.(counts());
  const owner = async (): Promise<string | null> => (await options.owner?.()) ?? null;
  let watch: ReturnType<typeof createWatchManager> | null = null;

  const uploader = createUploader({
    ...options.uploader,
    queue,
    connection: options.connection,
    medium: (job) => (job.source === 'watch' ? (options.watchMedium ?? 'watch') : options.medium),
    log: options.log,
    onEvent: (event) => {
      if (event.type === 'progress') {
        options.onProgress?.({
          id: event.jobId,
          progress: event.progress,
          bytesSent: event.bytesSent,
          size: event.size,
        });
        return;
      }
      changed();
      options.onOutcome?.(event);
      if (event.job.source !== 'watch') return;
      if (event.type === 'uploaded') void watch?.jobEnded(event.job, 'uploaded');
      else if (event.failure.permanent)
        void watch?.jobEnded(event.job, 'rejected', event.failure.message);
    },
  });
  watch = createWatchManager({
    store: options.folders,
    queue,
    ...(options.seenFile ? { seenFile: options.seenFile } : {}),
    ...options.watch,
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
    ...(options.onIntake ? { onIntake: options.onIntake } : {}),
    owner,
    onEnqueued: () => {
      uploader.wake();
      changed();
    },
    log: options.log,
  });
  const watchManager = watch;

  const row = (job: UploadJob): UploadTrackerRow => {
    const live = uploader.live(job.id);
    return {
      id: job.id,
      fileName: job.fileName,
      progress: live?.progress ?? stepOf(job),
      status: job.state as UploadTrackerRow['status'],
      source: job.source,
      timestamp: job.createdAt,
      size: job.size,
      bytesSent: live?.bytesSent ?? job.uploadedBytes,
      error:
        job.lastErrorCode && job.lastErrorMessage
          ? { code: job.lastErrorCode, message: job.lastErrorMessage, permanent: job.permanent }
          : null,
      nextAttemptAt: job.nextAttemptAt,
    };
  };
  const after = (done: boolean): boolean => {
    if (done) {
      uploader.wake();
      changed();
    }
    return done;
  };

  return {
    queue,
    async enqueuePaths(input) {
      const results = await enqueuePaths(queue, {
        ...input,
        ownerId: await owner(),
        paths: input.paths.map((entry) => path.resolve(entry)),
        ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
      });
      after(true);
      return results;
    },
    list: () => queue.list({ states: TRACKER_STATES }).jobs.map(row),
    counts,
    cancel(id) {
      const done = queue.cancel(id);
      if (done) uploader.abortJob(id);
      return after(done);
    },
    async failed() {
      const user = await owner();
      if (user === null) return [];
      return queue.list({ states: ['failed'], owner: user }).jobs.map(row);
    },
    async retry(id) {
      const user = await owner();
      return user !== null && after(queue.retry(id, user));
    },
    async remove(id) {
      const user = await owner();
      return user !== null && after(queue.remove(id, user));
    },
    watchList: () => watchManager.list(),
    watchAdd: (folder) => watchManager.add(folder),
    watchRemove: (folderPath) => watchManager.remove(folderPath),
    async start() {
      uploader.start();
      await watchManager.start();
    },
    async close() {
      await watchManager.close();
      await uploader.stop();
      queue.close();
    },
  };
}
