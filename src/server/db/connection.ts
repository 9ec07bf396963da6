/**
 * Opens the PostgreSQL connection pool and the typed drizzle handle over it. Statements issued
 * through `db` inside `readScope(work)` go to a second pool whose connections stop every
 * statement after `readTimeoutMs` (PostgreSQL statement_timeout, SQLSTATE 57014 on expiry: the
 * statement is cancelled on the server and its connection goes back to the pool); the same `db`
 * outside that scope has no timeout. The scope follows the work's async calls (AsyncLocalStorage),
 * so services built once over `db` need no second copy.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';

export type Database = NodePgDatabase<typeof schema>;

/**
 * Runs `work` with every statement it issues through `db` stopped after `readTimeoutMs`
 * (GraphQL queries and read-only REST routes run in it); without `readTimeoutMs`, as it is. A
 * returned thenable is started inside the scope too (a drizzle query runs when awaited).
 */
export interface ReadScope {
  <T>(work: () => PromiseLike<T>): Promise<T>;
  <T>(work: () => T): T;
}

export interface DatabaseHandle {
  db: Database;
  pool: pg.Pool;
  /**
   * A handle on a second pool whose every statement stops after `ms` (statement_timeout
   * set when each connection opens): one statement where a transaction with SET LOCAL takes
   * four round trips. One pool per distinct `ms`, opened on first use, closed with this handle.
   */
  timed(ms: number): Database;
  readScope: ReadScope;
  /**
   * Opens `connections` connections of the pool the read scope uses, side by side, runs `work` on
   * each (a handle bound to that one connection) and gives them back to the pool, which keeps
   * `keepReadConnections` of them open. A warm-up: a new PostgreSQL connection loads the catalog
   * entries, indexes and statistics of each table it plans against on first use (app.ts).
   */
  warmReads(connections: number, work: (db: Database) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  max?: number;
  /** statement_timeout of statements issued inside readScope (ms); none when absent. */
  readTimeoutMs?: number;
  /**
   * Connections of the read scope's pool kept open when idle (pg-pool's `min`; others close after
   * 10 s idle), so those warmed at start (warmReads) are still there for the first requests.
   */
  keepReadConnections?: number;
}

/**
 * A pool that opens no connection of its own: each query and connect goes to the pool `pick`
 * names at that moment. drizzle sees a pg.Pool (it checks instanceof for transactions).
 */
function routingPool(pick: () => pg.Pool): pg.Pool {
  const router = new pg.Pool({ max: 1 });
  const query = (...args: unknown[]): unknown => {
    const target = pick();
    return Reflect.apply(target.query, target, args);
  };
  const connect = (...args: unknown[]): unknown => {
    const target = pick();
    return Reflect.apply(target.connect, target, args);
  };
  router.query = query as pg.Pool['query'];
  router.connect = connect as pg.Pool['connect'];
  return router;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    (typeof value === 'object' || typeof value === 'function') &&
    value !== null &&
    typeof (value as { then?: unknown }).then === 'function'
  );
}

export function openDatabase(url: string, options: DatabaseOptions = {}): DatabaseHandle {
  const { readTimeoutMs } = options;
  const keep = Math.max(0, Math.min(options.keepReadConnections ?? 0, options.max ?? 10));
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // Without a read timeout, reads use this pool.
    ...(readTimeoutMs === undefined ? { min: keep } : {}),
  });
  // An idle client losing its connection (database restarted) must not crash the process.
  pool.on('error', () => undefined);
  const timedPools = new Map<number, { pool: pg.Pool; db: Database }>();
  function timedPool(ms: number) {
    const timeout = Math.max(1, Math.floor(ms));
    let found = timedPools.get(timeout);
    if (!found) {
      const created = new pg.Pool({
        connectionString: url,
        // As many as the main pool: counts must not queue behind each other.
        max: options.max ?? 10,
        statement_timeout: timeout,
        ...(timeout === readTimeoutMs ? { min: keep } : {}),
      });
      created.on('error', () => undefined);
      found = { pool: created, db: drizzle(created, { schema }) };
      timedPools.set(timeout, found);
    }
    return found;
  }
  const inReadScope = new AsyncLocalStorage<true>();
  const db =
    readTimeoutMs === undefined
      ? drizzle(pool, { schema })
      : drizzle(
          routingPool(() => (inReadScope.getStore() ? timedPool(readTimeoutMs).pool : pool)),
          { schema },
        );
  let closed = false;
  return {
    db,
    pool,
    timed: (ms) => timedPool(ms).db,
    readScope: ((work: () => unknown) =>
      inReadScope.run(true, () => {
        const result = work();
        return isThenable(result) ? Promise.resolve(result) : result;
      })) as ReadScope,
    async warmReads(connections, work) {
      const target = readTimeoutMs === undefined ? pool : timedPool(readTimeoutMs).pool;
      const opened = await Promise.allSettled(
        Array.from({ length: Math.max(0, connections) }, () => target.connect()),
      );
      const clients = opened.flatMap((result) =>
        result.status === 'fulfilled' ? [result.value] : [],
      );
      const failedOpen = opened.find((result) => result.status === 'rejected');
      // A connection whose work failed is closed rather than given back in an unknown state.
      const done = await Promise.allSettled(
        clients.map((client) =>
          failedOpen
            ? Promise.resolve(client.release())
            : work(drizzle(client, { schema })).then(
                () => client.release(),
                (error: unknown) => {
                  client.release(true);
                  throw error;
                },
              ),
        ),
      );
      const failed = failedOpen ?? done.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
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
