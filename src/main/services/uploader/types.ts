/** Public shapes of the uploader (implementation in uploader.ts and runJob.ts). */
import type { FailureInfo, UploadJob, UploadQueue } from '../uploads/queue';
import type { RawFileMedium, ServerConnection } from './serverApi';

/** The spec's progress steps: registered, bytes started, bytes sent, done. */
export const STEP = { registered: 10, sending: 30, sent: 70, done: 100 } as const;

export type UploaderEvent =
  | {
      type: 'progress';
      jobId: string;
      /** 0, 10, 30, 70 or 100 (spec steps). */
      progress: number;
      bytesSent: number;
      size: number;
    }
  | { type: 'uploaded'; job: UploadJob; rawFileId: string }
  | { type: 'failed'; job: UploadJob; failure: FailureInfo; willRetry: boolean };

export interface UploaderOptions {
  queue: UploadQueue;
  /** Server URL and session token now; null while signed out (workers then wait). */
  connection: () => Promise<ServerConnection | null>;
  medium: RawFileMedium | ((job: UploadJob) => RawFileMedium);
  workerId?: string;
  /** Default 2. */
  concurrency?: number;
  /** Default 30 s; a heartbeat runs every third of it. */
  leaseMs?: number;
  /** How often an idle worker looks for due jobs; `wake()` looks at once. Default 1 s. */
  idlePollMs?: number;
  /** Per request, and for PATCH per stall of the byte stream. Default 30 s. */
  timeoutMs?: number;
  /**
   * recordProgress (one fsynced SQLite commit) once this many bytes and progressEveryMs have both
   * passed since the last one. Defaults 8 MiB and 1 s: a commit per chunk stalled the event loop
   * that feeds the socket, and on resume the server's offset (HEAD) counts, not this number.
   */
  progressEveryBytes?: number;
  progressEveryMs?: number;
  /** Byte progress events at most this often per job (steps always go out). Default 200 ms. */
  progressEventMs?: number;
  /**
   * The server answered 401 (session expired or revoked) with `connection`. When given, the job is
   * released (queued again, no attempt counted) and this is awaited before the worker goes on; it
   * should renew the token or make `connection` answer null. Without it a 401 is a transient
   * failure (backoff), as for the desktop, whose user signs in again.
   */
  onUnauthorized?: (connection: ServerConnection) => Promise<void>;
  onEvent?: (event: UploaderEvent) => void;
  log?: (line: string) => void;
  fetch?: typeof fetch;
}

export interface LiveProgress {
  progress: number;
  bytesSent: number;
}

export interface Uploader {
  start(): void;
  /** Look for work now (after an enqueue or a retry). */
  wake(): void;
  /** Stops the work in flight on a job (after the user cancelled it in the queue). */
  abortJob(jobId: string): void;
  /** Progress of a job a worker holds right now. */
  live(jobId: string): LiveProgress | undefined;
  /**
   * Stops the workers; jobs in flight are released to the queue (queued again at once, upload URL
   * kept) so the next start resumes them from the server's offset without waiting for the lease.
   */
  stop(): Promise<void>;
}

export type { ServerConnection };
export type { UploadQueue };
