import { describe, expect, it } from 'vitest';
import { awaitAutoprewarm } from './autoprewarmWait';

/** A pool that answers the wait's three questions from a script; counts the worker polls. */
function fakePool(state: {
  loaded?: boolean;
  upSeconds?: number;
  blocksFile?: 'present' | 'missing' | 'forbidden';
  workers?: number[];
}) {
  const workers = [...(state.workers ?? [])];
  const asked = { polls: 0 };
  const pool = {
    query: (sql: string) => {
      if (sql.includes('shared_preload_libraries'))
        return Promise.resolve({
          rows: [{ loaded: state.loaded ?? true, up_s: state.upSeconds ?? 2 }],
        });
      if (sql.includes('pg_stat_file')) {
        if (state.blocksFile === 'forbidden')
          return Promise.reject(new Error('permission denied for function pg_stat_file'));
        return Promise.resolve({
          rows: [{ size: state.blocksFile === 'missing' ? null : '4096' }],
        });
      }
      asked.polls += 1;
      return Promise.resolve({ rows: [{ n: workers.length > 0 ? workers.shift()! : 0 }] });
    },
  };
  return { pool: pool as never, asked };
}

describe('awaitAutoprewarm', () => {
  it('given PostgreSQL without pg_prewarm, a start long ago or no blocks file, then it does not wait', async () => {
    for (const [state, skipped] of [
      [{ loaded: false }, 'not loaded'],
      [{ upSeconds: 3600 }, 'started long ago'],
      [{ blocksFile: 'missing' as const }, 'no blocks file'],
    ] as const) {
      const { pool, asked } = fakePool({ ...state, workers: [1, 1, 1] });
      expect(await awaitAutoprewarm(pool, { pollMs: 0 })).toEqual({
        waitedMs: 0,
        finished: true,
        skipped,
      });
      expect(asked.polls).toBe(0);
    }
  });

  it('given workers reading blocks back, then it waits until none is listed for three polls in a row', async () => {
    // A moment between two databases' workers lists none: that is not the end.
    const { pool, asked } = fakePool({ workers: [1, 1, 0, 1, 0, 0, 0] });
    const wait = await awaitAutoprewarm(pool, { pollMs: 0 });
    expect(wait.finished).toBe(true);
    expect(wait.skipped).toBeUndefined();
    expect(asked.polls).toBe(7);
  });

  it('given a read-back that does not end, then it stops waiting at the limit and says so', async () => {
    const { pool } = fakePool({ workers: Array.from({ length: 10_000 }, () => 1) });
    const wait = await awaitAutoprewarm(pool, { pollMs: 0, timeoutMs: 0 });
    expect(wait.finished).toBe(false);
  });

  it('given a user not allowed to look for the blocks file, then it still waits for the workers', async () => {
    const { pool, asked } = fakePool({ blocksFile: 'forbidden', workers: [1] });
    expect((await awaitAutoprewarm(pool, { pollMs: 0 })).finished).toBe(true);
    expect(asked.polls).toBe(4);
  });
});
