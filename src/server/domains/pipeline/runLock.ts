/**
 * One pipeline run per raw file at a time, across every process and machine: a run holds a
 * PostgreSQL session-level advisory lock keyed by the raw file, on a connection of its own, for
 * as long as it works. PostgreSQL drops the lock when that session ends, so a worker killed with
 * SIGKILL frees its files at once; TCP keepalives on the session (settings below) end it within
 * about half a minute when the worker's machine vanishes. Whether a run is alive is therefore a
 * question PostgreSQL answers (`pg_locks`), not a timer: the queue's recovery and "Process again"
 * both ask it.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseExecutor } from '../../db/connection';

/** First key of the two-key advisory lock form: this module's own key space. */
const RUN_LOCK_SPACE = 731_948_002;

/** The second key: the raw file's id, hashed by PostgreSQL (a collision only serialises two files). */
const key = (rawFileId: string) => sql`${RUN_LOCK_SPACE}::int, hashtext(${rawFileId}::uuid::text)`;

/** The lock session sends keepalive probes after 10 s of quiet, every 5 s, and gives up after 3. */
const KEEPALIVE = [
  'SET tcp_keepalives_idle = 10',
  'SET tcp_keepalives_interval = 5',
  'SET tcp_keepalives_count = 3',
];

export interface RunLock {
  /** Throws when the lock's session is gone (the lock may belong to another run by now). */
  confirm(): Promise<void>;
  release(): Promise<void>;
}

/** The key space of a company's case re-match runs (rematch.ts): one at a time per company. */
export const REMATCH_LOCK_SPACE = 731_948_003;

/**
 * The raw file's run lock, or undefined when another live run holds it. `space` names another
 * kind of run keyed by a uuid (REMATCH_LOCK_SPACE: a company's re-match).
 */
export async function tryLockRun(
  databaseUrl: string,
  rawFileId: string,
  space: number = RUN_LOCK_SPACE,
): Promise<RunLock | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl, keepAlive: true });
  let lost: Error | undefined;
  // A dropped connection must not crash the worker: the run notices at its next confirm().
  client.on('error', (error) => {
    lost = error;
  });
  client.on('end', () => {
    lost ??= new Error('the run lock connection closed');
  });
  await client.connect();
  try {
    for (const statement of KEEPALIVE) await client.query(statement);
    const { rows } = await client.query<{ locked: boolean }>(
      `SELECT pg_try_advisory_lock($1::int, hashtext($2::uuid::text)) AS locked`,
      [space, rawFileId],
    );
    if (rows[0]?.locked !== true) {
      await client.end();
      return undefined;
    }
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  let released = false;
  return {
    async confirm() {
      if (lost) throw new Error(`the run lost its lock: ${lost.message}`);
      // Session-level advisory locks end only with unlock or the session: a live session holds it.
      await client.query('SELECT 1');
    },
    async release() {
      if (released) return;
      released = true;
      lost ??= new Error('the run lock was released');
      // Closing the session releases the lock even when the unlock cannot be sent.
      await client.end().catch(() => undefined);
    },
  };
}

/** Whether a live run holds the raw file's lock now. */
export async function isRunLocked(db: DatabaseExecutor, rawFileId: string): Promise<boolean> {
  const result = await db.execute<{ held: boolean }>(sql`
    SELECT EXISTS (
      SELECT 1 FROM pg_locks
      WHERE locktype = 'advisory' AND granted AND objsubid = 2
        AND classid = ${RUN_LOCK_SPACE}::oid
        AND objid = hashtext(${rawFileId}::uuid::text)::oid
    ) AS held`);
  return result.rows[0]?.held === true;
}

/**
 * Takes the raw file's lock until the transaction ends, or answers false when a run holds it:
 * a change made under it (asking for a new run) cannot interleave with a run starting.
 */
export async function lockRunIn(tx: DatabaseExecutor, rawFileId: string): Promise<boolean> {
  const result = await tx.execute<{ locked: boolean }>(
    sql`SELECT pg_try_advisory_xact_lock(${key(rawFileId)}) AS locked`,
  );
  return result.rows[0]?.locked === true;
}

/** Raw files in `status` (not deleted) that no live run holds: runs that died or stopped. */
export async function unlockedRawFiles(db: Database, status: string): Promise<string[]> {
  const result = await db.execute<{ id: string }>(sql`
    SELECT r.id FROM raw_file r
    WHERE r.status = ${status} AND r.is_deleted = false
      AND NOT EXISTS (
        SELECT 1 FROM pg_locks l
        WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 2
          AND l.classid = ${RUN_LOCK_SPACE}::oid
          AND l.objid = hashtext(r.id::text)::oid
      )`);
  return result.rows.map((row) => row.id);
}
