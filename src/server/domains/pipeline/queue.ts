/**
 * The document pipeline's job queue: pg-boss on the application's own PostgreSQL, so any number
 * of server or worker processes on any machine share it. One job per raw file at a time (stately
 * policy keyed by raw file id); failed runs retry with backoff; a job whose worker died expires
 * and is retried. The last failed attempt marks the raw file Uploading_Failed with the reason.
 * At start, raw files left Uploaded (a crash between upload and enqueue) are queued again; the
 * stately policy makes that a no-op for those that have a job.
 */
import { and, eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import { RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import { PIPELINE_QUEUE, PIPELINE_RETRY_LIMIT } from './constants';
import type { ProcessOutcome } from './processRawFile';
import { markRawFile } from './rawFileState';

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
  run: (rawFileId: string) => Promise<ProcessOutcome>;
  log: PipelineLog;
  /** A running job older than this is taken as lost and retried. */
  expireInSeconds: number;
  /** Overrides for tests (no backoff, fast polling and supervision). */
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  maintenanceIntervalSeconds?: number;
}

export interface PipelineQueue {
  enqueue(rawFileId: string): Promise<void>;
  /** Raw files waiting without a job are queued; returns how many. */
  sweep(): Promise<number>;
  /** This process's workers look for jobs now (another process queued one). */
  notify(): void;
  stop(): Promise<void>;
}

export async function startPipelineQueue(options: PipelineQueueOptions): Promise<PipelineQueue> {
  const boss = new PgBoss({
    connectionString: options.databaseUrl,
    max: Math.max(2, options.workers + 1),
    // Only worker processes need the supervisor's expiry checks and archiving.
    supervise: options.workers > 0,
    schedule: false,
    // Lost jobs are found by this check, so it runs at least as often as jobs expire.
    maintenanceIntervalSeconds:
      options.maintenanceIntervalSeconds ?? Math.max(1, Math.min(30, options.expireInSeconds)),
  });
  boss.on('error', (error: unknown) => options.log.error({ err: error }, 'pipeline queue error'));
  await boss.start();
  await boss.createQueue(PIPELINE_QUEUE, {
    name: PIPELINE_QUEUE,
    policy: 'stately',
    retryLimit: PIPELINE_RETRY_LIMIT,
    retryDelay: options.retryDelaySeconds ?? 10,
    retryBackoff: (options.retryDelaySeconds ?? 10) > 0,
    expireInSeconds: options.expireInSeconds,
  });

  const workerIds: string[] = [];
  for (let index = 0; index < options.workers; index += 1) {
    workerIds.push(
      await boss.work<{ rawFileId: string }>(
        PIPELINE_QUEUE,
        {
          batchSize: 1,
          includeMetadata: true,
          pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
        },
        async ([job]) => {
          if (!job) return;
          const parsed = jobData.safeParse(job.data);
          if (!parsed.success) return; // a malformed job is dropped, never retried forever
          const { rawFileId } = parsed.data;
          const attempt = job.retryCount + 1;
          try {
            const outcome = await options.run(rawFileId);
            options.log.info({ rawFileId, attempt, outcome: outcome.status }, 'pipeline run');
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            options.log.error({ err: error, rawFileId, attempt }, 'pipeline run failed');
            if (job.retryCount >= job.retryLimit) await giveUp(options.db, rawFileId, reason);
            throw error;
          }
        },
      ),
    );
  }

  async function enqueue(rawFileId: string): Promise<void> {
    await boss.send(
      PIPELINE_QUEUE,
      { rawFileId },
      { singletonKey: rawFileId, expireInSeconds: options.expireInSeconds },
    );
    notify();
  }

  function notify(): void {
    for (const id of workerIds) boss.notifyWorker(id);
  }

  async function sweep(): Promise<number> {
    const waiting = await options.db
      .select({ id: rawFile.id })
      .from(rawFile)
      .where(
        and(
          eq(rawFile.is_deleted, false),
          // Processing files have a job already (running, or to be retried when it expires).
          eq(rawFile.status, RAW_FILE_STATUS.uploaded),
        ),
      );
    // The stately policy turns a send for a raw file that already has a job into a no-op.
    for (const { id } of waiting) await enqueue(id);
    return waiting.length;
  }

  return {
    enqueue,
    sweep,
    notify,
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

async function giveUp(db: Database, rawFileId: string, reason: string): Promise<void> {
  const [raw] = await db.select().from(rawFile).where(eq(rawFile.id, rawFileId));
  if (!raw || raw.is_deleted) return;
  await markRawFile(
    db,
    raw,
    { status: RAW_FILE_STATUS.failed, error: `Processing failed: ${reason}` },
    'processing_failed',
  );
}
