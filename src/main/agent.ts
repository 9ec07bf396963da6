/**
 * The headless scanner-station agent: `npm run agent -- --watch DIR --server URL --company ID
 * (--email E --password-env VAR | --token-env VAR) [--after keep|move|delete] [--data-dir D]`.
 *
 * The desktop's own pipeline without a screen: watched folders -> inspectFile -> durable queue
 * (<data dir>/agent/uploads.db) -> uploader. Prints one stdout line when watching and one per
 * file outcome; problems go to stderr. SIGINT / SIGTERM stop it cleanly: jobs in flight are
 * released to the queue and resume from the server's offset on the next start. An ended session
 * (401) is renewed by signing in again, or with --token-env reported while jobs stay queued
 * (agent/session.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AGENT_USAGE, AgentArgsError, parseAgentArgs, type AgentArgs } from './agent/args';
import { createAgentSession } from './agent/session';
import { signIn } from './services/uploader/serverApi';
import { createUploadService, type UploadService } from './services/uploader/uploadService';
import { memoryFolderListStore } from './services/uploader/watchFolders';

function fail(message: string, code = 1): never {
  process.stderr.write(`${message}\n`);
  process.exit(code);
}

const print = (line: string): void => void process.stdout.write(`${line}\n`);

export interface RunAgentOptions {
  /** Where problems go (stderr by default). */
  report?: (line: string) => void;
  /** Where the watching line and the per-file outcomes go (stdout by default). */
  print?: (line: string) => void;
  /** Least time between two sign-ins (see createAgentSession). */
  signInRetryMs?: number;
}

export async function runAgent(
  args: AgentArgs,
  runOptions: RunAgentOptions = {},
): Promise<UploadService> {
  const report = runOptions.report ?? ((line: string) => void process.stderr.write(`${line}\n`));
  const say = runOptions.print ?? print;
  const session = createAgentSession({
    serverUrl: args.serverUrl,
    auth: args.auth,
    signIn: (credentials) => signIn(args.serverUrl, credentials, { timeoutMs: 30_000 }),
    report,
    ...(runOptions.signInRetryMs !== undefined ? { retryMs: runOptions.signInRetryMs } : {}),
  });
  await session.start();
  const dir = path.join(args.dataDir, 'agent');
  const service = createUploadService({
    queueFile: path.join(dir, 'uploads.db'),
    seenFile: path.join(dir, 'watch-seen.json'),
    folders: memoryFolderListStore(
      args.watch.map((folder) => ({
        path: folder,
        afterUpload: args.afterUpload,
        company_id: args.companyId,
        usePolling: args.poll,
      })),
    ),
    connection: () => session.connection(),
    uploader: { onUnauthorized: (refused) => session.unauthorized(refused) },
    medium: 'agent',
    watchMedium: 'agent',
    watch: { quietMs: args.quietMs },
    onIntake: (result) => {
      if (result.status === 'rejected') say(`rejected ${result.fileName}: ${result.message}`);
      else if (result.status === 'duplicate') say(`duplicate ${result.fileName}`);
    },
    onOutcome: (event) => {
      if (event.type === 'uploaded')
        say(`uploaded ${event.job.fileName} raw_file=${event.rawFileId}`);
      else if (event.willRetry) report(`retrying ${event.job.fileName}: ${event.failure.message}`);
      else say(`failed ${event.job.fileName}: ${event.failure.message}`);
    },
    log: report,
  });
  await service.start();
  say(`LexDesk agent watching ${args.watch.join(', ')} for ${args.serverUrl}`);
  return service;
}

async function main(argv: string[]): Promise<void> {
  let args;
  try {
    args = parseAgentArgs(argv);
  } catch (error) {
    if (error instanceof AgentArgsError) fail(error.message, 2);
    throw error;
  }
  if (args.help) return print(AGENT_USAGE);
  let service: UploadService | null = null;
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void (service?.close() ?? Promise.resolve()).then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  try {
    service = await runAgent(args);
  } catch (error) {
    fail(
      `The LexDesk agent could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  if (stopping) await service.close();
}

const invokedDirectly =
  process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    fail(
      `The LexDesk agent failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  });
}
