/**
 * `npm run worker`: document-pipeline and workflow workers without the HTTP server, for scaling
 * both out across machines. Needs DATABASE_URL (the server's PostgreSQL) and DATA_DIR pointing at
 * the same file storage as the server. PIPELINE_WORKERS pipeline jobs run at once (default: one per
 * core) and WORKFLOW_WORKERS workflow node jobs (default 4; 0: none): the worker also takes
 * document and raw file events and fires schedules, like the server's own engine, and the
 * engine's locks keep every node to one execution whichever process takes it.
 * SIGINT / SIGTERM let running jobs finish (up to 10 s); an unfinished file is taken back by a
 * worker that runs on (domains/pipeline/queue.ts).
 *
 * The server also runs this file as its own pipeline child (domains/pipeline/pipelineProcess.ts):
 * then LEXDESK_PIPELINE_CHILD holds the server's resolved configuration as JSON, migrations are
 * the server's business, a `work` message over IPC means a job was just queued, and the child
 * stops when that channel closes.
 */
import { availableParallelism } from 'node:os';
import { ConfigError, databasePoolSize, loadConfig, type ServerConfig } from './config';
import { openDatabase, type Database } from './db/connection';
import { createCredentialRing } from './domains/crm/credentials';
import { createWorkflowCrm } from './domains/crm/outbound';
import { createCrmService } from './domains/crm/service';
import { runMigrations } from './db/migrate';
import { createFileRepository } from './domains/files/repository';
import { createStorage } from './domains/files/s3/createStorage';
import { parseChildSettings, type ChildSettings } from './domains/pipeline/childSettings';
import { startLocalPipeline } from './domains/pipeline/startPipeline';
import { createMailer } from './domains/notification-rules/mailer';
import { startWorkflowEngine } from './domains/workflows/engine/engine';
import { safeError } from './logSafe';
import { usePrivateUmask } from './privateFiles';

/** The CRM integrations the worker's sync steps send to (the server's key ring and settings). */
async function workflowCrm(config: ServerConfig, db: Database) {
  const ring = await createCredentialRing(config.crmCredentialKeys, () =>
    createFileRepository(db).secret('crm_credential_key'),
  );
  return createWorkflowCrm({
    db,
    crm: createCrmService({ db, ring, config }),
    storage: createStorage(config),
  });
}

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

/** The configuration: from the server when run as its child, else from the environment. */
function settings(): ChildSettings & { asChild: boolean } {
  const child = process.env.LEXDESK_PIPELINE_CHILD;
  if (child) return { ...parseChildSettings(child), asChild: true };
  try {
    const config: ServerConfig = loadConfig({
      PIPELINE_WORKERS: String(availableParallelism()),
      ...process.env,
    });
    return { config, queue: {}, asChild: false };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  usePrivateUmask(); // the temporary copies and PDFs it writes hold client documents
  const { config, queue: timings, asChild } = settings();
  if (!config.databaseUrl)
    fail('npm run worker needs DATABASE_URL: workers share the server’s PostgreSQL.');
  if (config.pipelineWorkers < 1) fail('PIPELINE_WORKERS must be at least 1 for a worker.');
  if (!asChild) await runMigrations(config.databaseUrl);
  const database = openDatabase(config.databaseUrl, { max: databasePoolSize() });
  // An Error's own fields are not enumerable (JSON.stringify would print `{}`), and a failed
  // statement's carry its SQL and bound values: every Error is written as logSafe's safeError.
  const plain = (_key: string, value: unknown) =>
    value instanceof Error ? safeError(value) : value;
  const write = (stream: NodeJS.WriteStream) => (details: object, message: string) =>
    stream.write(`${message} ${JSON.stringify(details, plain)}\n`);
  const queue = await startLocalPipeline(
    {
      config: { ...config, databaseUrl: config.databaseUrl },
      db: database.db,
      storage: createStorage(config),
      log: {
        info: write(process.stdout),
        warn: write(process.stderr),
        error: write(process.stderr),
      },
      timings,
    },
    config.pipelineWorkers,
  );
  // The server's pipeline child leaves workflows to the server's own engine.
  const mailer = asChild ? undefined : createMailer(config.smtp);
  const workflows =
    !asChild && config.workflowWorkers > 0
      ? await startWorkflowEngine({
          databaseUrl: config.databaseUrl,
          db: database.db,
          workers: config.workflowWorkers,
          allowPrivateWebhooks: config.workflowWebhookAllowPrivate,
          log: { info: write(process.stdout), error: write(process.stderr) },
          crm: await workflowCrm(config, database.db),
          mailer,
        })
      : undefined;
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await workflows?.stop();
      mailer?.close();
      await queue.stop();
      await database.close();
      process.exit(0);
    })();
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
  if (asChild) {
    process.on('message', (message) => {
      if (message === 'work') queue.notify();
    });
    process.once('disconnect', stop);
    if (!process.connected) stop();
  } else {
    await queue.sweep();
    await workflows?.sweep();
  }
  process.stdout.write(
    `LexDesk pipeline worker running ${config.pipelineWorkers} job(s) at once` +
      (workflows ? `, workflow worker running ${config.workflowWorkers} node job(s) at once` : '') +
      '\n',
  );
}

main().catch((error: unknown) =>
  fail(`The LexDesk worker failed: ${error instanceof Error ? error.message : String(error)}`),
);
