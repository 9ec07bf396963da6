/**
 * The document pipeline's job queue: pg-boss on the application's own PostgreSQL, so any number
 * of server or worker processes on any machine share it. A job only says "look at this raw
 * file"; what keeps two runs of one file apart is the file's run lock (runLock.ts), held for the
 * whole run, so no job ever waits on another and one stuck file never stops the others. (pg-boss
 * 10's 'stately' policy did that job with a unique index that made every fetch fail while a
 * dead job of the same file was active: issue 13.)
 *
 * - A job whose file is locked by a live run is dropped: that run ends the file's story.
 * - A failed run is queued again after a doubling delay; the last allowed attempt marks the raw
 *   file Uploading_Failed with the reason.
 * - Workers look every `recoverIntervalSeconds` for files left Processing that no run holds (the
 *   worker died: its lock went with its connection) and queue them again, so a dead worker's file
 *   is taken back within that interval. The 'short' policy keeps one waiting job per file.
 * - Each worker is a jobLoop.ts loop: a fetch that fails is logged and tried again at the next
 *   poll (pg-boss 10's own workers swallow fetch errors).
 * - `sweep()` at start queues files left Uploaded (a crash between upload and enqueue) and files
 *   whose run stopped.
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import { backoffDelay } from '../../../shared/backoff';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import {
  LEGACY_PIPELINE_QUEUE,
  PIPELINE_QUEUE,
  PIPELINE_RETRY_LIMIT,
  RAW_FILE_PROCESSING,
} from './constants';
import type { ProcessOutcome } from './processRawFile';
import { markRawFile } from './rawFileState';
import { startJobLoop, type JobLoop } from './jobLoop';
import { startRematchQueue } from './rematchQueue';
import { tryLockRun, unlockedRawFiles, type RunLock } from './runLock';
import { databaseErrorOf, safeError } from '../../logSafe';

const jobData = z.object({ rawFileId: z.uuid() });

export interface PipelineLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PipelineQueueOptions {
  databaseUrl: string;
  db: Database;
  /** Jobs run at once by this process; 0 only enqueues. */
  workers: number;
  /** One run over the raw file; `lock` is its run lock, to confirm before writing. */
  run: (rawFileId: string, lock: RunLock) => Promise<ProcessOutcome>;
  log: PipelineLog;
  /**
   * pg-boss's own limit on a job's run: a job older than this is failed and retried by pg-boss.
   * A backstop only (a live run keeps its file locked, so the retry is dropped).
   */
  expireInSeconds: number;
  /** Overrides for tests (no backoff, fast polling, supervision and recovery). */
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
  recoverIntervalSeconds?: number;
}

export interface PipelineQueue {
  enqueue(rawFileId: string): Promise<void>;
  /** The company's cases changed: its documents without a case are matched again (rematch.ts). */
  enqueueRematch(companyId: string): Promise<void>;
  /** Raw files waiting without a job, or whose run stopped, are queued; returns how many. */
  sweep(): Promise<number>;
  /** This process's workers look for jobs now (another process queued one). */
  notify(): void;
  stop(): Promise<void>;
}

/** How often workers look for files whose run stopped (a dead worker's file is back by then). */
export const RECOVER_INTERVAL_SECONDS = 15;

