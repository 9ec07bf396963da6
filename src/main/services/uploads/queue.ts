/**
 * The durable upload queue of the main process (plain Node, one SQLite file).
 *
 * Jobs move queued -> uploading (leased by one worker) -> done, or to waiting_retry (transient
 * failure, exponential backoff with full jitter) and, after `maxAttempts` claims, to failed.
 * A permanent failure goes straight to failed and is never retried by itself. Every call a
 * worker makes on a job it leased carries the lease id; a worker whose lease was taken over gets
 * `false` and changes nothing. See README.md for the states and the choices behind them.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { backoffDelay } from '../../../shared/backoff';
import { findDuplicate, insertItems, parseItems } from './enqueue';
import {
  JOB_STATES,
  listQuarantined,
  parseJobRow,
  quarantineRow,
  type JobState,
  type UploadJob,
} from './rows';
import { openQueueDatabase, UploadQueueError } from './schema';
import type { LeasedJob, UploadQueue, UploadQueueOptions } from './types';

const ProgressInput = z.object({
  uploadUrl: z.url().optional(),
  uploadedBytes: z.number().int().nonnegative(),
});
const FailureInput = z.object({
  code: z.string().min(1),
  message: z.string().min(1),
  permanent: z.boolean(),
});
const RawFileId = z.string().min(1);
/**
 * A job is the user's when they queued it. Jobs with no owner (queued before owners were kept,
 * or by a watched folder while nobody was signed in) belong to this computer: every user sees them.
 */
function ownedBy(job: UploadJob, owner: string | null): boolean {
  return job.ownerId === null || job.ownerId === owner;
}

const ClaimInput = z.object({ workerId: z.string().min(1), leaseMs: z.number().int().positive() });

/** Worker input is checked before it is stored, so a bad call cannot make a row unreadable. */
function checked<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    throw new UploadQueueError('QUEUE_INVALID_INPUT', z.prettifyError(parsed.error));
  }
  return parsed.data;
}

const DUE_SQL = `
  SELECT rowid AS row_seq, * FROM upload_jobs
  WHERE state = 'queued'
     OR (state = 'waiting_retry' AND next_attempt_at <= @now)
     OR (state = 'uploading' AND lease_expires_at <= @now)
  ORDER BY created_at, rowid LIMIT 1`;

/** Every worker call matches its lease: a stale worker's update touches no row. */
const LEASED = "id = @jobId AND lease_id = @leaseId AND state = 'uploading'";

