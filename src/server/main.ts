/**
 * `npm run server`: the LexDesk server alone. PostgreSQL is DATABASE_URL when set, otherwise an
 * embedded server in DATA_DIR (default ~/.lexdesk). Migrates, then listens on HOST:PORT (PORT=0
 * picks a free port) and prints `LexDesk server listening at <url>`.
 *   --demo or LEXDESK_DEMO=1   seed the demo companies and users (idempotent)
 *   LEXDESK_READY_JSON=1       also print {"event":"ready","url":...} on stdout; logs go to stderr
 *   LEXDESK_EXIT_WITH_PARENT=1 shut down when stdin closes (the desktop spawns the server as a child)
 */
import { buildApp, type LexDeskServer } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './db/embedded';
import { DatabaseNewerThanAppError, runMigrations } from './db/migrate';
import { preparePrivateDataDir, usePrivateUmask } from './privateFiles';
import { describeDemoAccounts, seedDemo } from './seed/demo';
import { uploadDemoFiles } from './seed/demoFiles';

const PLAIN_ERRORS = [ConfigError, DataDirInUseError, DatabaseNewerThanAppError];

function clientUrl(address: string): string {
  // A wildcard bind is reached on loopback by local clients.
  return address.replace('//0.0.0.0:', '//127.0.0.1:').replace('//[::]:', '//127.0.0.1:');
}

async function main(): Promise<void> {
  const config = loadConfig();
  const demo = process.argv.includes('--demo') || process.env.LEXDESK_DEMO === '1';
  const readyJson = process.env.LEXDESK_READY_JSON === '1';
  const log = (line: string) => (readyJson ? process.stderr : process.stdout).write(`${line}\n`);

  let embedded: EmbeddedPostgres | undefined;
  let app: LexDeskServer | undefined;
  let stopping: Promise<void> | undefined;
  const shutdown = (reason: string) => {
    stopping ??= (async () => {
      log(`LexDesk server stopping (${reason})`);
      await app
        ?.close()
        .catch((error: unknown) => log(`Closing the server failed: ${String(error)}`));
      await embedded
        ?.stop()
        .catch((error: unknown) => log(`Stopping PostgreSQL failed: ${String(error)}`));
    })();
    return stopping;
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void shutdown(signal).then(() => process.exit(0)));
  }
  if (process.env.LEXDESK_EXIT_WITH_PARENT === '1') {
    process.stdin.on(
      'close',
      () => void shutdown('parent closed stdin').then(() => process.exit(0)),
    );
    process.stdin.on('end', () => void shutdown('parent closed stdin').then(() => process.exit(0)));
    process.stdin.resume();
  }

  try {
    usePrivateUmask();
    await preparePrivateDataDir(config.dataDir);
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      embedded = await startEmbeddedPostgres({ dataDir: config.dataDir });
      databaseUrl = embedded.url;
    }
    await runMigrations(databaseUrl);
    app = await buildApp(
      { ...config, databaseUrl },
      readyJson ? { logStream: process.stderr } : {},
    );
    if (demo) {
      const seeded = await seedDemo(app.lexdesk.database.db);
      log(
        seeded.created
          ? describeDemoAccounts(seeded.accounts)
          : 'Demo data already present; nothing added.',
      );
      if (seeded.created) {
        // The demo still starts without its sample paper; the reason is logged.
        await uploadDemoFiles(app.lexdesk).then(
          (uploads) =>
            log(
              `Demo sample files queued for processing: ${uploads.map((u) => u.name).join(', ')}`,
            ),
          (error: unknown) => log(`The demo sample files could not be uploaded: ${String(error)}`),
        );
      }
    }
    const address = clientUrl(await app.listen({ port: config.port, host: config.host }));
    log(`LexDesk server listening at ${address}`);
    if (readyJson) process.stdout.write(`${JSON.stringify({ event: 'ready', url: address })}\n`);
  } catch (error) {
    await shutdown('start-up failed');
    throw error;
  }
}

main().catch((error: unknown) => {
  if (PLAIN_ERRORS.some((type) => error instanceof type)) {
    process.stderr.write(`${(error as Error).message}\n`);
  } else {
    process.stderr.write(
      `LexDesk server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
