/**
 * `npm run bench -- workflows [--documents N] [--rate R] [--log-rows N] [--kill-documents N]
 * [--queries N]`: the workflow engine on the embedded default (a fresh embedded PostgreSQL, the
 * server built in this process with its default workflow workers).
 * 1. `documents` completed documents (default 10,000) offered at `rate` per second (default 50)
 *    to a 5-node workflow (trigger, condition, rename, notify, webhook to a counting target):
 *    throughput, and completion p50/p95 from "document completed" (the document's commit) to
 *    "run completed" (the run's ended_at), both on the database clock.
 * 2. The logs screen's query (POST /workflow/logs, page 1) at `log-rows` node log rows (default
 *    1,000,000, seeded with SQL): p50/p95 over `queries` calls (default 30).
 * 3. `npm run worker` killed with SIGKILL mid-webhook, a second worker finishing the runs of
 *    `kill-documents` documents (default 200): duplicate_effects counted by the target and the
 *    notifications (kill.ts).
 * Writes bench-results/workflows.json and the Workflows section of docs/PERFORMANCE.md.
 * `--runs-only` runs phase 1 alone and only prints it (for A/B runs of the engine); `--workers N`
 * sets the server's workflow workers (default: the server's default); `--profile` prints phase 1's
 * round trips and commits per node log and what the busy connections waited for (profile.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp, type LexDeskServer } from '../../src/server/app';
import { ConfigSchema } from '../../src/server/config';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { writeBenchResult } from './docSection';
import { percentile } from './review/measure';
import { machine } from './stats';
import { killWorkerMidAction, type KillResult } from './workflows/kill';
import { startProfile } from './workflows/profile';
import { seedLogHistory } from './workflows/seed';
import {
  createBenchWorkflow,
  setActive,
  setUpCompany,
  writeCompletedDocument,
} from './workflows/setup';
import { startCountingTarget } from './workflows/target';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const round = (n: number) => Math.round(n * 10) / 10;
const FULL = { documents: 10_000, rate: 50, logRows: 1_000_000 };

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
}

function whole(args: string[], name: string, fallback: number, min: number): number {
  const value = Number(option(args, name) ?? fallback);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`--${name} must be an integer >= ${min}`);
  return value;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Offers `documents` completed documents at `rate` per second; waits for their runs to end. */
