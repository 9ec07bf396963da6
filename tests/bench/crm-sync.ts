/**
 * `npm run bench -- crm-sync [--cases N] [--docs N] [--fail-rate R] [--retry-after S]
 * [--concurrency N] [--data DIR]`: the CRM sync against provider one's fake (tests/support/
 * fakeClio.ts, Clio Manage API v4, 200 matters a page by cursor) run in a process of its own
 * (crm-sync/fake-child.ts). The server runs in this process on an embedded PostgreSQL (kept in DIR,
 * default .bench-cache/crm-sync; each run signs up a new firm): a firm's administrator connects
 * Clio through the OAuth routes, then the server's own sync (CrmService.syncIntegration: advisory
 * lock, connector, integration log, chunks of 500) takes `cases` matters in (default 100,000),
 * timed, with this process's RSS sampled against its idle RSS just before. Then `docs` documents
 * (default 10,000) go out through the Clio connector (create, PUT bytes, mark fully uploaded; the
 * one HTTP client's retries; every attempt logged in the database) with the fake failing
 * `fail-rate` (default 0.05) of calls: 429 with Retry-After `retry-after` seconds (default 1), 500,
 * 502, 503. `lost`: documents not fully uploaded in the fake at the end; `duplicated`: extra fully
 * uploaded copies. Writes bench-results/crm-sync.json and the CRM sync section of PERFORMANCE.md.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { buildApp, type LexDeskServer } from '../../src/server/app';
import { ConfigSchema } from '../../src/server/config';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { legalCase } from '../../src/server/db/schemaPipeline';
import { logSink } from '../../src/server/domains/crm/callLog';
import { createClioConnector } from '../../src/server/domains/crm/clio/connector';
import { tokenStore } from '../../src/server/domains/crm/credentials';
import { insertCompany, insertUser } from '../../src/server/seed/accounts';
import { renderCrmSyncSection, type CrmSyncResult } from './crm-sync/report';
import { writeBenchResult } from './docSection';
import { machine } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MB = 2 ** 20;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const PASSWORD = 'bench-password-1!';
const REDIRECT = 'http://127.0.0.1:4999/';

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

interface Ready {
  url: string;
  clientId: string;
  clientSecret: string;
}
interface Report {
  landed: Record<string, number>;
  incomplete: number;
  faults: Record<string, number>;
  requests: number;
}

/** The fake in its own process; `ask` sends one command and reads its one-line answer. */
async function startFake(matters: number) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'tests/bench/crm-sync/fake-child.ts'),
      '--matters',
      String(matters),
    ],
    { cwd: root, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout });
  const waiting: Array<(line: string) => void> = [];
  lines.on('line', (line) => waiting.shift()?.(line));
  const next = () =>
    new Promise<string>((resolve, reject) => {
      waiting.push(resolve);
      child.once('exit', (code) => reject(new Error(`the fake exited (${code}): ${stderr}`)));
    });
  const ready = JSON.parse(await next()) as Ready;
  return {
    ...ready,
    async ask<T>(command: Record<string, unknown>): Promise<T> {
      const answer = next();
      child.stdin.write(`${JSON.stringify(command)}\n`);
      return JSON.parse(await answer) as T;
    },
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

async function rest<T>(
  app: LexDeskServer,
  method: 'POST',
  url: string,
  token: string,
  body: unknown,
) {
  const answer = await app.inject({
    method,
    url,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    payload: JSON.stringify(body),
  });
  const json = answer.json<{ data?: T; error?: unknown }>();
  if (answer.statusCode !== 200 || json.data === undefined)
    throw new Error(`${url} answered ${answer.statusCode}: ${answer.body.slice(0, 300)}`);
  return json.data;
}

/** Peak RSS while `work` runs, sampled every 10 ms and at the end. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ value: T; peak: number }> {
  let peak = process.memoryUsage.rss();
  let ticks = 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
    if (process.env.BENCH_TRACE && (ticks += 1) % 100 === 0) {
      const m = process.memoryUsage();
      process.stderr.write(
        `rss ${Math.round(m.rss / MB)} heap ${Math.round(m.heapUsed / MB)}/${Math.round(m.heapTotal / MB)} ext ${Math.round(m.external / MB)} ab ${Math.round(m.arrayBuffers / MB)}\n`,
      );
    }
  }, 10);
  try {
    const value = await work();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, peak };
  } finally {
    clearInterval(timer);
  }
}

export async function run(args: string[]): Promise<void> {
  const cases = whole(args, 'cases', 100_000, 1);
  const docs = whole(args, 'docs', 10_000, 0);
  const concurrency = whole(args, 'concurrency', 8, 1);
  const failRate = Number(option(args, 'fail-rate') ?? 0.05);
  const retryAfter = option(args, 'retry-after') ?? '1';
  if (!(failRate >= 0 && failRate < 1)) throw new Error('--fail-rate must be in [0, 1)');
  if (!/^\d+$/.test(retryAfter)) throw new Error('--retry-after must be whole seconds');
  const dataDir = path.resolve(option(args, 'data') ?? path.join(root, '.bench-cache', 'crm-sync'));
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const startedAt = machine();

  log(`starting the Clio fake with ${cases.toLocaleString('en-US')} matters...`);
  const fake = await startFake(cases);
  await mkdir(dataDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir });
  try {
    await runMigrations(postgres.url);
    const config = ConfigSchema.parse({
      port: 0,
      dataDir: path.join(dataDir, 'server'),
      databaseUrl: postgres.url,
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent',
      publicUrl: 'http://127.0.0.1',
      pipelineWorkers: 0,
      workflowWorkers: 0,
      crmSyncTickSeconds: 0,
      crmCredentialKeys: `bench:${randomBytes(24).toString('base64url')}`,
      crmAllowedBaseUrls: [fake.url],
      clio: { clientId: fake.clientId, clientSecret: fake.clientSecret },
    });
    const app = await buildApp(config);
    try {
      const db = app.lexdesk.database.db;
      const company = await insertCompany(db, { name: `Bench Firm ${Date.now()}`, is_legal: true });
      const admin = await insertUser(db, {
        companyId: company.id,
        email: `bench.crm.${Date.now()}@example.com`,
        password: PASSWORD,
        firstName: 'Bench',
        lastName: 'Admin',
        userType: 'customer',
        legalUserType: 'admin',
      });
      const signIn = await app.inject({
        method: 'POST',
        url: '/graphql',
        headers: { 'content-type': 'application/json' },
        payload: {
          query: 'mutation($e: String!, $p: String!) { signIn(email: $e, password: $p) { token } }',
          variables: { e: admin.email, p: PASSWORD },
        },
      });
      const token = signIn.json<{ data?: { signIn: { token: string } } }>().data?.signIn.token;
      if (!token) throw new Error(`bench sign-in failed: ${signIn.body}`);
      // Connect Clio as a firm's administrator does: the OAuth routes and the fake's authorize step.
      const start = await rest<{ authUrl: string }>(
        app,
        'POST',
        `/clio/oauth?companyId=${company.id}`,
        token,
        { redirect_uri: REDIRECT, crm_base_url: fake.url },
      );
      const back = new URL(
        (await fetch(start.authUrl, { redirect: 'manual' })).headers.get('location') ?? '',
      );
      const integration = await rest<{ id: string }>(
        app,
        'POST',
        `/clio/oauth/callback?code=${encodeURIComponent(back.searchParams.get('code') ?? '')}`,
        token,
        { company_id: company.id, state: back.searchParams.get('state') },
      );

      // Cases in, through the server's own sync.
      (globalThis as { gc?: () => void }).gc?.();
      const idle = process.memoryUsage.rss();
      log(`idle RSS ${round(idle / MB)} MB; syncing ${cases.toLocaleString('en-US')} cases in...`);
      const started = performance.now();
      const { value: synced, peak } = await peakRss(() =>
        app.lexdesk.services.crm.syncIntegration(integration.id, 'manual'),
      );
      const casesInS = (performance.now() - started) / 1000;
      if (process.env.BENCH_TRACE) {
        (globalThis as { gc?: () => void }).gc?.();
        const m = process.memoryUsage();
        log(`after gc: rss ${round(m.rss / MB)} heap ${round(m.heapUsed / MB)} MB`);
      }
      if (!synced) throw new Error('the sync did not run (locked)');
      if (synced.error) throw new Error(`the sync failed: ${synced.error}`);
      const [stored] = await db
        .select({ n: count() })
        .from(legalCase)
        .where(and(eq(legalCase.company_id, company.id), eq(legalCase.crm_type, 'clio')));
      log(
        `cases in: ${round(casesInS)} s, ${JSON.stringify(synced)}, ${stored?.n} stored, peak RSS +${round((peak - idle) / MB)} MB`,
      );

      // Documents out through the Clio connector with the fake failing a share of calls.
      await fake.ask({ cmd: 'fail', rate: failRate, retryAfter });
      const connector = createClioConnector(
        { clientId: fake.clientId, clientSecret: fake.clientSecret },
        tokenStore(db, app.lexdesk.services.crmRing, integration.id),
        {
          baseUrl: fake.url,
          log: logSink(db, {
            company_id: company.id,
            integration_id: integration.id,
            crm_type: 'clio',
            sync_type: 'bench',
          }),
        },
      );
      const bytes = Buffer.from(`%PDF-1.4\n% bench document\n${'x'.repeat(2000)}\n%%EOF\n`);
      let failed = 0;
      let nextDoc = 0;
      const docsStarted = performance.now();
      const worker = async () => {
        while (nextDoc < docs) {
          const i = nextDoc++;
          try {
            await connector.uploadDocument({
              case_id: String((i % cases) + 1),
              document_id: `bench-${i}`,
              name: `bench-doc-${i}.pdf`,
              content_type: 'application/pdf',
              read: () => Promise.resolve(bytes),
            });
          } catch {
            failed += 1;
          }
        }
      };
      log(
        `sending ${docs.toLocaleString('en-US')} documents out (${failRate * 100}% of calls failing)...`,
      );
      await Promise.all(Array.from({ length: concurrency }, worker));
      const docsOutS = (performance.now() - docsStarted) / 1000;
      const report = await fake.ask<Report>({ cmd: 'report' });
      let lost = 0;
      let duplicated = 0;
      for (let i = 0; i < docs; i++) {
        const landed = report.landed[`bench-doc-${i}.pdf`] ?? 0;
        if (landed === 0) lost += 1;
        else duplicated += landed - 1;
      }
      log(
        `documents out: ${round(docsOutS)} s, lost ${lost}, duplicated ${duplicated}, failed calls ${failed}, faults ${JSON.stringify(report.faults)}`,
      );

      const result: CrmSyncResult = {
        date: new Date().toISOString(),
        machine: startedAt,
        load_average_after: machine().loadAverage,
        cases,
        docs,
        concurrency,
        fail_rate: failRate,
        retry_after_s: Number(retryAfter),
        cases_in_100k_s: round((casesInS * 100_000) / cases),
        cases_in_s: round(casesInS),
        cases_in_per_s: Math.round(cases / casesInS),
        sync: synced,
        cases_stored: Number(stored?.n ?? 0),
        idle_rss_mb: round(idle / MB),
        peak_rss_mb: round(peak / MB),
        peak_rss_mb_over_idle: round((peak - idle) / MB),
        docs_out_s: round(docsOutS),
        docs_failed_after_retries: failed,
        lost,
        duplicated,
        incomplete_in_crm: report.incomplete,
        faults: report.faults,
        fake_requests: report.requests,
      };
      await writeBenchResult(root, 'crm-sync', result, renderCrmSyncSection(result));
      log(JSON.stringify({ ...result, machine: undefined }));
    } finally {
      await app.close();
    }
  } finally {
    await postgres.stop();
    await fake.stop();
  }
}
