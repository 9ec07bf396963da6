/** The public shapes of the upload queue (implementation in queue.ts). */
import type { EnqueueItem, EnqueueResult } from './enqueue';
import type { JobState, QuarantinedRow, UploadJob } from './rows';

export interface UploadQueueOptions {
  file: string;
  /** better-sqlite3 addon to load (Electron build); default see nativeBinding.ts. */
  nativeBinding?: string;
  now?: () => number;
  random?: () => number;
  /** Claims a job may use before it is failed (visible, retryable). Default 5. */
  maxAttempts?: number;
  /** Default 2 s. */
  baseDelayMs?: number;
  /** Default 5 min. */
  maxDelayMs?: number;
  /** How long done and cancelled jobs are kept for duplicate detection. Default 24 h. */
  historyMs?: number;
  /** Told whenever a row that does not parse is moved to quarantine (for the log). */
  onQuarantine?: (info: { jobId: string | null; reason: string }) => void;
}

export interface FailureInfo {
  code: string;
  message: string;
  permanent: boolean;
}

export interface ProgressInfo {
  uploadUrl?: string;
  uploadedBytes: number;
}

export type LeasedJob = UploadJob & { state: 'uploading'; leaseId: string };

/**
 * States the upload tracker shows: uploads in progress. Done and cancelled jobs leave it; failed
 * ones leave it too, for the failed list of the user who queued them (spec: "the upload is
 * removed from the tracker on completion, failure or manual removal").
 */
export const TRACKER_STATES: readonly JobState[] = ['queued', 'uploading', 'waiting_retry'];

export type QueueCounts = Record<JobState, number> & {
  /** queued + uploading + waiting_retry: the uploads still in the tracker (failed ones are not). */
  active: number;
  /** queued + uploading + waiting_retry: work the queue will still do by itself. */
  pending: number;
};

export interface UploadQueue {
  /** One transaction for the batch; results in item order. Throws QUEUE_INVALID_INPUT. */
  enqueue(items: readonly EnqueueItem[]): EnqueueResult[];
  /** Leases the oldest due job (BEGIN IMMEDIATE), counting an attempt; null when none is due. */
  claim(workerId: string, leaseMs: number): LeasedJob | null;
  /** Extends the lease by its original length. False when the lease is no longer held. */
  heartbeat(jobId: string, leaseId: string): boolean;
  /** Stores the tus URL and bytes sent (also extends the lease). Throttle calls (every few MB). */
  recordProgress(jobId: string, leaseId: string, progress: ProgressInfo): boolean;
  complete(jobId: string, leaseId: string, rawFileId: string): boolean;
  /** Permanent -> failed now; transient -> waiting_retry with backoff, failed after maxAttempts. */
  fail(jobId: string, leaseId: string, failure: FailureInfo): boolean;
  /**
   * A clean stop (service stop, app quit, SIGTERM): the job goes back to queued at once, its
   * attempt given back and its upload URL and bytes kept, so the next start resumes it without
   * waiting for the lease to expire. False when the lease is no longer held.
   */
  release(jobId: string, leaseId: string): boolean;
  /**
   * A non-permanent failed job back to queued with attempts reset (upload URL and idempotency key
   * kept, so the server makes no second raw file). When the same content was queued again
   * meanwhile (or uploaded within historyMs) the failed job is deleted instead. With `owner`,
   * only a job of that user (or one without owner) is touched.
   */
  retry(jobId: string, owner?: string | null): boolean;
  /** Any job not done or cancelled; a worker holding it then gets false on its next call. */
  cancel(jobId: string): boolean;
  /** Deletes a failed, cancelled or done job (dismissed); with `owner`, only that user's. */
  remove(jobId: string, owner?: string | null): boolean;
  /** Deletes done and cancelled jobs older than historyMs; also run when the queue opens. */
  pruneHistory(): number;
  get(jobId: string): UploadJob | null;
  /**
   * All jobs (or those in `states`; with `owner`, only that user's and those without owner),
   * oldest first, plus every quarantined row.
   */
  list(options?: { states?: readonly JobState[]; owner?: string | null }): {
    jobs: UploadJob[];
    quarantined: QuarantinedRow[];
  };
  counts(): QueueCounts;
  close(): void;
}
