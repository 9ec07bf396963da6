import { describe, expect, it } from 'vitest';
import { startJobLoop, type JobLoopOptions } from './jobLoop';

/** A promise with its resolve function outside. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

const quiet = {
  onFetchError: () => undefined,
  onFetchRecovered: () => undefined,
  onHandleError: () => undefined,
};

function loopOf<T>(options: Partial<JobLoopOptions<T>> & Pick<JobLoopOptions<T>, 'fetch'>) {
  return startJobLoop<T>({ handle: async () => undefined, intervalMs: 1, ...quiet, ...options });
}

describe('a worker loop over the job queue', () => {
  it('given fetches that fail, then the first failure is reported, fetching goes on, and the recovery is reported', async () => {
    const answers: Array<() => string | undefined> = [
      () => {
        throw new Error('relation is gone');
      },
      () => {
        throw new Error('relation is gone');
      },
      () => 'job-1',
    ];
    const errors: Array<{ message: string; failures: number }> = [];
    const recovered = deferred<number>();
    const handled = deferred<string>();
    const loop = loopOf<string>({
      fetch: async () => (answers.shift() ?? (() => undefined))(),
      handle: async (job) => handled.resolve(job),
      reportEveryMs: 3_600_000,
      onFetchError: (error, failures) =>
        errors.push({ message: (error as Error).message, failures }),
      onFetchRecovered: (failures) => recovered.resolve(failures),
    });
    expect(await handled.promise).toBe('job-1');
    expect(await recovered.promise).toBe(2);
    expect(errors).toEqual([{ message: 'relation is gone', failures: 1 }]);
    await loop.stop(60_000);
  });

  it('given a handler that throws, then it is reported and the next job is still handled', async () => {
    const jobs = ['bad', 'good'];
    const reported = deferred<unknown>();
    const good = deferred<string>();
    const loop = loopOf<string>({
      fetch: async () => jobs.shift(),
      handle: async (job) => {
        if (job === 'bad') throw new Error('run failed');
        good.resolve(job);
      },
      onHandleError: (error) => reported.resolve(error),
    });
    expect(((await reported.promise) as Error).message).toBe('run failed');
    expect(await good.promise).toBe('good');
    await loop.stop(60_000);
  });

  it('given a loop waiting out a long interval, when notified, then it fetches at once', async () => {
    let calls = 0;
    const firstFetch = deferred();
    const handled = deferred<string>();
    const loop = loopOf<string>({
      intervalMs: 3_600_000,
      fetch: async () => {
        calls += 1;
        if (calls === 1) {
          firstFetch.resolve();
          return undefined;
        }
        return calls === 2 ? 'queued' : undefined;
      },
      handle: async (job) => handled.resolve(job),
    });
    await firstFetch.promise;
    loop.notify();
    expect(await handled.promise).toBe('queued');
    await loop.stop(60_000);
  });

  it('given a job in hand, when stopped, then stop waits for it and nothing more is fetched', async () => {
    let fetches = 0;
    const started = deferred();
    const finish = deferred();
    const loop = loopOf<string>({
      fetch: async () => {
        fetches += 1;
        return fetches === 1 ? 'long' : undefined;
      },
      handle: async () => {
        started.resolve();
        await finish.promise;
      },
    });
    await started.promise;
    let stopped = false;
    const stopping = loop.stop(3_600_000).then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);
    finish.resolve();
    await stopping;
    expect(fetches).toBe(1);
  });
});
