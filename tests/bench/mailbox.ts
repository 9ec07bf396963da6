/**
 * The smart inbox at scale: `npm run bench -- mailbox [--messages N] [--seed maildir|append]
 * [--connections C]` puts N messages (default 50,000; every 5th a reply, every 50th with a PDF)
 * into a throwaway dovecot: written straight into its maildir (default; dovecot assigns the UIDs
 * when the INBOX is first opened, before the clock starts) or APPENDed over C IMAP connections,
 * then measures the first sync (time; memory: heap used + external after a forced full collection
 * before and after the sync, `memory_flat` when that grew < MEMORY_FLAT_MB, and the peaks of RSS,
 * heap and external sampled every 100 ms; `--gc-every S` also collects every S s during the sync
 * and reports the largest retained sample), pages through the whole inbox ten at a
 * time (list_p95_ms over those requests, through the service, its cache cold for each page) and
 * counts `lost` (messages never listed) and `duplicated` (listed twice). Writes
 * bench-results/mailbox.json and its docs/PERFORMANCE.md section.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import { buildApp } from '../../src/server/app';
import { ConfigSchema } from '../../src/server/config';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { insertCompany, insertUser } from '../../src/server/seed/accounts';
import { startTestDovecot, type TestDovecot } from '../support/dovecot';
import { mailSource, minimalPdf } from '../support/mailFixtures';
import { writeBenchResult } from './docSection';
import { machine } from './stats';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const MB = 2 ** 20;
/** A full garbage collection without starting node with --expose-gc. */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
/** The process's memory after a full collection: what is still held, not what V8 has yet to free. */
function retained() {
  collect();
  collect();
  return process.memoryUsage();
}
/**
 * memory_flat: the memory the process still holds after a full collection (V8 heap used + external)
 * grew less than this over the first sync. RSS peak is reported beside it, not judged: it is V8
 * letting garbage pile up before a major collection, and grows with the mailbox however little is
 * kept.
 */
const MEMORY_FLAT_MB = 16;
const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