export async function startPipelineQueue(options: PipelineQueueOptions): Promise<PipelineQueue> {
  const { db, log } = options;
  const retryDelay = options.retryDelaySeconds ?? 10;
  // A failed run's re-run: retryDelay seconds doubling per attempt (at most PIPELINE_RETRY_LIMIT).
  const rerunBackoff = { base: retryDelay, cap: Number.POSITIVE_INFINITY };
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: Math.max(2, options.workers + 1),
    // Only worker processes need the supervisor's expiry checks and archiving.
    supervise: options.workers > 0,
    schedule: false,
    maintenanceIntervalSeconds:
      options.maintenanceIntervalSeconds ?? Math.max(1, Math.min(30, options.expireInSeconds)),
  });
  // pg-boss's own errors (its maintenance: expiring and archiving jobs), tried again each interval.
  boss.on('error', (error: unknown) => log.error(describeError(error), 'pipeline queue error'));
  await boss.start();
  await dropLegacyQueue(boss, log);
  const queueOptions = {
    name: PIPELINE_QUEUE,
    // At most one waiting job per raw file (singletonKey); running jobs are not limited here.
    policy: 'short',
    // pg-boss retries only jobs whose handler threw outside a run or that expired.
    retryLimit: PIPELINE_RETRY_LIMIT,
    retryDelay,
    retryBackoff: retryDelay > 0,
    expireInSeconds: options.expireInSeconds,
  } as const;
  await boss.createQueue(PIPELINE_QUEUE, queueOptions);
  // createQueue leaves an existing queue as it was: this process's settings apply from now on.
  await boss.updateQueue(PIPELINE_QUEUE, queueOptions);

  async function send(rawFileId: string, delaySeconds = 0): Promise<boolean> {
    const id = await boss.send(
      PIPELINE_QUEUE,
      { rawFileId },
      {
        singletonKey: rawFileId,
        expireInSeconds: options.expireInSeconds,
        ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}),
      },
    );
    return id !== null;
  }

  /** One run under the file's lock; a failure is queued again or, at the last attempt, final. */
  async function runLocked(rawFileId: string, lock: RunLock): Promise<void> {
    try {
      const outcome = await options.run(rawFileId, lock);
      log.info({ rawFileId, outcome: outcome.status }, 'pipeline run');
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const attempt = await attemptsOf(db, rawFileId);
      log.error({ err: error, rawFileId, attempt }, 'pipeline run failed');
      if (attempt > PIPELINE_RETRY_LIMIT) await giveUp(db, rawFileId, reason);
      // Queued while the lock is held, so recovery never sees the file unlocked and jobless.
      else await send(rawFileId, backoffDelay(attempt, rerunBackoff));
    }
  }

  /** A job's handling; one that fails outside a run (the database is away) is retried by pg-boss. */
  async function handle(job: PgBoss.Job<unknown>): Promise<void> {
    try {
      await handleData(job.data);
    } catch (error) {
      await boss.fail(PIPELINE_QUEUE, job.id, describeError(error));
      throw error;
    }
    await boss.complete(PIPELINE_QUEUE, job.id);
  }

  /** The run under the file's lock, or nothing when a live run holds it. */
  async function handleData(data: unknown): Promise<void> {
    const parsed = jobData.safeParse(data);
    if (!parsed.success) return; // a malformed job is dropped, never retried forever
    const { rawFileId } = parsed.data;
    const lock = await tryLockRun(options.databaseUrl, rawFileId);
    if (!lock) {
      log.info({ rawFileId }, 'pipeline job dropped: a live run holds this raw file');
      return;
    }
    try {
      await runLocked(rawFileId, lock);
    } finally {
      await lock.release();
    }
  }

  /** pg-boss's fetch, except that a failing query is thrown (pg-boss 10 returns "no jobs"). */
  async function fetchJob(queue = PIPELINE_QUEUE): Promise<PgBoss.Job<unknown> | undefined> {
    let failure: unknown;
    const jobs = await boss.fetch<unknown>(queue, {
      batchSize: 1,
      db: {
        executeSql: async (text, values) => {
          try {
            return await fetchPool.query(text, values);
          } catch (error) {
            failure = error;
            throw error;
          }
        },
      },
    });
    if (failure !== undefined) throw failure;
    return jobs[0];
  }

  // The workers' fetches go through this pool, so their errors reach fetchJob (see above).
  const fetchPool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: Math.max(1, options.workers),
  });
  fetchPool.on('error', () => undefined); // an idle connection lost; the next fetch reports
  const loops: JobLoop[] = [];
  for (let index = 0; index < options.workers; index += 1)
    loops.push(
      startJobLoop({
        fetch: () => fetchJob(),
        handle,
        intervalMs: pollingIntervalSeconds * 1000,
        onFetchError: (error, failures) =>
          log.error(
            { ...describeError(error), failures, retryInSeconds: pollingIntervalSeconds },
            'pipeline jobs cannot be fetched; trying again',
          ),
        onFetchRecovered: (failures) => log.info({ failures }, 'pipeline jobs are fetched again'),
        // Failed for pg-boss to retry, or (if even that failed) active until it expires.
        onHandleError: (error) =>
          log.error(describeError(error), 'pipeline job could not be finished'),
      }),
    );

  const rematch = await startRematchQueue({
    boss,
    databaseUrl: options.databaseUrl,
    db,
    runs: options.workers > 0,
    fetch: fetchJob,
    log,
    pollingIntervalSeconds,
    busyDelaySeconds: Math.max(1, retryDelay),
  });

  function notify(): void {
    for (const loop of loops) loop.notify();
    rematch.notify();
  }

  async function enqueue(rawFileId: string): Promise<void> {
    await send(rawFileId);
    notify();
  }

  /** Files left Processing that no live run holds are queued again; returns how many were. */
  async function recover(): Promise<number> {
    let queued = 0;
    for (const rawFileId of await unlockedRawFiles(db, RAW_FILE_PROCESSING)) {
      // A file already waiting for a retry keeps its job (and its delay).
      if (!(await send(rawFileId))) continue;
      queued += 1;
      log.info({ rawFileId }, 'pipeline run had stopped (its worker ended): queued again');
    }
    if (queued > 0) notify();
    return queued;
  }

  let recovering = false;
  const recoverTimer =
    options.workers > 0
      ? setInterval(
          () => {
            if (recovering) return;
            recovering = true;
            recover()
              .catch((error: unknown) =>
                log.error(describeError(error), 'pipeline recovery failed; trying again'),
              )
              .finally(() => {
                recovering = false;
              });
          },
          (options.recoverIntervalSeconds ?? RECOVER_INTERVAL_SECONDS) * 1000,
        )
      : undefined;
  recoverTimer?.unref();

  async function sweep(): Promise<number> {
    const waiting = await db
      .select({ id: rawFile.id })
      .from(rawFile)
      .where(and(eq(rawFile.is_deleted, false), eq(rawFile.status, RAW_FILE_STATUS.uploaded)));
    // The 'short' policy turns a send for a raw file that already waits into a no-op.
    for (const { id } of waiting) await send(id);
    notify();
    return waiting.length + (await recover());
  }

  return {
    enqueue,
    enqueueRematch: (companyId) => rematch.enqueue(companyId),
    sweep,
    notify,
    async stop() {
      if (recoverTimer) clearInterval(recoverTimer);
      // Running jobs get 10 s to finish; an unfinished file is taken back by recovery elsewhere.
      await Promise.all([...loops.map((loop) => loop.stop(10_000)), rematch.stop(10_000)]);
      await boss.stop({ graceful: true, wait: true, timeout: 1_000 });
      await fetchPool.end();
    },
  };
}

