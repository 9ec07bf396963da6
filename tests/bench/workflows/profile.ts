/**
 * `--profile` of the workflows bench: where a node's time goes. Counts every query this process
 * sends to PostgreSQL (each a round trip: the engine, pg-boss, the bench's own few) with its time
 * from send to answer, the commits of the database (pg_stat_database), and samples every 100 ms
 * what the engine's connections are waiting for (pg_stat_activity: a lock, the client, I/O).
 */
import pg from 'pg';

interface Counts {
  queries: number;
  queryMs: number;
  samples: number;
  waits: Record<string, number>;
}

export async function startProfile(pool: pg.Pool) {
  const counts: Counts = { queries: 0, queryMs: 0, samples: 0, waits: {} };
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function profiled(this: unknown, ...args: unknown[]) {
    const out = original.apply(this, args);
    if (out && typeof (out as Promise<unknown>).then === 'function') {
      counts.queries += 1;
      const started = performance.now();
      void (out as Promise<unknown>).then(
        () => (counts.queryMs += performance.now() - started),
        () => (counts.queryMs += performance.now() - started),
      );
    }
    return out;
  };
  const commits = async () =>
    Number(
      (
        await pool.query<{ n: string }>(
          `select xact_commit::text as n from pg_stat_database where datname = current_database()`,
        )
      ).rows[0]!.n,
    );
  const firstCommits = await commits();
  const firstQueries = counts.queries;
  let stopped = false;
  const sampler = (async () => {
    const client = new pg.Client({
      connectionString: (pool as unknown as { options: { connectionString: string } }).options
        .connectionString,
    });
    await client.connect();
    try {
      while (!stopped) {
        const { rows } = await client.query<{ wait: string; n: number }>(
          `select coalesce(wait_event_type || ':' || wait_event, state) as wait, count(*)::int as n
           from pg_stat_activity
           where backend_type = 'client backend' and pid <> pg_backend_pid()
             and state is distinct from 'idle' group by 1`,
        );
        counts.samples += 1;
        for (const r of rows) counts.waits[r.wait] = (counts.waits[r.wait] ?? 0) + r.n;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await client.end();
    }
  })();
  return {
    async stop(nodes: number) {
      stopped = true;
      await sampler;
      proto.query = original;
      const queries = counts.queries - firstQueries;
      const committed = (await commits()) - firstCommits;
      const waits = Object.fromEntries(
        Object.entries(counts.waits)
          .sort((a, b) => b[1] - a[1])
          .map(([k, v]) => [k, Math.round((v / counts.samples) * 100) / 100]),
      );
      return {
        nodes,
        round_trips: queries,
        round_trips_per_node: Math.round((queries / nodes) * 10) / 10,
        round_trip_ms_per_node: Math.round((counts.queryMs / nodes) * 10) / 10,
        commits_per_node: Math.round((committed / nodes) * 100) / 100,
        // The mean number of busy connections found in each state at a sample.
        busy_connections_by_wait: waits,
      };
    },
  };
}