function whole(args: string[], name: string, fallback: number): number {
  const at = args.indexOf(`--${name}`);
  const value = Number(at >= 0 ? args[at + 1] : fallback);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number >= 1`);
  return value;
}

function imapClientOf(dovecot: TestDovecot): ImapFlow {
  return new ImapFlow({
    host: dovecot.host,
    port: dovecot.port,
    secure: false,
    doSTARTTLS: false,
    auth: { user: dovecot.user, pass: dovecot.password },
    logger: false,
  });
}

export async function run(args: string[]): Promise<void> {
  const messages = whole(args, 'messages', 50_000);
  const connections = whole(args, 'connections', 4);
  const gcAt = args.indexOf('--gc-every');
  const gcEvery = gcAt >= 0 ? whole(args, 'gc-every', 2) : 0;
  const seedAt = args.indexOf('--seed');
  const seed = seedAt >= 0 ? args[seedAt + 1] : 'maildir';
  if (seed !== 'maildir' && seed !== 'append') throw new Error('--seed must be maildir or append');
  const log = (line: string) => process.stdout.write(`${line}\n`);
  const startedAt = machine();
  const dovecot = await startTestDovecot();
  const dataDir = path.join(root, '.data', `bench-mailbox-${Date.now()}`);
  await mkdir(dataDir, { recursive: true });
  const postgres = await startEmbeddedPostgres({ dataDir });
  try {
    const pdf = minimalPdf('bench attachment');
    const benchMail = (i: number) => ({
      source: mailSource({
        id: `bench-${i}@bench.test`,
        subject: `Bench ${i}`,
        from: `sender${i % 500}@client.test`,
        date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
        ...(i % 5 === 4 ? { references: [`bench-${i - 4}@bench.test`] } : {}),
        ...(i % 50 === 0 ? { attachment: { name: `scan-${i}.pdf`, content: pdf } } : {}),
      }),
      flags: i % 3 === 0 ? ['\\Seen'] : [],
      date: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    });
    log(
      seed === 'maildir'
        ? `writing ${messages.toLocaleString('en-US')} messages into the maildir...`
        : `appending ${messages.toLocaleString('en-US')} messages over ${connections} connections...`,
    );
    const appendStarted = performance.now();
    if (seed === 'maildir') {
      await dovecot.writeMessages(
        dovecot.user,
        (function* () {
          for (let i = 0; i < messages; i += 1) yield benchMail(i);
        })(),
      );
      // dovecot gives the files UIDs when the INBOX is first opened: part of seeding, not of the
      // sync being measured.
      const client = imapClientOf(dovecot);
      await client.connect();
      const opened = await client.status('INBOX', { messages: true });
      await client.logout();
      const seen = opened ? opened.messages : 0;
      if (seen !== messages) throw new Error(`dovecot sees ${seen} of ${messages} seeded messages`);
    } else {
      let next = 0;
      await Promise.all(
        Array.from({ length: connections }, async () => {
          const client = imapClientOf(dovecot);
          await client.connect();
          while (next < messages) {
            const mail = benchMail(next++);
            await client.append('INBOX', mail.source, mail.flags, mail.date);
          }
          await client.logout();
        }),
      );
    }
    const appendS = (performance.now() - appendStarted) / 1000;
    log(`seeded in ${round(appendS)} s`);

    await runMigrations(postgres.url);
    const config = ConfigSchema.parse({
      port: 0,
      dataDir: path.join(dataDir, 'server'),
      databaseUrl: postgres.url,
      logLevel: process.env.BENCH_LOG_LEVEL ?? 'silent',
      publicUrl: 'http://127.0.0.1',
      pipelineWorkers: 0,
      workflowWorkers: 0,
      mailSyncTickSeconds: 0,
      mailAllowedServers: [`${dovecot.host}:${dovecot.port}`, '127.0.0.1:25'],
      crmCredentialKeys: `bench:${randomBytes(24).toString('base64url')}`,
    });
    const app = await buildApp(config);
    try {
      const db = app.lexdesk.database.db;
      const { mailbox, auth } = app.lexdesk.services;
      const company = await insertCompany(db, {
        name: `Bench Inbox ${Date.now()}`,
        is_legal: true,
      });
      const email = `bench.mail.${Date.now()}@example.com`;
      await insertUser(db, {
        companyId: company.id,
        email,
        password: 'bench-password-1!',
        firstName: 'Bench',
        lastName: 'Mail',
        userType: 'customer',
        legalUserType: 'admin',
      });
      const { viewer } = await auth.signIn({ email, password: 'bench-password-1!' }, '127.0.0.1');
      await mailbox.connect(viewer, {
        email: dovecot.user,
        imap_host: dovecot.host,
        imap_port: dovecot.port,
        imap_tls: false,
        password: dovecot.password,
        smtp_host: '127.0.0.1',
        smtp_port: 25,
      });
      const before = retained();
      const rssStart = before.rss;
      let rssPeak = rssStart;
      let heapPeak = before.heapUsed;
      let externalPeak = before.external;
      const sampler = setInterval(() => {
        const now = process.memoryUsage();
        rssPeak = Math.max(rssPeak, now.rss);
        heapPeak = Math.max(heapPeak, now.heapUsed);
        externalPeak = Math.max(externalPeak, now.external);
      }, 100);
      // With --gc-every S, a full collection every S seconds mid-sync: what the sync holds at that
      // moment, garbage aside. Off by default: the collections change the sync's time and RSS.
      let retainedPeak = before.heapUsed + before.external;
      const retainedSamples: number[] = [];
      const gcSampler =
        gcEvery > 0
          ? setInterval(() => {
              const now = retained();
              retainedSamples.push(round((now.heapUsed + now.external) / MB));
              retainedPeak = Math.max(retainedPeak, now.heapUsed + now.external);
            }, gcEvery * 1000)
          : undefined;
      const syncStarted = performance.now();
      const synced = await mailbox.sync(viewer);
      const firstSyncS = (performance.now() - syncStarted) / 1000;
      clearInterval(sampler);
      clearInterval(gcSampler);
      const after = retained();
      retainedPeak = Math.max(retainedPeak, after.heapUsed + after.external);
      if (gcEvery > 0)
        log(
          `heap+external after GC during the sync (MiB, every ${gcEvery} s): ${retainedSamples.join(' ')}`,
        );
      const mem = (m: NodeJS.MemoryUsage) =>
        `heap ${round(m.heapUsed / MB)} external ${round(m.external / MB)} arrayBuffers ${round(m.arrayBuffers / MB)} rss ${round(m.rss / MB)} MiB`;
      log(`after GC, before sync: ${mem(before)}`);
      log(`after GC, after sync:  ${mem(after)}`);
      log(
        `peaks during sync: heap ${round(heapPeak / MB)} external ${round(externalPeak / MB)} rss ${round(rssPeak / MB)} MiB`,
      );
      log(`first sync: ${round(firstSyncS)} s ${JSON.stringify(synced)}`);
      const againStarted = performance.now();
      await mailbox.sync(viewer);
      const secondSyncS = (performance.now() - againStarted) / 1000;

      const seen = new Map<string, number>();
      const times: number[] = [];
      for (let page = 1; ; page += 1) {
        const started = performance.now();
        const answer = await mailbox.list(viewer, { page });
        times.push(performance.now() - started);
        for (const m of answer.messages) seen.set(m.id, (seen.get(m.id) ?? 0) + 1);
        if (!answer.hasMore) break;
      }
      const listed = seen.size;
      const duplicated = [...seen.values()].reduce((sum, n) => sum + n - 1, 0);
      const growthMb = (rssPeak - rssStart) / MB;
      const live = (m: NodeJS.MemoryUsage) => (m.heapUsed + m.external) / MB;
      const retainedGrowthMb = live(after) - live(before);
      const result = {
        date: new Date().toISOString(),
        machine: startedAt,
        load_average_after: machine().loadAverage,
        messages,
        seed,
        seed_s: round(appendS),
        first_sync_s: round(firstSyncS),
        first_sync_messages_per_s: round(synced.fetched / firstSyncS),
        second_sync_s: round(secondSyncS, 2),
        fetched: synced.fetched,
        skipped: synced.skipped,
        raw_files: synced.raw_files,
        list_requests: times.length,
        list_p50_ms: round(percentile(times, 50), 2),
        list_p95_ms: round(percentile(times, 95), 2),
        list_max_ms: round(Math.max(...times), 2),
        gc_every_s: gcEvery || null,
        retained_start_mb: round(live(before)),
        retained_end_mb: round(live(after)),
        retained_growth_mb: round(retainedGrowthMb),
        retained_peak_mb: gcEvery > 0 ? round(retainedPeak / MB) : null,
        heap_peak_mb: round(heapPeak / MB),
        external_peak_mb: round(externalPeak / MB),
        rss_start_mb: round(rssStart / MB),
        rss_peak_mb: round(rssPeak / MB),
        rss_growth_mb: round(growthMb),
        memory_flat: retainedGrowthMb < MEMORY_FLAT_MB,
        lost: messages - listed,
        duplicated,
      };
      const section = [
        `Smart inbox over dovecot (\`npm run bench -- mailbox --messages ${messages}\`, ${result.date}; ${startedAt.cores} cores, load ${startedAt.loadAverage} at start, ${result.load_average_after} after).`,
        '',
        '| messages | first sync | second sync | list p50 / p95 / max (ms) | retained after GC start → end | memory flat | RSS start → peak | lost | duplicated |',
        '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
        `| ${messages.toLocaleString('en-US')} | ${result.first_sync_s} s (${result.first_sync_messages_per_s}/s) | ${result.second_sync_s} s | ${result.list_p50_ms} / ${result.list_p95_ms} / ${result.list_max_ms} | ${result.retained_start_mb} → ${result.retained_end_mb} MiB | ${result.memory_flat} | ${result.rss_start_mb} → ${result.rss_peak_mb} MiB | ${result.lost} | ${duplicated} |`,
        '',
        `Memory flat is judged by the retained memory (V8 heap used + external, each after a forced full collection) before and after the first sync, under ${MEMORY_FLAT_MB} MiB growth; the RSS peak (heap ${result.heap_peak_mb} MiB, external ${result.external_peak_mb} MiB at their peaks, sampled every 100 ms${gcEvery ? `, with a forced collection every ${gcEvery} s` : ', no forced collection'}) is reported, not judged.`,
        '',
        `Every message listed once through ${times.length.toLocaleString('en-US')} pages of 10; ${result.raw_files} PDF attachments became raw files.`,
      ].join('\n');
      await writeBenchResult(root, 'mailbox', result, section);
      log(JSON.stringify({ ...result, machine: undefined }));
    } finally {
      await app.close();
    }
  } finally {
    await postgres.stop();
    await dovecot.stop();
  }
}
