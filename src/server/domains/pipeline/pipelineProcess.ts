/**
 * The document pipeline in a child process of the server, so parsing a large PDF never stalls
 * the API's event loop (pdf.js and pdf-lib work synchronously for up to a few hundred
 * milliseconds at a time). The child is `worker.ts`, told its configuration as JSON and joined to
 * the server by an IPC channel: the server sends `work` after queueing a job so the child polls
 * at once, and the child stops when the channel closes (the server exited, however it exited).
 * A child that dies is started again after a pause that doubles up to 30 s (reset once a child
 * has run for a minute); the file it was processing is taken back by the queue's recovery (its
 * run lock went with it: see runLock.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { backoffDelay } from '../../../shared/backoff';

export interface ProcessCommand {
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
}

export interface PipelineProcessLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PipelineProcessOptions {
  command: ProcessCommand;
  log: PipelineProcessLog;
  /** First pause before a restart; doubles per quick death up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** A child that ran this long resets the pause. */
  healthyAfterMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (running jobs get this to finish). */
  stopTimeoutMs?: number;
}

export interface PipelineProcess {
  /** Asks the child to look for jobs now (a no-op while it is down or starting). */
  notify(): void;
  /** The running child's pid, if one runs. */
  readonly pid: number | undefined;
  /** How many children were started so far (tests). */
  readonly starts: number;
  stop(): Promise<void>;
}

export function startPipelineProcess(options: PipelineProcessOptions): PipelineProcess {
  const restartBackoff = {
    base: options.restartDelayMs ?? 1000,
    cap: options.maxRestartDelayMs ?? 30_000,
  };
  const healthyAfter = options.healthyAfterMs ?? 60_000;
  const stopTimeout = options.stopTimeoutMs ?? 15_000;
  let child: ChildProcess | undefined;
  let starts = 0;
  let stopping = false;
  /** Children in a row that died before they ran healthyAfter (the restart's attempt number). */
  let quickDeaths = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const forward = (stream: NodeJS.ReadableStream | null, failed: boolean, pid: number) => {
    if (!stream) return;
    createInterface({ input: stream }).on('line', (line) => {
      if (!line.trim()) return;
      if (failed) options.log.error({ pid }, line);
      else options.log.info({ pid }, line);
    });
  };

  const launch = (): void => {
    restartTimer = undefined;
    if (stopping) return;
    const { command, args, env, cwd } = options.command;
    const started = Date.now();
    const current = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    starts += 1;
    child = current;
    const pid = current.pid ?? -1;
    forward(current.stdout, false, pid);
    forward(current.stderr, true, pid);
    // A failed send (the child just died) is reported by 'exit'; nothing to do here.
    current.on('error', (error) => options.log.error({ err: error }, 'pipeline process error'));
    current.once('exit', (code, signal) => {
      if (child === current) child = undefined;
      if (stopping) return;
      quickDeaths = Date.now() - started >= healthyAfter ? 1 : quickDeaths + 1;
      const delay = backoffDelay(quickDeaths, restartBackoff);
      options.log.error(
        { pid, code, signal, restartInMs: delay },
        'the pipeline process exited; starting it again',
      );
      restartTimer = setTimeout(launch, delay);
      restartTimer.unref();
    });
  };

  launch();

  return {
    notify() {
      if (child?.connected) child.send('work', () => undefined);
    },
    get pid() {
      return child?.pid;
    },
    get starts() {
      return starts;
    },
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.kill('SIGTERM');
      const timer = setTimeout(() => current.kill('SIGKILL'), stopTimeout);
      await exited;
      clearTimeout(timer);
    },
  };
}
