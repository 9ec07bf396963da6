/** Opens the PostgreSQL connection pool and the typed drizzle handle over it. */
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /**
   * A handle on a second pool whose every statement stops after `ms` (statement_timeout
   * set when each connection opens): one statement where a transaction with SET LOCAL takes
   * four round trips. One pool per distinct `ms`, opened on first use, closed with this handle.
   */
  timed(ms: number): Database;
  close(): Promise<void>;
}

export function openDatabase(url: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => undefined);
  const db = drizzle(pool, { schema });
  const timedPools = new Map<number, { pool: pg.Pool; db: Database }>();
  let closed = false;
  return {
    db,
    pool,
    timed(ms) {
      const timeout = Math.max(1, Math.floor(ms));
      let found = timedPools.get(timeout);
      if (!found) {
        const timedPool = new pg.Pool({
          connectionString: url,
          // As many as the main pool: counts must not queue behind each other.
          max: options.max ?? 10,
          statement_timeout: timeout,
        });
        timedPool.on('error', () => undefined);
        found = { pool: timedPool, db: drizzle(timedPool, { schema }) };
        timedPools.set(timeout, found);
      }
      return found.db;
    },
    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([pool.end(), ...[...timedPools.values()].map((t) => t.pool.end())]);
    },
  };
}

/** A transaction handle as drizzle passes it to `db.transaction(async (tx) => ...)`. */
export type DatabaseTransaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the pool-backed database or a transaction: what write helpers accept. */
export type DatabaseExecutor = Database | DatabaseTransaction;
