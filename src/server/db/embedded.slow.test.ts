import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';
import { isProcessAlive } from './process-utils';

async function query<T extends pg.QueryResultRow>(
  url: string,
  sql: string,
  params: unknown[] = [],
) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, params)).rows;
  } finally {
    await client.end();
  }
}

async function postmasterPid(dataDir: string): Promise<number> {
  const raw = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  return Number(raw.split('\n')[0]);
}

describe('embedded PostgreSQL', () => {
  let dataDir: string;
  let first: EmbeddedPostgres | undefined;

  beforeAll(async () => {
    const base = await mkdtemp(path.join(tmpdir(), 'lexdesk-embedded-'));
    dataDir = path.join(base, 'data');
  });
  afterAll(async () => {
    await first?.stop();
    await rm(path.dirname(dataDir), { recursive: true, force: true });
  });

  it('given an empty folder, when started, then it initialises a cluster and serves the lexdesk database', async () => {
    const logLines: string[] = [];
    first = await startEmbeddedPostgres({ dataDir, onLog: (line) => logLines.push(line) });
    expect(existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(logLines.some((line) => line.includes('ready to accept connections'))).toBe(true);
    expect(first.port).not.toBe(5432);
    expect(first.dataDir).toBe(dataDir);
    const url = new URL(first.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(url.pathname).toBe('/lexdesk');
    const [row] = await query<{ db: string; listen: string; enc: string }>(
      first.url,
      "SELECT current_database() AS db, current_setting('listen_addresses') AS listen, pg_encoding_to_char(encoding) AS enc FROM pg_database WHERE datname = current_database()",
    );
    expect(row).toEqual({ db: 'lexdesk', listen: '127.0.0.1', enc: 'UTF8' });
    await query(first.url, 'CREATE TABLE kept (v text)');
    await query(first.url, "INSERT INTO kept VALUES ('survives restarts')");
  });

  it('given a running cluster, then its generated password is kept owner-only and required', async () => {
    const file = path.join(dataDir, 'credentials.json');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(await readFile(file, 'utf8')) as { user: string; password: string };
    expect(decodeURIComponent(new URL(first?.url ?? '').password)).toBe(saved.password);
    const noPassword = new URL(first?.url ?? '');
    noPassword.password = 'wrong-password';
    await expect(query(noPassword.toString(), 'SELECT 1')).rejects.toThrow(
      /password authentication failed/,
    );
  });

  it('given a running cluster, when started again on the same folder, then DataDirInUseError names the folder', async () => {
    const second = startEmbeddedPostgres({ dataDir });
    await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(second).rejects.toThrow(dataDir);
    // the first one is unharmed
    expect(await query(first?.url ?? '', 'SELECT count(*)::int AS n FROM kept')).toEqual([
      { n: 1 },
    ]);
  });

  it('given a running cluster, when stopped twice, then postgres has exited and the lock is released', async () => {
    const pid = await postmasterPid(dataDir);
    const running = first;
    first = undefined;
    await Promise.all([running?.stop(), running?.stop()]);
    await running?.stop();
    expect(isProcessAlive(pid)).toBe(false);
    expect(existsSync(path.join(dataDir, 'lexdesk.lock'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  });

  it('given a stopped cluster, when started again, then the data is still there', async () => {
    const password = JSON.parse(
      await readFile(path.join(dataDir, 'credentials.json'), 'utf8'),
    ) as unknown;
    first = await startEmbeddedPostgres({ dataDir });
    expect(await query(first.url, 'SELECT v FROM kept')).toEqual([{ v: 'survives restarts' }]);
    expect(JSON.parse(await readFile(path.join(dataDir, 'credentials.json'), 'utf8'))).toEqual(
      password,
    );
  });

  it('given an initialised cluster whose password file is gone, when started, then the error says so', async () => {
    await first?.stop();
    first = undefined;
    const file = path.join(dataDir, 'credentials.json');
    const saved = await readFile(file, 'utf8');
    await rm(file);
    try {
      await expect(startEmbeddedPostgres({ dataDir })).rejects.toThrow(
        /password file .* is missing/,
      );
      expect(existsSync(path.join(dataDir, 'lexdesk.lock'))).toBe(false);
    } finally {
      await writeFile(file, saved, { mode: 0o600 });
    }
  });

  it.runIf(process.getuid?.() === 0)(
    'given root and a parent folder closed to other users, when started, then the folder is opened for traversal only',
    async () => {
      const closed = path.join(path.dirname(dataDir), 'closed');
      await mkdir(closed, { mode: 0o700 });
      const lines: string[] = [];
      const other = await startEmbeddedPostgres({
        dataDir: path.join(closed, 'data'),
        onLog: (l) => lines.push(l),
      });
      try {
        expect((await stat(closed)).mode & 0o777).toBe(0o701);
        expect(lines).toContain(
          `Allowed the system user "postgres" to pass through ${closed} (chmod o+x)`,
        );
        expect(await query(other.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
      } finally {
        await other.stop();
      }
    },
  );
});
