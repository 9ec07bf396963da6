/**
 * `npm run bench -- review [--rows N] [--iterations N] [--data DIR]`: the review screens' server
 * side on one company with a million documents. Seeds (once; kept in DIR, default
 * .bench-cache/review) an embedded PostgreSQL, runs the server in this process and times each
 * request of the document center, its counts, a content search and the case list through the
 * whole server path, then the same SQL directly. Content searches are also timed from a cold
 * start of the database, with the OS page cache kept and dropped (`--cold N` samples each, default
 * 10; 0 skips: review/cold.ts; `--no-prewarm` starts PostgreSQL without autoprewarm). Writes
 * bench-results/review.json and the Review section of docs/PERFORMANCE.md. `--dry` (or `--only
 * TEXT`, probes whose name contains TEXT) times the probes only: no viewer, nothing written.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../src/server/db/connection';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { writeBenchResult } from './docSection';
import { installQueryCapture } from './review/capture';
import { measureCold, startServer, stopRunning, type Running } from './review/cold';
import { measureProbe, type DirectSql, type ProbeResult } from './review/measure';
import { reviewProbes } from './review/probes';
import { renderReviewSection, type ReviewBenchResult } from './review/report';
import { BENCH_EMAIL, BENCH_PASSWORD, ensureSeeded } from './review/seed';
import { measureViewerOpen } from './review/viewer';
import { machine } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

export async function run(args: string[]): Promise<void> {
  const rows = Number(option(args, 'rows') ?? 1_000_000);
  const iterations = Number(option(args, 'iterations') ?? 400);
  const coldSamples = Number(option(args, 'cold') ?? 10);
  // --no-prewarm: PostgreSQL without autoprewarm (src/server/db/embedded-prewarm.ts), to compare.
  const autoprewarm = !args.includes('--no-prewarm');
  // --no-warm-up: the server without its search warm-up at start (src/server/app.ts), to compare.
  const searchWarmUp = !args.includes('--no-warm-up');
  // --no-prewarm-wait: the server starts without waiting for autoprewarm (db/autoprewarmWait.ts).
  const autoprewarmWait = !args.includes('--no-prewarm-wait');
  // --dry (or --only): probes only, for working on the server path; nothing written.
  const writeResults = !args.includes('--dry') && option(args, 'only') === undefined;
  const dataDir = path.resolve(option(args, 'data') ?? path.join(root, '.bench-cache', 'review'));
  if (!Number.isInteger(rows) || rows < 1000) throw new Error('--rows must be an integer >= 1000');
  if (!Number.isInteger(coldSamples) || coldSamples < 0)
    throw new Error('--cold must be a whole number');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const startedAt = machine(); // load average before the bench adds its own

  await mkdir(dataDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir, autoprewarm });
  let running: Running | undefined;
  try {
    await runMigrations(postgres.url);
    const seedDb = openDatabase(postgres.url, { max: 2 });
    const seed = await ensureSeeded(seedDb.db, rows, log).finally(() => seedDb.close());

    installQueryCapture();
    running = await startServer(postgres, dataDir, searchWarmUp, autoprewarmWait);
    const { app, config, token } = running;
    const direct = new pg.Client({ connectionString: postgres.url });
    await direct.connect();
    const timedClients = new Map<number, Promise<pg.Client>>();
    const directSql: DirectSql = {
      client: direct,
      timed(ms) {
        let found = timedClients.get(ms);
        if (!found) {
          const client = new pg.Client({ connectionString: postgres.url, statement_timeout: ms });
          found = client.connect().then(() => client);
          timedClients.set(ms, found);
        }
        return found;
      },
    };
    const closeDirect = async () => {
      await direct.end();
      for (const client of timedClients.values()) await (await client).end();
      timedClients.clear();
    };
    let directOpen = true;
    try {
      const results: ProbeResult[] = [];
      const only = option(args, 'only');
      const probes = (await reviewProbes(app, token, seed.companyId)).filter(
        (probe) => only === undefined || probe.name.includes(only),
      );
      for (const probe of probes) {
        const result = await measureProbe(app, directSql, token, probe, iterations);
        log(
          `${probe.name.padEnd(44)} api p50 ${result.api_p50_ms} p95 ${result.api_p95_ms} ms | sql p50 ${result.sql_p50_ms} p95 ${result.sql_p95_ms} ms | x${result.ratio} | ${result.answered}`,
        );
        results.push(result);
      }
      const viewer = writeResults
        ? await measureViewerOpen({
            root,
            app,
            config,
            token,
            companyId: seed.companyId,
            email: BENCH_EMAIL,
            password: BENCH_PASSWORD,
            log,
            screenshot: process.env.BENCH_VIEWER_SCREENSHOT,
          })
        : undefined;
      if (viewer) log(`viewer: open to first page p50 ${viewer.p50_ms} p95 ${viewer.p95_ms} ms`);

      // Cold searches last: each restarts the database and the server (review/cold.ts), once with
      // the OS page cache kept (a database restart on a live machine), once with it dropped.
      let cacheDropped = true;
      const searches = probes.filter((probe) => probe.kind === 'search');
      if (coldSamples > 0 && searches.length > 0) {
        await closeDirect();
        directOpen = false;
        const onRestart = (next: Running) => {
          running = next;
        };
        for (const probe of searches) {
          const result = results.find((r) => r.name === probe.name)!;
          const restart = await measureCold(dataDir, probe, coldSamples, running, onRestart, {
            dropCache: false,
            autoprewarm,
            searchWarmUp,
            autoprewarmWait,
          });
          result.restart_api_p50_ms = restart.api_p50_ms;
          result.restart_api_p95_ms = restart.api_p95_ms;
          result.restart_samples_ms = restart.samples_ms;
          const cold = await measureCold(dataDir, probe, coldSamples, running, onRestart, {
            dropCache: true,
            autoprewarm,
            searchWarmUp,
            autoprewarmWait,
          });
          cacheDropped &&= cold.cacheDropped;
          result.cold_api_p50_ms = cold.api_p50_ms;
          result.cold_api_p95_ms = cold.api_p95_ms;
          result.cold_samples_ms = cold.samples_ms;
          result.cold_start_to_request_ms = cold.start_to_request_p50_ms;
          log(
            `${probe.name.padEnd(44)} restart api p50 ${restart.api_p50_ms} p95 ${restart.api_p95_ms} ms [${restart.samples_ms.join(', ')}] | cold api p50 ${cold.api_p50_ms} p95 ${cold.api_p95_ms} ms [${cold.samples_ms.join(', ')}], ${cold.start_to_request_p50_ms} ms after start, server start ${cold.server_start_p50_ms} ms, autoprewarm still reading in ${restart.prewarm_running + cold.prewarm_running} of ${2 * coldSamples} (${coldSamples} starts each${cold.cacheDropped ? '' : ', OS cache NOT dropped'}${autoprewarm ? '' : ', no autoprewarm'}${searchWarmUp ? '' : ', no search warm-up'}${autoprewarmWait ? '' : ', no autoprewarm wait'}) load ${machine().loadAverage}`,
          );
        }
      }
      if (!writeResults || !viewer) {
        log('--dry: the viewer is not measured and no results are written');
        return;
      }
      const worst = (
        kind: ProbeResult['kind'] | Array<ProbeResult['kind']>,
        of: (r: ProbeResult) => number | undefined = (r) => r.api_p95_ms,
      ) =>
        Math.max(
          0,
          ...results
            .filter((r) => (Array.isArray(kind) ? kind : [kind]).includes(r.kind))
            .map((r) => of(r) ?? 0),
        );
      const coldMeasured = coldSamples > 0 && searches.length > 0;
      const report: ReviewBenchResult = {
        date: new Date().toISOString(),
        machine: startedAt,
        rows,
        iterations,
        list_p95_ms: worst(['list', 'cases']),
        count_p95_ms: worst('count'),
        // From a cold start of the database when measured (the worst of cold, restart and warm).
        search_p95_ms: Math.max(
          worst('search'),
          coldMeasured ? worst('search', (r) => r.cold_api_p95_ms) : 0,
          coldMeasured ? worst('search', (r) => r.restart_api_p95_ms) : 0,
        ),
        search_warm_p95_ms: worst('search'),
        search_cold_p95_ms: coldMeasured ? worst('search', (r) => r.cold_api_p95_ms) : null,
        search_cold_samples: coldMeasured ? coldSamples : 0,
        search_cold_cache_dropped: coldMeasured && cacheDropped,
        search_restart_p95_ms: coldMeasured ? worst('search', (r) => r.restart_api_p95_ms) : null,
        autoprewarm,
        case_list_p95_ms: worst('cases'),
        list_ratio_vs_sql: Math.max(0, ...results.map((r) => r.ratio)),
        viewer_first_page_p50_ms: viewer.p50_ms,
        viewer_first_page_p95_ms: viewer.p95_ms,
        viewer_first_page_samples_ms: viewer.samples_ms,
        viewer_pages: viewer.pages,
        probes: results,
      };
      await writeBenchResult(root, 'review', report, renderReviewSection(report));
      log(JSON.stringify({ ...report, probes: undefined, machine: undefined }));
    } finally {
      if (directOpen) await closeDirect();
    }
  } finally {
    if (running) await stopRunning(running);
    else await postgres.stop();
  }
}
