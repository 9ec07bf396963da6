/**
 * Searches from a cold start of the bench's database: before each sample the server and its
 * PostgreSQL stop, the OS page cache is dropped (stats.ts settleDisk: root on Linux), PostgreSQL
 * and the server start again, the bench user signs in and asks `{ viewer { company_ids } }` (the
 * server's own first-request costs, not the documents'), and the probe's request is the first one
 * timed (through the whole server path, like the warm samples). Nothing of the documents, their
 * indexes or their plans is in memory then, neither PostgreSQL's buffers nor the OS cache, except
 * what PostgreSQL's autoprewarm (db/embedded-prewarm.ts) has read back by the time of the request.
 * With `dropCache` false the OS cache is kept: a restart of the database on a live machine.
 */
import path from 'node:path';
import { buildApp, type LexDeskServer } from '../../../src/server/app';
import { ConfigSchema, type ServerConfig } from '../../../src/server/config';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../../src/server/db/embedded';
import { settleDisk } from '../stats';
import { callApi, percentile, round, type Probe } from './measure';
import { BENCH_EMAIL, BENCH_PASSWORD } from './seed';

/** The bench's running database and server, and the bench user's token on it. */
export interface Running {
  postgres: EmbeddedPostgres;
  app: LexDeskServer;
  config: ServerConfig;
  token: string;
}

/**
 * Starts the server on a running database and signs the bench user in. `searchWarmUp` false
 * starts it without warming its search connections (app.ts), for an A/B (`--no-warm-up`).
 */
export async function startServer(
  postgres: EmbeddedPostgres,
  dataDir: string,
  searchWarmUp = true,
  autoprewarmWait = true,
): Promise<Running & { buildMs: number }> {
  const config = ConfigSchema.parse({
    port: 0,
    dataDir: path.join(dataDir, 'server'),
    databaseUrl: postgres.url,
    logLevel: 'silent',
    // Requests are injected (no listening port): links are made for this origin, never a Host.
    publicUrl: 'http://127.0.0.1',
    pipelineWorkers: 0,
  });
  const building = performance.now();
  const app = await buildApp(config, { searchWarmUp, autoprewarmWait });
  const buildMs = performance.now() - building;
  try {
    const signIn = await app.inject({
      method: 'POST',
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: {
        query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }',
        variables: { e: BENCH_EMAIL, p: BENCH_PASSWORD },
      },
    });
    const token = signIn.json<{ data?: { signIn: { token: string } } }>().data?.signIn.token;
    if (!token) throw new Error(`bench sign-in failed: ${signIn.body}`);
    return { postgres, app, config, token, buildMs };
  } catch (error) {
    await app.close();
    throw error;
  }
}

export async function stopRunning(running: Running): Promise<void> {
  await running.app.close();
  await running.postgres.stop();
}

/** Touches the server and a connection, none of the documents or their indexes. */
const WARM_UP: Probe = {
  name: 'warm-up',
  kind: 'count',
  graphql: { query: '{ viewer { company_ids } }', variables: {} },
};

export interface ColdResult {
  api_p50_ms: number;
  api_p95_ms: number;
  samples_ms: number[];
  /** From PostgreSQL's start to the timed request, median (what autoprewarm had to work with). */
  start_to_request_p50_ms: number;
  /** buildApp's time (the server's start on a running database, warm-up included), median. */
  server_start_p50_ms: number;
  /** Of the samples, how many met autoprewarm still reading blocks back when the request came. */
  prewarm_running: number;
}

export interface ColdOptions {
  /** Drop the OS page cache before each start (else only the database restarts). */
  dropCache: boolean;
  /** Start PostgreSQL with autoprewarm (db/embedded-prewarm.ts). */
  autoprewarm: boolean;
  /** Start the server with its search warm-up (app.ts). */
  searchWarmUp: boolean;
  /** Start the server waiting for autoprewarm's read-back (db/autoprewarmWait.ts). */
  autoprewarmWait: boolean;
}

/**
 * Whether autoprewarm's worker is still reading the listed blocks back (it exits when done; its
 * leader stays). Asked on a connection the server already has open, before the timed request.
 */
async function prewarmRunning(running: Running): Promise<boolean> {
  const found = await running.app.lexdesk.database.pool.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where backend_type = 'autoprewarm worker'`,
  );
  return (found.rows[0]?.n ?? 0) > 0;
}

/**
 * `samples` cold requests of one probe. `current` is stopped first; the last started one is
 * returned through `onRestart` so the caller always holds (and finally stops) the running one.
 */
export async function measureCold(
  dataDir: string,
  probe: Probe,
  samples: number,
  current: Running,
  onRestart: (running: Running) => void,
  options: ColdOptions,
): Promise<ColdResult & { cacheDropped: boolean }> {
  const times: number[] = [];
  const sinceStart: number[] = [];
  const builds: number[] = [];
  let prewarming = 0;
  let running = current;
  let cacheDropped = true;
  for (let i = 0; i < samples; i += 1) {
    await stopRunning(running);
    if (options.dropCache) cacheDropped = settleDisk() && cacheDropped;
    const starting = performance.now();
    const postgres = await startEmbeddedPostgres({ dataDir, autoprewarm: options.autoprewarm });
    try {
      const started = await startServer(
        postgres,
        dataDir,
        options.searchWarmUp,
        options.autoprewarmWait,
      );
      builds.push(started.buildMs);
      running = started;
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    onRestart(running);
    await callApi(running.app, running.token, WARM_UP);
    if (await prewarmRunning(running)) prewarming += 1;
    const started = performance.now();
    sinceStart.push(started - starting);
    await callApi(running.app, running.token, probe);
    times.push(round(performance.now() - started));
  }
  return {
    api_p50_ms: round(percentile(times, 50)),
    api_p95_ms: round(percentile(times, 95)),
    samples_ms: times,
    start_to_request_p50_ms: Math.round(percentile(sinceStart, 50)),
    server_start_p50_ms: Math.round(percentile(builds, 50)),
    prewarm_running: prewarming,
    cacheDropped: options.dropCache && cacheDropped,
  };
}
