/**
 * `npm run worker`: document-pipeline workers without the HTTP server, for scaling the pipeline
 * out across machines. Needs DATABASE_URL (the server's PostgreSQL) and DATA_DIR pointing at the
 * same file storage as the server. PIPELINE_WORKERS jobs run at once (default: one per core).
 * SIGINT / SIGTERM let running jobs finish (up to 10 s); an unfinished job is retried elsewhere.
 *
 * The server also runs this file as its own pipeline child (domains/pipeline/pipelineProcess.ts):
 * then LEXDESK_PIPELINE_CHILD holds the server's resolved configuration as JSON, migrations are
 * the server's business, a `work` message over IPC means a job was just queued, and the child
 * stops when that channel closes.
 */
import { availableParallelism } from 'node:os';
import { ConfigError, loadConfig, type ServerConfig } from './config';
import { openDatabase } from './db/connection';
import { runMigrations } from './db/migrate';
import { createStorage } from './domains/files/s3/createStorage';
import { lazyOcrEngine } from './domains/pipeline/ocrProvider';
import { pipelineLlm } from './domains/pipeline/llmProvider';
import { parseChildSettings, type ChildSettings } from './domains/pipeline/childSettings';
import { processRawFile } from './domains/pipeline/processRawFile';
import { startPipelineQueue } from './domains/pipeline/queue';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function settings(): ChildSettings {
  const child = process.env.LEXDESK_PIPELINE_CHILD;
  if (child) return parseChildSettings(child);
  try {
    const config: ServerConfig = loadConfig({
      PIPELINE_WORKERS: String(availableParallelism()),
      ...process.env,
    });
    return { config, queue: {} };
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

async function main(): Promise<void> {
  const asChild = Boolean(process.env.LEXDESK_PIPELINE_CHILD);
  const { config, queue: timings } = settings();
  if (!config.databaseUrl)
    fail('npm run worker needs DATABASE_URL: workers share the server’s PostgreSQL.');
  if (config.pipelineWorkers < 1) fail('PIPELINE_WORKERS must be at least 1 for a worker.');
  if (!asChild) await runMigrations(config.databaseUrl);
  const database = openDatabase(config.databaseUrl);
  const storage = createStorage(config);
  const ocr = lazyOcrEngine(config.ocrEngine);
  const llm = pipelineLlm(config, (details, message) =>
    process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
  );
  const line = (text: string) => process.stdout.write(`${text}\n`);
  const queue = await startPipelineQueue({
    databaseUrl: config.databaseUrl,
    db: database.db,
    workers: config.pipelineWorkers,
    expireInSeconds: config.pipelineJobExpireSeconds,
    run: (rawFileId) => processRawFile({ db: database.db, storage, ocr: ocr.get, llm }, rawFileId),
    log: {
      info: (details, message) => line(`${message} ${JSON.stringify(details)}`),
      error: (details, message) => process.stderr.write(`${message} ${JSON.stringify(details)}\n`),
    },
    ...timings,
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void (async () => {
      await queue.stop();
      await ocr.close();
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
  }
  line(`LexDesk pipeline worker running ${config.pipelineWorkers} job(s) at once`);
}

main().catch((error: unknown) =>
  fail(`The LexDesk worker failed: ${error instanceof Error ? error.message : String(error)}`),
);
