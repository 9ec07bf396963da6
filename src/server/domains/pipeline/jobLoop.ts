/**
 * One worker's loop over a job queue: fetch a job, handle it, fetch again at once; when there is
 * none, wait `intervalMs` (or until notified). A failing fetch never ends the loop: it is reported
 * (the first failure, then at most once per `reportEveryMs` while it goes on, then the recovery)
 * and tried again after the interval. pg-boss 10's own worker swallows fetch errors without a
 * word, which is how issue 13's stuck queue went unseen for half an hour.
 */

export interface JobLoopOptions<T> {
  fetch: () => Promise<T | undefined>;
  /** Handles one job; a rejection is reported, never ends the loop. */
  handle: (job: T) => Promise<void>;
  intervalMs: number;
  /** `failures` counts the failed fetches in a row so far. */
  onFetchError: (error: unknown, failures: number) => void;
  onFetchRecovered: (failures: number) => void;
  onHandleError: (error: unknown) => void;
  reportEveryMs?: number;
}

export interface JobLoop {
  /** Fetch now (a job was queued) instead of at the end of the current wait. */
  notify(): void;
  /** No more fetches; resolves when the job in hand is done, or after `timeoutMs`. */
  stop(timeoutMs: number): Promise<void>;
}

export function startJobLoop<T>(options: JobLoopOptions<T>): JobLoop {
  const reportEvery = options.reportEveryMs ?? 60_000;
  let stopping = false;
  let notified = false;
  let wake: (() => void) | undefined;
  let failures = 0;
  let reportedAt = 0;

  const pause = async () => {
    if (notified || stopping) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, options.intervalMs);
      wake = done;
    });
  };

  const fetchOne = async (): Promise<T | undefined> => {
    try {
      const job = await options.fetch();
      if (failures > 0) options.onFetchRecovered(failures);
      failures = 0;
      return job;
    } catch (error) {
      failures += 1;
      const now = Date.now();
      if (failures === 1 || now - reportedAt >= reportEvery) {
        reportedAt = now;
        options.onFetchError(error, failures);
      }
      return undefined;
    }
  };

  const running = (async () => {
    while (!stopping) {
      notified = false;
      const job = await fetchOne();
      if (job === undefined) {
        await pause();
        continue;
      }
      try {
        await options.handle(job);
      } catch (error) {
        options.onHandleError(error);
      }
    }
  })();

  return {
    notify() {
      notified = true;
      wake?.();
    },
    async stop(timeoutMs) {
      stopping = true;
      wake?.();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