export function openUploadQueue(options: UploadQueueOptions): UploadQueue {
  const db = openQueueDatabase(
    options.file,
    options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {},
  );
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoff = {
    base: options.baseDelayMs ?? 2_000,
    cap: options.maxDelayMs ?? 300_000,
    jitter: 'full',
    random,
  } as const;
  const historyMs = options.historyMs ?? 24 * 60 * 60 * 1000;

  const accept = (raw: unknown): UploadJob | null => {
    const parsed = parseJobRow(raw);
    if (parsed.ok) return parsed.job;
    quarantineRow(db, raw, parsed.reason, now());
    const id = (raw as { id?: unknown } | undefined)?.id;
    try {
      options.onQuarantine?.({ jobId: typeof id === 'string' ? id : null, reason: parsed.reason });
    } catch {
      // A failing reporter must not undo the quarantine or stop the queue.
    }
    return null;
  };
  const load = (id: string): UploadJob | null => {
    const raw = db.prepare('SELECT rowid AS row_seq, * FROM upload_jobs WHERE id = ?').get(id);
    return raw === undefined ? null : accept(raw);
  };
  const leased = (sql: string, params: Record<string, unknown>): boolean =>
    db.prepare(sql).run(params).changes === 1;

  const claimOnce = (workerId: string, leaseMs: number): LeasedJob | null => {
    for (;;) {
      const at = now();
      const raw = db.prepare(DUE_SQL).get({ now: at });
      if (raw === undefined) return null;
      const job = accept(raw);
      if (!job) continue;
      if (job.state === 'uploading' && job.attempts >= maxAttempts) {
        // A worker died holding it on its last attempt (crash, kill): stop here, visibly.
        db.prepare(
          `UPDATE upload_jobs SET state = 'failed', permanent = 0, lease_id = NULL,
             lease_owner = NULL, lease_expires_at = NULL, last_error_code = 'UPLOAD_INTERRUPTED',
             last_error_message = 'The upload stopped unexpectedly too many times.', updated_at = ?
           WHERE id = ?`,
        ).run(at, job.id);
        continue;
      }
      const leaseId = randomUUID();
      db.prepare(
        `UPDATE upload_jobs SET state = 'uploading', attempts = attempts + 1, lease_id = @leaseId,
           lease_owner = @workerId, lease_ms = @leaseMs, lease_expires_at = @expires,
           next_attempt_at = NULL, updated_at = @at
         WHERE id = @id`,
      ).run({ leaseId, workerId, leaseMs, expires: at + leaseMs, at, id: job.id });
      const claimed = load(job.id);
      if (claimed?.state !== 'uploading' || claimed.leaseId === null) return null;
      return { ...claimed, state: 'uploading', leaseId: claimed.leaseId };
    }
  };

  const pruneHistory = (): number =>
    db
      .prepare(`DELETE FROM upload_jobs WHERE state IN ('done', 'cancelled') AND updated_at < ?`)
      .run(now() - historyMs).changes;
  pruneHistory();

  const KNOWN_STATES = JOB_STATES.map((state) => `'${state}'`).join(', ');
  const list: UploadQueue['list'] = (listOptions) =>
    db
      .transaction(() => {
        const states = listOptions?.states ?? JOB_STATES;
        const owner = listOptions?.owner;
        // Rows in an unknown state are always read, so they reach quarantine and get reported.
        const rows = db
          .prepare(
            `SELECT rowid AS row_seq, * FROM upload_jobs
             WHERE state IN (SELECT value FROM json_each(@states)) OR state NOT IN (${KNOWN_STATES})
             ORDER BY created_at, rowid`,
          )
          .all({ states: JSON.stringify(states) });
        const jobs = rows
          .map(accept)
          .filter((job): job is UploadJob => job !== null)
          .filter((job) => owner === undefined || ownedBy(job, owner));
        return { jobs, quarantined: listQuarantined(db) };
      })
      .immediate();

  const stateChange = (sql: string, jobId: string): boolean =>
    db.prepare(sql).run({ jobId, at: now() }).changes === 1;

  return {
    enqueue: (items) => {
      const parsed = parseItems(items);
      return db
        .transaction(() => insertItems({ db, now: now(), historyMs, load, accept }, parsed))
        .immediate();
    },
    claim: (workerId, leaseMs) => {
      const input = checked(ClaimInput, { workerId, leaseMs });
      return db.transaction(() => claimOnce(input.workerId, input.leaseMs)).immediate();
    },
    heartbeat: (jobId, leaseId) =>
      leased(
        `UPDATE upload_jobs SET lease_expires_at = @at + lease_ms, updated_at = @at WHERE ${LEASED}`,
        { jobId, leaseId, at: now() },
      ),
    recordProgress: (jobId, leaseId, input) => {
      const progress = checked(ProgressInput, input);
      return leased(
        `UPDATE upload_jobs SET upload_url = COALESCE(@uploadUrl, upload_url),
           uploaded_bytes = @uploadedBytes, lease_expires_at = @at + lease_ms, updated_at = @at
         WHERE ${LEASED}`,
        {
          jobId,
          leaseId,
          at: now(),
          uploadUrl: progress.uploadUrl ?? null,
          uploadedBytes: progress.uploadedBytes,
        },
      );
    },
    complete: (jobId, leaseId, rawFileId) =>
      leased(
        `UPDATE upload_jobs SET state = 'done', raw_file_id = @rawFileId,
           uploaded_bytes = COALESCE(size, uploaded_bytes), lease_id = NULL, lease_owner = NULL,
           lease_expires_at = NULL, last_error_code = NULL, last_error_message = NULL,
           updated_at = @at
         WHERE ${LEASED}`,
        { jobId, leaseId, rawFileId: checked(RawFileId, rawFileId), at: now() },
      ),
    fail: (jobId, leaseId, input) => {
      const failure = checked(FailureInput, input);
      return db
        .transaction(() => {
          const job = load(jobId);
          if (job?.state !== 'uploading' || job.leaseId !== leaseId) return false;
          const at = now();
          const exhausted = failure.permanent || job.attempts >= maxAttempts;
          return leased(
            `UPDATE upload_jobs SET state = @state, permanent = @permanent,
               next_attempt_at = @nextAttemptAt, last_error_code = @code,
               last_error_message = @message, lease_id = NULL, lease_owner = NULL,
               lease_expires_at = NULL, updated_at = @at
             WHERE ${LEASED}`,
            {
              jobId,
              leaseId,
              at,
              state: exhausted ? 'failed' : 'waiting_retry',
              permanent: failure.permanent ? 1 : 0,
              nextAttemptAt: exhausted ? null : at + backoffDelay(job.attempts, backoff),
              code: failure.code,
              message: failure.message,
            },
          );
        })
        .immediate();
    },
    release: (jobId, leaseId) =>
      leased(
        `UPDATE upload_jobs SET state = 'queued', attempts = MAX(attempts - 1, 0),
           lease_id = NULL, lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = NULL,
           updated_at = @at
         WHERE ${LEASED}`,
        { jobId, leaseId, at: now() },
      ),
    retry: (jobId, owner) =>
      db
        .transaction(() => {
          const job = load(jobId);
          if (job?.state !== 'failed' || job.permanent) return false;
          if (owner !== undefined && !ownedBy(job, owner)) return false;
          const context = { db, now: now(), historyMs, load, accept };
          const other = job.sha256 ? findDuplicate(context, job.companyId, job.sha256) : null;
          if (other && other.id !== job.id) {
            // The same file was dropped again meanwhile and is queued or uploaded: sending this
            // one too would make a second raw file, so the failed entry just goes.
            return db.prepare('DELETE FROM upload_jobs WHERE id = ?').run(jobId).changes === 1;
          }
          return stateChange(
            `UPDATE upload_jobs SET state = 'queued', attempts = 0, next_attempt_at = NULL,
               last_error_code = NULL, last_error_message = NULL, updated_at = @at
             WHERE id = @jobId AND state = 'failed' AND permanent = 0`,
            jobId,
          );
        })
        .immediate(),
    cancel: (jobId) =>
      stateChange(
        `UPDATE upload_jobs SET state = 'cancelled', lease_id = NULL, lease_owner = NULL,
           lease_expires_at = NULL, next_attempt_at = NULL, updated_at = @at
         WHERE id = @jobId AND state IN ('queued', 'uploading', 'waiting_retry', 'failed')`,
        jobId,
      ),
    remove: (jobId, owner) =>
      db
        .transaction(() => {
          const job = load(jobId);
          if (!job || !['failed', 'cancelled', 'done'].includes(job.state)) return false;
          if (owner !== undefined && !ownedBy(job, owner)) return false;
          return db.prepare('DELETE FROM upload_jobs WHERE id = ?').run(jobId).changes === 1;
        })
        .immediate(),
    pruneHistory,
    get: (jobId) => db.transaction(() => load(jobId)).immediate(),
    list,
    counts: () => {
      const byState = Object.fromEntries(JOB_STATES.map((state) => [state, 0])) as Record<
        JobState,
        number
      >;
      for (const job of list().jobs) byState[job.state] += 1;
      const pending = byState.queued + byState.uploading + byState.waiting_retry;
      // Failed uploads are not in progress: they have a list of their own (per user).
      return { ...byState, pending, active: pending };
    },
    close: () => db.close(),
  };
}

export type { EnqueueItem, EnqueueResult, Validation } from './enqueue';
export type { JobSource, JobState, QuarantinedRow, UploadJob } from './rows';
export { UploadQueueError } from './schema';
export { sqliteNativeBinding, useSqliteNativeBinding } from './nativeBinding';
export * from './types';
