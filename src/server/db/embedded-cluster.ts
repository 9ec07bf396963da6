import { randomBytes } from 'node:crypto';
import { chmod, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  isProcessAlive,
  pidExists,
  processName,
  shutdownProcess,
  waitForReap,
} from './process-utils';

/** Files of the embedded cluster inside a LexDesk data folder. */
export function clusterPaths(dataDir: string) {
  const pgDir = path.join(dataDir, 'pg');
  return {
    pgDir,
    versionFile: path.join(pgDir, 'PG_VERSION'),
    postmasterPid: path.join(pgDir, 'postmaster.pid'),
    credentials: path.join(dataDir, 'credentials.json'),
  };
}

const credentialsSchema = z.object({ user: z.string().min(1), password: z.string().min(16) });
export type ClusterCredentials = z.infer<typeof credentialsSchema>;

/** A new superuser password for a fresh cluster, stored readable by the owner only. */
export async function createCredentials(file: string): Promise<ClusterCredentials> {
  const credentials = { user: 'postgres', password: randomBytes(24).toString('base64url') };
  await writeFile(file, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  await chmod(file, 0o600); // writeFile keeps the mode of an existing file
  return credentials;
}

export async function readCredentials(file: string, pgDir: string): Promise<ClusterCredentials> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new Error(
      `The embedded database in ${pgDir} exists but its password file ${file} is missing, ` +
        `so LexDesk cannot sign in to it. Restore the file from a backup, or move the folder away to start empty.`,
    );
  }
  const parsed = credentialsSchema.safeParse(JSON.parse(raw) as unknown);
  if (!parsed.success)
    throw new Error(`The password file ${file} is damaged (expected user and password).`);
  return parsed.data;
}

/**
 * As root, PostgreSQL runs as the system user `postgres`, which must be able to walk into
 * <dataDir>/pg. The data folder and any parent closed to other users (a 0700 home such as /root)
 * get the execute bit for others: traversal only, no listing, nothing readable is opened.
 */
export async function ensureTraversableForPostgresUser(
  dataDir: string,
  log: (line: string) => void,
  remedy = 'set DATA_DIR to a folder outside it',
): Promise<void> {
  for (let dir = dataDir; ; dir = path.dirname(dir)) {
    const info = await stat(dir);
    if ((info.mode & 0o001) === 0) {
      try {
        await chmod(dir, (info.mode & 0o7777) | 0o001);
      } catch (error) {
        throw new Error(
          `PostgreSQL runs as the system user "postgres" (it refuses to run as root), and that user ` +
            `cannot enter ${dir}. Run "chmod o+x ${dir}" or ${remedy}.`,
          { cause: error },
        );
      }
      if (dir !== dataDir)
        log(`Allowed the system user "postgres" to pass through ${dir} (chmod o+x)`);
    }
    if (dir === path.dirname(dir)) return;
  }
}

/** The postmaster pid and data directory recorded in postmaster.pid, if the file exists. */
export async function readPostmasterPid(
  file: string,
): Promise<{ pid: number; dataDir: string } | undefined> {
  const raw = await readFile(file, 'utf8').catch(() => undefined);
  if (raw === undefined) return undefined;
  const [pidLine, dirLine] = raw.split('\n');
  const pid = Number(pidLine?.trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, dataDir: dirLine?.trim() ?? '' };
}

/**
 * After a crash of the app (kill -9) its postgres keeps running on the cluster. Shut it down:
 * SIGINT (fast shutdown: rolls back open transactions, checkpoints), then SIGQUIT (immediate,
 * recovered by WAL replay at next start), then SIGKILL. Returns the pid stopped, if any.
 */
export async function stopOrphanedPostgres(
  pgDir: string,
  log: (line: string) => void,
): Promise<number | undefined> {
  const recorded = await readPostmasterPid(clusterPaths(path.dirname(pgDir)).postmasterPid);
  if (!recorded || !pidExists(recorded.pid)) return undefined; // no file, or a stale one: postgres copes
  if (!isProcessAlive(recorded.pid)) {
    // A killed postmaster not yet reaped: PostgreSQL would take the zombie for a live owner.
    await waitForReap(recorded.pid, 10_000);
    return undefined;
  }
  const name = processName(recorded.pid);
  if (name !== undefined && !name.startsWith('postgres')) {
    // The pid now belongs to another program (after a reboot, say): the file is stale, but
    // PostgreSQL would see a live owner and refuse to start. No postmaster owns it: remove it.
    log(`Removing a stale postmaster.pid of ${pgDir} (its pid ${recorded.pid} is now "${name}")`);
    await rm(clusterPaths(path.dirname(pgDir)).postmasterPid, { force: true });
    return undefined;
  }
  if (recorded.dataDir && path.resolve(recorded.dataDir) !== path.resolve(pgDir)) return undefined;
  log(
    `Stopping an orphaned PostgreSQL (pid ${recorded.pid}) left running on ${pgDir} by a crashed run`,
  );
  const endedBy = await shutdownProcess(recorded.pid, [
    { signal: 'SIGINT', waitMs: 15_000 },
    { signal: 'SIGQUIT', waitMs: 5_000 },
    { signal: 'SIGKILL', waitMs: 5_000 },
  ]);
  if (endedBy === undefined) {
    throw new Error(
      `An orphaned PostgreSQL (pid ${recorded.pid}) on ${pgDir} could not be stopped.`,
    );
  }
  if (endedBy !== 'SIGINT') await waitForReap(recorded.pid, 10_000); // its postmaster.pid stays behind
  return recorded.pid;
}
