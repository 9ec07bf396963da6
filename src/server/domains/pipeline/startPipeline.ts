/**
 * The server's side of the document pipeline: the job queue it enqueues into, and the workers
 * that run the jobs, either in a child process (the default: see pipelineProcess.ts) or in the
 * server's own process (PIPELINE_PROCESS=inline, and in-process tests). With no workers
 * (PIPELINE_WORKERS=0) the server only enqueues, for `npm run worker` processes elsewhere.
 */
import path from 'node:path';
import type { ServerConfig } from '../../config';
import type { Database } from '../../db/connection';
import type { FileStorage } from '../files/storage';
import { childSettingsJson, type QueueTimings } from './childSettings';
import { pipelineLlm } from './llmProvider';
import { lazyOcrEngine } from './ocrProvider';
import { startPipelineProcess, type ProcessCommand } from './pipelineProcess';
import { processRawFile } from './processRawFile';
import { startPipelineQueue, type PipelineLog, type PipelineQueue } from './queue';

export interface PipelineDeps {
  config: ServerConfig & { databaseUrl: string };
  db: Database;
  storage: FileStorage;
  log: PipelineLog & { warn(details: object, message: string): void };
  timings?: QueueTimings;
}

export interface StartPipelineOptions extends PipelineDeps {
  /** The server module's own path (src/server/app.ts, or main.js in the bundle): worker.ts or worker.js sits beside it. */
  serverModule: string;
}

/**
 * The job queue with `workers` jobs at a time run in this process (0 only enqueues): what the
 * server runs inline and what worker.ts runs, with the OCR engine it starts closed on stop.
 */
export async function startLocalPipeline(
  deps: PipelineDeps,
  workers: number,
): Promise<PipelineQueue> {
  const { config, db, storage, log, timings = {} } = deps;
  const ocr = lazyOcrEngine(config.ocrEngine);
  const llm = pipelineLlm(config, (details, message) => log.warn(details, message));
  const queue = await startPipelineQueue({
    databaseUrl: config.databaseUrl,
    db,
    workers,
    expireInSeconds: config.pipelineJobExpireSeconds,
    run: (rawFileId, lock) => processRawFile({ db, storage, ocr: ocr.get, llm }, rawFileId, lock),
    log,
    ...timings,
  });
  return {
    ...queue,
    async stop() {
      await queue.stop();
      await ocr.close();
    },
  };
}

/** How to run worker.ts (from source, through tsx) or worker.js (bundled) beside `serverModule`. */
export function workerCommand(serverModule: string, env: NodeJS.ProcessEnv): ProcessCommand {
  const dir = path.dirname(serverModule);
  if (serverModule.endsWith('.ts'))
    return {
      command: process.execPath,
      args: ['--import', 'tsx', path.join(dir, 'worker.ts')],
      // tsx is found from the project folder (src/server is two levels down).
      cwd: path.resolve(dir, '..', '..'),
      env,
    };
  return { command: process.execPath, args: [path.join(dir, 'worker.js')], cwd: dir, env };
}

export async function startPipeline(options: StartPipelineOptions): Promise<PipelineQueue> {
  const { config, timings = {} } = options;
  if (config.pipelineWorkers === 0 || config.pipelineProcess === 'inline')
    return startLocalPipeline(options, config.pipelineWorkers);
  // The child runs the jobs; this process only enqueues, and nudges the child when it does.
  const queue = await startLocalPipeline(options, 0);
  const child = startPipelineProcess({
    command: workerCommand(options.serverModule, {
      ...process.env,
      LEXDESK_PIPELINE_CHILD: childSettingsJson({ config, queue: timings }),
    }),
    log: options.log,
  });
  return {
    async enqueue(rawFileId) {
      await queue.enqueue(rawFileId);
      child.notify();
    },
    async enqueueRematch(companyId) {
      await queue.enqueueRematch(companyId);
      child.notify();
    },
    async sweep() {
      const queued = await queue.sweep();
      if (queued > 0) child.notify();
      return queued;
    },
    notify: () => child.notify(),
    async stop() {
      await child.stop();
      await queue.stop();
    },
  };
}