async function offerDocuments(
  pool: pg.Pool,
  companyId: string,
  workflowId: string,
  documents: number,
  rate: number,
  log: (line: string) => void,
) {
  const started = performance.now();
  let behind = 0;
  for (let i = 0; i < documents; i += 1) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    else if (wait < -1000) behind += 1;
    await writeCompletedDocument(pool, companyId, i);
    if ((i + 1) % Math.max(1, Math.floor(documents / 10)) === 0) log(`  offered ${i + 1}`);
  }
  const offeredSeconds = (performance.now() - started) / 1000;
  const deadline = Date.now() + Math.max(600_000, documents * 200);
  let ended: number;
  for (;;) {
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from workflow_run where workflow_id = $1 and ended_at is not null`,
      [workflowId],
    );
    ended = rows[0]!.n;
    if (ended >= documents || Date.now() > deadline) break;
    await sleep(500);
  }
  const { rows } = await pool.query<{ ms: number; status: string }>(
    `select extract(epoch from (r.ended_at - f.created_at)) * 1000 as ms, r.status
     from workflow_run r join legal_processed_file f on f.id = r.legal_processed_file_id
     where r.workflow_id = $1 and r.ended_at is not null`,
    [workflowId],
  );
  const { rows: span } = await pool.query<{ seconds: number }>(
    `select extract(epoch from (max(r.ended_at) - min(f.created_at))) as seconds
     from workflow_run r join legal_processed_file f on f.id = r.legal_processed_file_id
     where r.workflow_id = $1`,
    [workflowId],
  );
  const completion = rows.map((r) => Number(r.ms));
  return {
    offered_seconds: round(offeredSeconds),
    offered_late: behind,
    runs_ended: ended,
    runs_completed: rows.filter((r) => r.status === 'Completed').length,
    throughput: round(ended / Number(span[0]!.seconds)),
    completion_p50_ms: round(percentile(completion, 50)),
    completion_p95_ms: round(percentile(completion, 95)),
    completion_max_ms: round(Math.max(...completion)),
  };
}

async function timeLogsQuery(app: LexDeskServer, token: string, companyId: string, n: number) {
  const call = async () => {
    const started = performance.now();
    const answer = await app.inject({
      method: 'POST',
      url: '/workflow/logs',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: JSON.stringify({ company_id: companyId, page: 1, limit: 10 }),
    });
    const ms = performance.now() - started;
    if (answer.statusCode !== 200) throw new Error(`/workflow/logs: ${answer.body.slice(0, 300)}`);
    return {
      ms,
      total: answer.json<{ data: { pagination: { total: number } } }>().data.pagination.total,
    };
  };
  const warm = await call();
  const samples: number[] = [];
  for (let i = 0; i < n; i += 1) samples.push((await call()).ms);
  return { groups: warm.total, samples };
}

export async function run(args: string[]): Promise<void> {
  const documents = whole(args, 'documents', FULL.documents, 10);
  const rate = whole(args, 'rate', FULL.rate, 1);
  const logRows = whole(args, 'log-rows', FULL.logRows, 1000);
  const killDocuments = whole(args, 'kill-documents', 200, 4);
  const queries = whole(args, 'queries', 30, 5);
  // --runs-only: phase 1 alone, printed and not written (A/B runs of the engine).
  const runsOnly = args.includes('--runs-only');
  const workers = option(args, 'workers');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const before = machine();

  const dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-bench-workflows-'));
  const postgres = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'pg') });
  const target = await startCountingTarget();
  const pool = new pg.Pool({ connectionString: postgres.url, max: 4 });
  try {
    await runMigrations(postgres.url);
    const serverDir = path.join(dataDir, 'server');
    const config = ConfigSchema.parse({
      port: 0,
      dataDir: serverDir,
      databaseUrl: postgres.url,
      logLevel: 'silent',
      publicUrl: 'http://127.0.0.1',
      pipelineWorkers: 0,
      workflowWebhookAllowPrivate: true,
      ...(workers ? { workflowWorkers: workers } : {}),
    });
    const app = await buildApp(config);
    let runsPart: Awaited<ReturnType<typeof offerDocuments>>;
    let logsPart: Awaited<ReturnType<typeof timeLogsQuery>>;
    let who: Awaited<ReturnType<typeof setUpCompany>>;
    let killWorkflow: string;
    try {
      who = await setUpCompany(app);
      const wf = await createBenchWorkflow(app, who, 'Bench intake', target.url);
      log(
        `1. ${documents} documents at ${rate}/s through 5 nodes (${config.workflowWorkers} workers)`,
      );
      const profile = args.includes('--profile') ? await startProfile(pool) : undefined;
      runsPart = await offerDocuments(pool, who.companyId, wf, documents, rate, log);
      log(`  ${JSON.stringify(runsPart)}`);
      if (profile) {
        const { rows } = await pool.query<{ n: number }>(
          `select count(*)::int as n from workflow_node_log where workflow_id = $1`,
          [wf],
        );
        log(`  profile ${JSON.stringify(await profile.stop(rows[0]!.n))}`);
      }
      await setActive(app, who.token, wf, false);
      if (runsOnly) {
        log(`  load average ${before.loadAverage} before, ${machine().loadAverage} after`);
        return;
      }

      log(`2. the logs query at ${logRows.toLocaleString('en-US')} log rows`);
      const seeded = await createBenchWorkflow(app, who, 'Seeded history', target.url);
      await setActive(app, who.token, seeded, false);
      await seedLogHistory(pool, who.companyId, seeded, logRows, log);
      logsPart = await timeLogsQuery(app, who.token, who.companyId, queries);
      log(`  p95 ${round(percentile(logsPart.samples, 95))} ms over ${logsPart.groups} groups`);

      killWorkflow = await createBenchWorkflow(app, who, 'Kill test', target.url);
      await setActive(app, who.token, killWorkflow, false);
    } finally {
      if (app.server.listening) app.server.closeAllConnections();
      await app.close();
    }

    log(`3. kill -9 of npm run worker mid-webhook, ${killDocuments} documents`);
    await pool.query(`update workflow set is_active = true where id = $1`, [killWorkflow]);
    const kill: KillResult = await killWorkerMidAction({
      root,
      pool,
      databaseUrl: postgres.url,
      dataDir: serverDir,
      companyId: who.companyId,
      workflowId: killWorkflow,
      documents: killDocuments,
      target,
      log,
    });
    log(`  ${JSON.stringify(kill)}`);

    const report = {
      date: new Date().toISOString(),
      machine: before,
      load_average_after: machine().loadAverage,
      reduced: documents !== FULL.documents || rate !== FULL.rate || logRows !== FULL.logRows,
      documents,
      offered_rate_per_s: rate,
      workflow_nodes: 5,
      workflow_workers: config.workflowWorkers,
      throughput: runsPart.throughput,
      completion_p50_ms: runsPart.completion_p50_ms,
      completion_p95_ms: runsPart.completion_p95_ms,
      completion_max_ms: runsPart.completion_max_ms,
      runs_ended: runsPart.runs_ended,
      runs_completed: runsPart.runs_completed,
      offered_seconds: runsPart.offered_seconds,
      offered_late: runsPart.offered_late,
      log_rows: logRows,
      log_groups: logsPart.groups,
      logs_query_p50_ms: round(percentile(logsPart.samples, 50)),
      logs_query_p95_ms: round(percentile(logsPart.samples, 95)),
      logs_query_samples_ms: logsPart.samples.map(round),
      duplicate_effects: kill.duplicate_effects,
      kill,
    };
    await writeBenchResult(root, 'workflows', report, renderSection(report));
    log(JSON.stringify({ ...report, logs_query_samples_ms: undefined }));
  } finally {
    await pool.end();
    await target.close();
    await postgres.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function renderSection(r: {
  date: string;
  machine: ReturnType<typeof machine>;
  load_average_after: number;
  reduced: boolean;
  documents: number;
  offered_rate_per_s: number;
  throughput: number;
  completion_p50_ms: number;
  completion_p95_ms: number;
  runs_ended: number;
  runs_completed: number;
  log_rows: number;
  log_groups: number;
  logs_query_p50_ms: number;
  logs_query_p95_ms: number;
  duplicate_effects: number;
  kill: KillResult;
}): string {
  const n = (v: number) => v.toLocaleString('en-US');
  return `## Workflows: runs, the logs screen, a killed worker

\`npm run bench -- workflows [--documents N] [--rate R] [--log-rows N] [--kill-documents N]\` starts
a fresh embedded PostgreSQL and the server in-process with its default workflow workers (the
embedded default), and a counting fake webhook target on loopback. (1) Completed documents are
offered at a steady rate to a 5-node workflow (document completed → applicant empty? → rename →
notify the admins → signed webhook); completion is from the document's commit to its run's
\`ended_at\`, both on the database clock; throughput is runs ended per second from the first
document to the last run. (2) The logs screen's query (POST /workflow/logs, page 1, 10 groups) is
timed through the whole server path after seeding node log rows with SQL (five per run, one run per
document). (3) \`npm run worker\` is killed with SIGKILL while the target holds a webhook call open;
a second worker finishes the runs; the target counts effects by (run, node) and idempotency key,
and notifications are counted per document: anything applied twice is a duplicate effect.
Targets (issue 17): completion p95 ≤ 2,000 ms at 50 documents/s with 10,000 documents, logs query
p95 ≤ 50 ms at 1M log rows, 0 duplicate effects.

Last run ${r.date.slice(0, 16).replace('T', ' ')} UTC, ${r.machine.cores} cores (${r.machine.cpu}),
load average ${r.machine.loadAverage} before and ${r.load_average_after} after${r.reduced ? ', **reduced size** (see the sizes in the table; the targets are for the full size)' : ''}:

| Measure | Result |
| --- | --- |
| Documents offered | ${n(r.documents)} at ${r.offered_rate_per_s}/s; ${n(r.runs_ended)} runs ended, ${n(r.runs_completed)} Completed |
| Throughput | ${r.throughput} runs/s |
| Completion p50 / p95 | ${n(r.completion_p50_ms)} / ${n(r.completion_p95_ms)} ms |
| Logs query p50 / p95 (${n(r.log_rows)} log rows, ${n(r.log_groups)} groups) | ${r.logs_query_p50_ms} / ${r.logs_query_p95_ms} ms |
| Kill -9 mid-webhook (${r.kill.documents} documents, ${r.kill.webhook_calls} calls) | ${r.duplicate_effects} duplicate effects, ${r.kill.webhook_missing_effects} missing, ${r.kill.runs_completed} runs completed |
`;
}
