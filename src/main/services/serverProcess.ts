/**
 * Runs the LexDesk server as a child process and waits for its ready line.
 *
 * The child contract (implemented by src/server/main.ts): environment DATA_DIR, PORT=0,
 * LEXDESK_READY_JSON=1 and LEXDESK_EXIT_WITH_PARENT=1; it prints one JSON line
 * `{"event":"ready","url":"http://127.0.0.1:<port>"}` on stdout once it serves requests, exits
 * when its stdin closes (so we keep a pipe open for its whole life), and exits 1 with a plain
 * message on stderr when it cannot start. That message is what the user gets to read.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { z } from 'zod';

const ReadyLine = z.object({ event: z.literal('ready'), url: z.url() });

/** How much of the child's stderr is kept to explain a failed start. */
const STDERR_KEEP_CHARS = 4000;

export interface ServerCommand {
  /** Executable: node, or the Electron binary run as node. */
  command: string;
  args: string[];
  /** Extra environment on top of the parent's (DATABASE_URL and friends pass through). */
  env: Record<string, string>;
  cwd?: string;
}

export interface ServerProcessOptions extends ServerCommand {
  readyTimeoutMs?: number;
  /** Time between SIGTERM and SIGKILL on stop. */
  stopTimeoutMs?: number;
  /** Every stdout/stderr line that is not the ready line (for logs). */
  onOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** Called when the child ends after it was ready and before stop() was asked for. */
  onUnexpectedExit?: (info: ExitInfo) => void;
}

export interface ExitInfo {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface ServerProcess {
  url: string;
  pid: number;
  /** Resolves when the child has ended. */
  exited: Promise<ExitInfo>;
  /** Graceful stop: close stdin and SIGTERM, then SIGKILL after the timeout. Idempotent. */
  stop(): Promise<ExitInfo>;
}

export type ServerStartFailure = 'SPAWN_FAILED' | 'EXITED_BEFORE_READY' | 'READY_TIMEOUT';

export class ServerStartError extends Error {
  constructor(
    readonly failure: ServerStartFailure,
    message: string,
    readonly stderr: string,
  ) {
    super(message);
    this.name = 'ServerStartError';
  }
}

export interface ServerEnvOptions {
  dataDir: string;
  demo?: boolean;
  /** Where the bundled server finds its SQL migrations (packaged builds). */
  migrationsDir?: string;
  /** Run the Electron binary as plain node (packaged and electron dev builds). */
  electronAsNode?: boolean;
}

/** The environment the child contract asks for. */
export function serverEnv(options: ServerEnvOptions): Record<string, string> {
  const env: Record<string, string> = {
    DATA_DIR: options.dataDir,
    PORT: '0',
    LEXDESK_READY_JSON: '1',
    LEXDESK_EXIT_WITH_PARENT: '1',
  };
  if (options.demo) env.LEXDESK_DEMO = '1';
  if (options.migrationsDir) env.LEXDESK_MIGRATIONS_DIR = options.migrationsDir;
  if (options.electronAsNode) env.ELECTRON_RUN_AS_NODE = '1';
  return env;
}

const MAX_MESSAGE_LINES = 12;

/**
 * The child's last words: in ready-JSON mode its logs also go to stderr, so the message is the
 * last block of stderr, starting at the last line that is not indented (indented lines continue
 * it: a stack trace, a list of config problems).
 */
export function lastStderrMessage(stderr: string): string {
  const lines = stderr.split(/\r?\n/).filter((line) => line.trim().length > 0);
  let start = lines.length - 1;
  while (start > 0 && /^\s/.test(lines[start] ?? '')) start -= 1;
  return lines.slice(Math.max(start, 0), Math.max(start, 0) + MAX_MESSAGE_LINES).join('\n');
}

function explain(stderr: string, fallback: string): string {
  const text = lastStderrMessage(stderr);
  return text.length > 0 ? text : fallback;
}

function waitForExit(child: ChildProcess): Promise<ExitInfo> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) {
      resolve({ code: child.exitCode, signal: child.signalCode });
      return;
    }
    child.once('exit', (code, signal) => resolve({ code, signal }));
    // A child that never started has no exit event to wait for.
    child.once('error', () => resolve({ code: null, signal: null }));
  });
}

export function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const readyTimeoutMs = options.readyTimeoutMs ?? 120_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 10_000;
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
    windowsHide: true,
  });
  const exited = waitForExit(child);
  let stderr = '';
  let stopping: Promise<ExitInfo> | null = null;

  // The child's stdin stays open; closing it is how the child learns that we are gone.
  child.stdin?.on('error', () => undefined);
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_KEEP_CHARS);
  });
  if (child.stderr) {
    createInterface({ input: child.stderr }).on('line', (line) =>
      options.onOutput?.(line, 'stderr'),
    );
  }

  const stop = (): Promise<ExitInfo> => {
    if (stopping) return stopping;
    stopping = (async () => {
      if (child.exitCode !== null || child.signalCode !== null) return exited;
      child.stdin?.end();
      if (process.platform !== 'win32') child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), stopTimeoutMs);
      const info = await exited;
      clearTimeout(timer);
      return info;
    })();
    return stopping;
  };

  return new Promise<ServerProcess>((resolve, reject) => {
    let settled = false;
    const fail = (error: ServerStartError): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(error);
    };
    const timer = setTimeout(() => {
      void stop();
      fail(
        new ServerStartError(
          'READY_TIMEOUT',
          `The LexDesk server did not become ready within ${Math.round(readyTimeoutMs / 1000)} s.`,
          stderr,
        ),
      );
    }, readyTimeoutMs);

    child.once('error', (error) => {
      fail(
        new ServerStartError(
          'SPAWN_FAILED',
          `Could not start the LexDesk server: ${error.message}`,
          stderr,
        ),
      );
    });

    void exited.then((info) => {
      if (!settled) {
        // Let the stderr stream drain so the child's last words are part of the message.
        setImmediate(() =>
          fail(
            new ServerStartError(
              'EXITED_BEFORE_READY',
              explain(
                stderr,
                `The LexDesk server stopped during start-up (exit code ${String(info.code ?? info.signal)}).`,
              ),
              stderr,
            ),
          ),
        );
      } else if (!stopping) {
        options.onUnexpectedExit?.(info);
      }
    });

    if (!child.stdout) return;
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (!settled) {
        const ready = parseReadyLine(line);
        if (ready) {
          settled = true;
          clearTimeout(timer);
          resolve({ url: ready, pid: child.pid ?? -1, exited, stop });
          return;
        }
      }
      options.onOutput?.(line, 'stdout');
    });
  });
}

/** The server URL from a ready line, or null when the line is anything else. */
export function parseReadyLine(line: string): string | null {
  const trimmed = line.trim();
  if (!trimmed.startsWith('{')) return null;
  try {
    const parsed = ReadyLine.safeParse(JSON.parse(trimmed));
    return parsed.success ? parsed.data.url.replace(/\/+$/, '') : null;
  } catch {
    return null;
  }
}
