import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';
import { isProcessAlive, waitForExit } from '../../src/server/db/process-utils';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/start-embedded.ts', import.meta.url));

let base: string;
let dataDir: string;
let child: ChildProcess | undefined;
let restarted: EmbeddedPostgres | undefined;

beforeEach(async () => {
  base = await mkdtemp(path.join(tmpdir(), 'lexdesk-crash-'));
  dataDir = path.join(base, 'data');
});
afterEach(async () => {
  if (child?.pid !== undefined && child.exitCode === null) {
    child.kill('SIGKILL');
    await waitForExit(child.pid, 5_000);
  }
  await restarted?.stop();
  restarted = undefined;
  // A test that failed midway may leave an orphaned postgres: a start recovers it, a stop ends it.
  if (existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))) {
    await (await startEmbeddedPostgres({ dataDir })).stop();
  }
  await rm(base, { recursive: true, force: true });
});

/** Starts the fixture app in its own Node process and waits for the URL it prints. */
async function startAppProcess(
  mode: 'stay' | 'exit' = 'stay',
): Promise<{ url: string; pid: number }> {
  // node --import tsx (not `npx tsx`, which adds a wrapper process) so the pid we kill is the app's.
  child = spawn(process.execPath, ['--import', 'tsx', fixture, dataDir, mode], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines = createInterface({ input: child.stdout! });
  const exited = new Promise<never>((_, reject) =>
    child?.once('exit', (code) => reject(new Error(`fixture exited (${code}): ${stderr}`))),
  );
  const firstLine = new Promise<string>((resolve) => lines.once('line', resolve));
  const line = await Promise.race([firstLine, exited]);
  return JSON.parse(line) as { url: string; pid: number };
}

async function sql(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as unknown[];
  } finally {
    await client.end();
  }
}

async function postmasterPid(): Promise<number> {
  return Number(
    (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0],
  );
}

/** As root, embedded PostgreSQL runs as the system user "postgres"; otherwise as ourselves. */
function postgresRunsAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const id = (flag: string) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function killApp(pid: number) {
  process.kill(pid, 'SIGKILL');
  expect(await waitForExit(pid, 10_000)).toBe(true);
}

describe('embedded PostgreSQL after a crash of the app', () => {
  it('given the app was killed with -9 while its postgres kept running, when started again, then it recovers with the data intact', async () => {
    const app = await startAppProcess();
    await sql(app.url, 'CREATE TABLE crash_kept (v int)');
    await sql(app.url, 'INSERT INTO crash_kept VALUES (42)');
    const orphan = await postmasterPid();

    await killApp(app.pid);
    expect(isProcessAlive(orphan)).toBe(true); // the orphan is still serving the cluster

    restarted = await startEmbeddedPostgres({ dataDir });
    expect(isProcessAlive(orphan)).toBe(false);
    expect(await sql(restarted.url, 'SELECT v FROM crash_kept')).toEqual([{ v: 42 }]);
    expect(await postmasterPid()).not.toBe(orphan);
    const lock = JSON.parse(await readFile(path.join(dataDir, 'lexdesk.lock'), 'utf8')) as {
      pid: number;
    };
    expect(lock.pid).toBe(process.pid);
  });

  it('given the app and its postgres were both killed with -9, when started again, then postgres recovers from its WAL', async () => {
    const app = await startAppProcess();
    await sql(app.url, 'CREATE TABLE crash_kept (v int)');
    await sql(app.url, 'INSERT INTO crash_kept VALUES (7)');
    const postmaster = await postmasterPid();

    await killApp(app.pid);
    process.kill(postmaster, 'SIGKILL');
    expect(await waitForExit(postmaster, 10_000)).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(true); // stale

    restarted = await startEmbeddedPostgres({ dataDir });
    expect(await sql(restarted.url, 'SELECT v FROM crash_kept')).toEqual([{ v: 7 }]);
  });

  it('given the app is running in another process, when started here on the same folder, then it is refused', async () => {
    const app = await startAppProcess();
    await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
      `already in use by another LexDesk process (pid ${app.pid})`,
    );
    // the running one still works
    expect(await sql(app.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    const postmaster = await postmasterPid();
    await killApp(app.pid);
    // clean up the orphan the kill leaves behind (the next start would otherwise do it)
    restarted = await startEmbeddedPostgres({ dataDir });
    expect(isProcessAlive(postmaster)).toBe(false);
  });

  it.runIf(process.platform === 'linux')(
    'given a stale postmaster.pid whose pid now belongs to another program, when started, then it starts',
    async () => {
      const first = await startEmbeddedPostgres({ dataDir });
      await first.stop();
      // Owned by the user postgres runs as, so that PostgreSQL's own check sees it as alive.
      const other = spawn('sleep', ['30'], { stdio: 'ignore', ...postgresRunsAs() });
      try {
        await writeFile(
          path.join(dataDir, 'pg', 'postmaster.pid'),
          `${other.pid}\n${path.join(dataDir, 'pg')}\n`,
        );
        restarted = await startEmbeddedPostgres({ dataDir });
        expect(await sql(restarted.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
        expect(other.exitCode).toBeNull(); // the unrelated program was left alone
      } finally {
        other.kill('SIGKILL');
      }
    },
  );

  it('given the app exits without stopping the database, then its postgres shuts down by itself', async () => {
    await startAppProcess('exit');
    const postmaster = await postmasterPid();
    expect(await waitForExit(postmaster, 15_000)).toBe(true);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false); // a clean shutdown
  });
});