/** The queue of LexDesk before issue 13 ('stately'): its jobs are replaced by sweep(). */
async function dropLegacyQueue(boss: PgBoss, log: PipelineLog): Promise<void> {
  try {
    if (await boss.getQueue(LEGACY_PIPELINE_QUEUE)) await boss.deleteQueue(LEGACY_PIPELINE_QUEUE);
  } catch (error) {
    // Another process dropped it at the same moment, or it stays: nothing reads it either way.
    log.error(describeError(error), 'the old pipeline queue could not be dropped');
  }
}

/**
 * An error as a log line's fields (pg-boss emits plain objects; PostgreSQL adds code and detail).
 * An Error goes through logSafe: never a failed statement's SQL or bound values (nor `detail`).
 */
function describeError(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return { error: String(error) };
  const fields = error as Record<string, unknown>;
  const pick = (name: string) => (typeof fields[name] === 'string' ? { [name]: fields[name] } : {});
  if (error instanceof Error) {
    const database = databaseErrorOf(error);
    const safe = safeError(database ?? error);
    return {
      error: safe.message,
      ...(database ? { code: database.code } : pick('code')),
      ...(database?.constraint ? { constraint: database.constraint } : {}),
      ...pick('queue'),
    };
  }
  return {
    error: typeof fields.message === 'string' ? fields.message : String(error),
    ...pick('code'),
    ...pick('detail'),
    ...pick('queue'),
  };
}

async function attemptsOf(db: Database, rawFileId: string): Promise<number> {
  const [row] = await db
    .select({ attempts: rawFile.processing_attempts })
    .from(rawFile)
    .where(eq(rawFile.id, rawFileId));
  return row?.attempts ?? 0;
}

async function giveUp(db: Database, rawFileId: string, reason: string): Promise<void> {
  const [raw] = await db.select().from(rawFile).where(eq(rawFile.id, rawFileId));
  if (!raw || raw.is_deleted) return;
  await markRawFile(
    db,
    raw,
    { status: RAW_FILE_STATUS.failed, error: `Processing failed: ${reason}` },
    'processing_failed',
    // The error itself may be internal (a stack's message); the uploader is told in words.
    { failureNotice: `it failed ${raw.processing_attempts} times in a row` },
  );
}
