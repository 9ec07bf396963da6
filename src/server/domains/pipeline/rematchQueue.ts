/**
 * The background job that re-matches a company's documents when its cases change (rematch.ts),
 * on the pipeline's pg-boss: a job says "re-match this company" (from the start, or after a
 * document id when the previous run stopped at its cap). At most one job waits per company
 * (policy 'short', keyed by the company), and a run holds the company's re-match lock (runLock.ts,
 * REMATCH_LOCK_SPACE) so two processes never re-match one company at once: a job that finds the
 * lock held is queued again after a delay. Each run is logged with what it did.
 */
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { safeError } from '../../logSafe';
import { startJobLoop, type JobLoop } from './jobLoop';
import type { PipelineLog } from './queue';
import { rematchCompany } from './rematch';
import { REMATCH_LOCK_SPACE, tryLockRun } from './runLock';

export const REMATCH_QUEUE = 'pipeline-rematch-company';

const jobData = z.object({ companyId: z.uuid(), after: z.uuid().optional() });

export interface RematchQueueOptions {
  boss: PgBoss;
  databaseUrl: string;
  db: Database;
  /** Whether this process runs re-match jobs (one at a time) or only queues them. */
  runs: boolean;
  /** pg-boss's fetch of one job of a queue (queue.ts: failures are thrown, not swallowed). */
  fetch: (queue: string) => Promise<PgBoss.Job<unknown> | undefined>;
  log: PipelineLog;
  pollingIntervalSeconds: number;
  /** Seconds before a job that found its company busy is tried again. */
  busyDelaySeconds: number;
}

export interface RematchQueue {
  enqueue(companyId: string): Promise<void>;
  notify(): void;
  stop(timeoutMs: number): Promise<void>;
}

export async function startRematchQueue(options: RematchQueueOptions): Promise<RematchQueue> {
  const { boss, log } = options;
  const queueOptions = { name: REMATCH_QUEUE, policy: 'short', retryLimit: 3 } as const;
  await boss.createQueue(REMATCH_QUEUE, queueOptions);
  await boss.updateQueue(REMATCH_QUEUE, queueOptions);

  async function send(companyId: string, after?: string, delaySeconds = 0): Promise<void> {
    await boss.send(
      REMATCH_QUEUE,
      { companyId, ...(after ? { after } : {}) },
      { singletonKey: companyId, ...(delaySeconds > 0 ? { startAfter: delaySeconds } : {}) },
    );
  }

  async function run(data: unknown): Promise<void> {
    const parsed = jobData.safeParse(data);
    if (!parsed.success) return;
    const { companyId, after } = parsed.data;
    const lock = await tryLockRun(options.databaseUrl, companyId, REMATCH_LOCK_SPACE);
    if (!lock) {
      log.info({ companyId }, 'case re-match waits: another run has this company');
      await send(companyId, after, options.busyDelaySeconds);
      return;
    }
    try {
      const started = performance.now();
      const result = await rematchCompany(options.db, companyId, { after });
      log.info(
        { companyId, ...result, ms: Math.round(performance.now() - started) },
        'case re-match',
      );
      // Stopped at its cap: the next run carries on (a job already waiting starts over instead).
      if (result.next) await send(companyId, result.next);
    } finally {
      await lock.release();
    }
  }

  const loop: JobLoop | undefined = options.runs
    ? startJobLoop({
        fetch: () => options.fetch(REMATCH_QUEUE),
        handle: async (job) => {
          try {
            await run(job.data);
          } catch (error) {
            await boss.fail(REMATCH_QUEUE, job.id, { error: safeError(error).message });
            throw error;
          }
          await boss.complete(REMATCH_QUEUE, job.id);
        },
        intervalMs: options.pollingIntervalSeconds * 1000,
        onFetchError: (error, failures) =>
          log.error(
            { error: safeError(error).message, failures },
            'case re-match jobs cannot be fetched',
          ),
        onFetchRecovered: (failures) =>
          log.info({ failures }, 'case re-match jobs are fetched again'),
        onHandleError: (error) =>
          log.error({ error: safeError(error).message }, 'case re-match failed'),
      })
    : undefined;

  return {
    async enqueue(companyId) {
      await send(companyId);
      loop?.notify();
    },
    notify: () => loop?.notify(),
    stop: async (timeoutMs) => loop?.stop(timeoutMs),
  };
}
