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

/** Starts the server on a running database and signs the bench user in. */
export async function startServer(postgres: EmbeddedPostgres, dataDir: string): Promise<Running> {
  const config = ConfigSchema.parse({
    port: 0,
    dataDir: path.join(dataDir, 'server'),
    databaseUrl: postgres.url,
    logLevel: 'silent',
    // Requests are injected (no listening port): links are made for this origin, never a Host.
    publicUrl: 'http://127.0.0.1',
    pipelineWorkers: 0,
  });
  const app = await buildApp(config);
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
    return { postgres, app, config, token };
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
}

export interface ColdOptions {
  /** Drop the OS page cache before each start (else only the database restarts). */
  dropCache: boolean;
  /** Start PostgreSQL with autoprewarm (db/embedded-prewarm.ts). */
  autoprewarm: boolean;
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
  let running = current;
  let cacheDropped = true;
  for (let i = 0; i < samples; i += 1) {
    await stopRunning(running);
    if (options.dropCache) cacheDropped = settleDisk() && cacheDropped;
    const starting = performance.now();
    const postgres = await startEmbeddedPostgres({ dataDir, autoprewarm: options.autoprewarm });
    try {
      running = await startServer(postgres, dataDir);
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    onRestart(running);
    await callApi(running.app, running.token, WARM_UP);
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
    cacheDropped: options.dropCache && cacheDropped,
  };
}
