/**
 * Times one API request many times (through Fastify's inject: the whole server path without the
 * network) and, after each, the very SQL it sent, run directly on a separate connection.
 */
import type pg from 'pg';
import type { LexDeskServer } from '../../../src/server/app';
import { captureQueries, type CapturedQuery } from './capture';
import { profiled } from './profile';

export interface Probe {
  name: string;
  kind: 'list' | 'count' | 'search' | 'cases';
  /** A GraphQL request, or a REST GET path. */
  graphql?: { query: string; variables: Record<string, unknown> };
  get?: string;
}

export interface ProbeResult {
  name: string;
  kind: Probe['kind'];
  api_p50_ms: number;
  api_p95_ms: number;
  sql_p50_ms: number;
  sql_p95_ms: number;
  /** API p95 over direct-SQL p95. */
  ratio: number;
  statements: number;
  /** Rows or count the request answered (a sanity check that it did real work). */
  answered: string;
  /** Searches: the API from a cold start of the database, OS cache dropped (review/cold.ts). */
  cold_api_p50_ms?: number;
  cold_api_p95_ms?: number;
  cold_samples_ms?: number[];
  /** Median time from PostgreSQL's start to the cold request (autoprewarm's head start). */
  cold_start_to_request_ms?: number;
  /** Searches: the API after a restart of the database with the OS cache kept. */
  restart_api_p50_ms?: number;
  restart_api_p95_ms?: number;
  restart_samples_ms?: number[];
}

export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export const round = (n: number) => Math.round(n * 10) / 10;

export async function callApi(app: LexDeskServer, token: string, probe: Probe): Promise<unknown> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const response = probe.graphql
    ? await app.inject({ method: 'POST', url: '/graphql', headers, payload: probe.graphql })
    : await app.inject({ method: 'GET', url: probe.get ?? '/', headers });
  const body = response.json<{
    data?: unknown;
    errors?: Array<{ message: string }>;
    error?: unknown;
  }>();
  if (response.statusCode !== 200 || body.errors || body.error)
    throw new Error(`${probe.name}: ${response.statusCode} ${JSON.stringify(body).slice(0, 500)}`);
  return body.data;
}

function describeAnswer(data: unknown): string {
  const text = JSON.stringify(data);
  const total = /"total":(\d+)/.exec(text)?.[1];
  const capped = text.includes('"total_capped":true') ? ' (at least: capped)' : '';
  const items = (text.match(/"id":/g) ?? []).length;
  return total !== undefined ? `total ${total}${capped}, ${items} ids` : text.slice(0, 80);
}

/** The direct connection, and one per statement_timeout the server's statements ran under. */
export interface DirectSql {
  client: pg.Client;
  /** A connection whose statements stop after `ms`, like the server's time-boxed counts. */
  timed(ms: number): Promise<pg.Client>;
}

/** PostgreSQL's query_canceled (57014): a statement stopped by its statement_timeout. */
const isStatementTimeout = (error: unknown) => (error as { code?: unknown }).code === '57014';

async function runDirect(direct: DirectSql, queries: CapturedQuery[]): Promise<number> {
  const started = performance.now();
  for (const query of queries) {
    if (query.timeoutMs === undefined) {
      await direct.client.query(query.text, query.values);
      continue;
    }
    // Stopped at the same limit as in the server (which then answers without the count).
    const client = await direct.timed(query.timeoutMs);
    await client.query(query.text, query.values).catch((error: unknown) => {
      if (!isStatementTimeout(error)) throw error;
    });
  }
  return performance.now() - started;
}

export async function measureProbe(
  app: LexDeskServer,
  direct: DirectSql,
  token: string,
  probe: Probe,
  iterations: number,
): Promise<ProbeResult> {
  // Warm caches and plans on both sides; the warm-ups also record the statements to replay.
  let captured: CapturedQuery[] = [];
  let answer: unknown;
  for (let i = 0; i < 3; i += 1) {
    const { value, queries } = await captureQueries(() => callApi(app, token, probe));
    captured = queries;
    answer = value;
  }
  // Transaction control and session settings are replayed too: they are part of the same SQL;
  // statements of a connection with a statement_timeout run on one with the same timeout.
  for (let i = 0; i < 3; i += 1) await runDirect(direct, captured);
  // API and SQL samples alternate, so both meet the same moments of a shared machine.
  const apiMs: number[] = [];
  const sqlMs: number[] = [];
  await profiled(probe.name, async () => {
    for (let i = 0; i < iterations; i += 1) {
      const started = performance.now();
      const { value, queries } = await captureQueries(() => callApi(app, token, probe));
      apiMs.push(performance.now() - started);
      answer = value;
      captured = queries;
      sqlMs.push(await runDirect(direct, queries));
    }
  });
  const apiP95 = percentile(apiMs, 95);
  const sqlP95 = percentile(sqlMs, 95);
  return {
    name: probe.name,
    kind: probe.kind,
    api_p50_ms: round(percentile(apiMs, 50)),
    api_p95_ms: round(apiP95),
    sql_p50_ms: round(percentile(sqlMs, 50)),
    sql_p95_ms: round(sqlP95),
    ratio: Math.round((apiP95 / Math.max(sqlP95, 0.01)) * 100) / 100,
    statements: captured.length,
    answered: describeAnswer(answer),
  };
}
