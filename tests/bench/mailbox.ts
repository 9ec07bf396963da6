/**
 * The smart inbox at scale: `npm run bench -- mailbox [--messages N] [--seed maildir|append]
 * [--connections C]` puts N messages (default 50,000; every 5th a reply, every 50th with a PDF)
 * into a throwaway dovecot: written straight into its maildir (default; dovecot assigns the UIDs
 * when the INBOX is first opened, before the clock starts) or APPENDed over C IMAP connections,
 * then measures the first sync (time, the server process's RSS sampled every 100 ms: memory flat
 * means the peak grew less than 256 MiB over the start), pages through the whole inbox ten at a
 * time (list_p95_ms over those requests, through the service, its cache cold for each page) and
 * counts `lost` (messages never listed) and `duplicated` (listed twice). Writes
 * bench-results/mailbox.json and its docs/PERFORMANCE.md section.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
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
      const rssStart = process.memoryUsage().rss;
      let rssPeak = rssStart;
      const sampler = setInterval(() => {
        rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
      }, 100);
      const syncStarted = performance.now();
      const synced = await mailbox.sync(viewer);
      const firstSyncS = (performance.now() - syncStarted) / 1000;
      clearInterval(sampler);
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
        rss_start_mb: round(rssStart / MB),
        rss_peak_mb: round(rssPeak / MB),
        memory_growth_mb: round(growthMb),
        memory_flat: growthMb < 256,
        lost: messages - listed,
        duplicated,
      };
      const section = [
        `Smart inbox over dovecot (\`npm run bench -- mailbox --messages ${messages}\`, ${result.date}; ${startedAt.cores} cores, load ${startedAt.loadAverage} at start, ${result.load_average_after} after).`,
        '',
        '| messages | first sync | second sync | list p50 / p95 / max (ms) | RSS start → peak | lost | duplicated |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        `| ${messages.toLocaleString('en-US')} | ${result.first_sync_s} s (${result.first_sync_messages_per_s}/s) | ${result.second_sync_s} s | ${result.list_p50_ms} / ${result.list_p95_ms} / ${result.list_max_ms} | ${result.rss_start_mb} → ${result.rss_peak_mb} MiB | ${result.lost} | ${duplicated} |`,
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
