/**
 * The start-up wait for autoprewarm against the embedded PostgreSQL itself: a fresh cluster has no
 * blocks file (nothing to wait for); after a restart, autoprewarm has written one at shutdown and
 * its workers read it back, which the wait sees through and outlasts.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { awaitAutoprewarm } from './autoprewarmWait';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

let base: string | undefined;
let running: EmbeddedPostgres | undefined;

afterAll(async () => {
  await running?.stop();
  if (base) await rm(base, { recursive: true, force: true });
});

async function withPool<T>(url: string, work: (pool: pg.Pool) => Promise<T>): Promise<T> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  // PostgreSQL's shutdown between the two starts ends every session with an error (57P01); a
  // connection still closing then is not a failure of the test.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    return await work(pool);
  } finally {
    await pool.end();
  }
}

describe('awaitAutoprewarm on the embedded PostgreSQL', () => {
  it('given a fresh cluster, then there is no blocks file to wait for; after a restart, then it waits until the read-back is over', async () => {
    base = await mkdtemp(path.join(tmpdir(), 'lexdesk-prewarm-wait-'));
    const dataDir = path.join(base, 'data');
    running = await startEmbeddedPostgres({ dataDir });
    await withPool(running.url, async (pool) => {
      expect((await awaitAutoprewarm(pool, { pollMs: 10 })).skipped).toBe('no blocks file');
      await pool.query(
        'create table filler as select g, repeat(md5(g::text), 8) as t from generate_series(1, 20000) g',
      );
      await pool.query('select count(*) from filler');
    });
    await running.stop();
    running = await startEmbeddedPostgres({ dataDir });
    const wait = await withPool(running.url, (pool) => awaitAutoprewarm(pool, { pollMs: 10 }));
    expect(wait).toMatchObject({ finished: true });
    expect(wait.skipped).toBeUndefined();
    const [left] = await withPool(
      running.url,
      async (pool) =>
        (
          await pool.query<{ n: number }>(
            `select count(*)::int as n from pg_stat_activity where backend_type = 'autoprewarm worker'`,
          )
        ).rows,
    );
    expect(left?.n).toBe(0);
  });
});
