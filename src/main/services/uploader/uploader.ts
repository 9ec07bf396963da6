/**
 * The uploader: `concurrency` workers that claim jobs from the durable queue (lease + heartbeat),
 * run each through runJob (register, tus create/resume, send) and complete or fail it on the
 * queue. Transient failures go back to the queue's backoff; permanent ones are final until the
 * user retries. While signed out (no connection) the workers do not claim anything. stop()
 * releases the jobs in flight (queued again at once, resumed from the server's offset).
 */
import { randomUUID } from 'node:crypto';
import type { LeasedJob } from '../uploads/queue';
import { reportClientFailure, runJob, type JobContext } from './runJob';
import type { ServerConnection } from './serverApi';
import {
  STEP,
  type LiveProgress,
  type Uploader,
  type UploaderEvent,
  type UploaderOptions,
} from './types';

interface InFlight {
  controller: AbortController;
  live: LiveProgress;
  leaseHeld: boolean;
  /** The user cancelled the job (abortJob). */
  cancelled: boolean;
}

export function createUploader(options: UploaderOptions): Uploader {
  const queue = options.queue;
  const workerId = options.workerId ?? `uploader-${randomUUID()}`;
  const leaseMs = options.leaseMs ?? 30_000;
  const idlePollMs = options.idlePollMs ?? 1000;
  const eventIntervalMs = options.progressEventMs ?? 200;
  const inFlight = new Map<string, InFlight>();
  const workers: Promise<void>[] = [];
  const stopping = new AbortController();
  const wakers = new Set<() => void>();
  let started = false;
  const log = options.log ?? (() => undefined);

  const idle = (): Promise<void> =>
    new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        wakers.delete(done);
        stopping.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, idlePollMs);
      wakers.add(done);
      stopping.signal.addEventListener('abort', done, { once: true });
    });

  const emit = (event: UploaderEvent): void => {
    try {
      options.onEvent?.(event);
    } catch (error) {
      log(
        `Upload event listener failed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  async function work(job: LeasedJob, connection: ServerConnection): Promise<void> {
    const controller = new AbortController();
    const state: InFlight = {
      controller,
      live: { progress: 0, bytesSent: job.uploadedBytes },
      leaseHeld: true,
      cancelled: false,
    };
    inFlight.set(job.id, state);
    const loseLease = (): void => {
      state.leaseHeld = false;
      controller.abort();
    };
    const heartbeat = setInterval(
      () => {
        if (state.leaseHeld && !queue.heartbeat(job.id, job.leaseId)) loseLease();
      },
      Math.max(50, Math.floor(leaseMs / 3)),
    );
    let lastEventAt = 0;
    const report: JobContext['report'] = (progress, bytesSent) => {
      const stepChanged = progress !== state.live.progress;
      state.live = { progress, bytesSent };
      const now = Date.now();
      if (!stepChanged && now - lastEventAt < eventIntervalMs) return;
      lastEventAt = now;
      emit({ type: 'progress', jobId: job.id, progress, bytesSent, size: job.size ?? 0 });
    };
    const signal = AbortSignal.any([controller.signal, stopping.signal]);
    try {
      const result = await runJob({
        job,
        connection,
        options,
        signal,
        report,
        leaseHeld: () => state.leaseHeld,
        loseLease,
      });
      if (result.outcome === 'abandoned') {
        // A clean stop: hand the job back now rather than leave it to its lease.
        if (stopping.signal.aborted && state.leaseHeld && !state.cancelled) {
          state.leaseHeld = false;
          queue.release(job.id, job.leaseId);
        }
        if (state.cancelled && result.rawFileId) {
          await reportClientFailure(connection, result.rawFileId, options);
        }
        return;
      }
      if (result.outcome === 'uploaded') {
        if (!queue.complete(job.id, job.leaseId, result.rawFileId)) return;
        report(STEP.done, job.size ?? 0);
        const done = queue.get(job.id);
        if (done) emit({ type: 'uploaded', job: done, rawFileId: result.rawFileId });
        return;
      }
      if (result.unauthorized && options.onUnauthorized) {
        // Not the file's fault: hand the job back untouched and let the session be renewed.
        state.leaseHeld = false;
        queue.release(job.id, job.leaseId);
        await options.onUnauthorized(connection);
        return;
      }
      if (!queue.fail(job.id, job.leaseId, result.failure)) return;
      if (result.failure.permanent && result.clientSide && result.rawFileId) {
        await reportClientFailure(connection, result.rawFileId, options);
      }
      const failed = queue.get(job.id);
      if (failed) {
        emit({
          type: 'failed',
          job: failed,
          failure: result.failure,
          willRetry: failed.state === 'waiting_retry',
        });
      }
    } finally {
      clearInterval(heartbeat);
      inFlight.delete(job.id);
    }
  }

  async function loop(): Promise<void> {
    while (!stopping.signal.aborted) {
      try {
        const connection = await options.connection();
        const job = connection ? queue.claim(workerId, leaseMs) : null;
        if (connection && job) {
          await work(job, connection);
          continue;
        }
      } catch (error) {
        log(
          `Upload worker error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
        );
      }
      await idle();
    }
  }

  return {
    start() {
      if (started) return;
      started = true;
      for (let i = 0; i < (options.concurrency ?? 2); i += 1) workers.push(loop());
    },
    wake() {
      for (const wake of [...wakers]) wake();
    },
    abortJob(jobId) {
      const state = inFlight.get(jobId);
      if (!state) return;
      state.leaseHeld = false;
      state.cancelled = true;
      state.controller.abort();
    },
    live: (jobId) => inFlight.get(jobId)?.live,
    async stop() {
      stopping.abort();
      await Promise.allSettled(workers);
    },
  };
}
