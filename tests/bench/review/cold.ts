/**
 * Searches from a cold start of the bench's database: before each sample the server and its
 * PostgreSQL stop, the OS page cache is dropped (stats.ts settleDisk: root on Linux), PostgreSQL
 * and the server start again, the bench user signs in and asks `{ viewer { company_ids } }` (the
 * server's own first-request costs, not the documents'), and the probe's request is the first one
 * timed (through the whole server path, like the warm samples). Nothing of the documents, their
 * indexes or their plans is in memory then, neither PostgreSQL's buffers nor the OS cache.
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
  cold_api_p50_ms: number;
  cold_api_p95_ms: number;
  cold_samples_ms: number[];
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
): Promise<ColdResult & { cacheDropped: boolean }> {
  const times: number[] = [];
  let running = current;
  let cacheDropped = true;
  for (let i = 0; i < samples; i += 1) {
    await stopRunning(running);
    cacheDropped = settleDisk() && cacheDropped;
    const postgres = await startEmbeddedPostgres({ dataDir });
    try {
      running = await startServer(postgres, dataDir);
    } catch (error) {
      await postgres.stop();
      throw error;
    }
    onRestart(running);
    await callApi(running.app, running.token, WARM_UP);
    const started = performance.now();
    await callApi(running.app, running.token, probe);
    times.push(round(performance.now() - started));
  }
  return {
    cold_api_p50_ms: round(percentile(times, 50)),
    cold_api_p95_ms: round(percentile(times, 95)),
    cold_samples_ms: times,
    cacheDropped,
  };
}
