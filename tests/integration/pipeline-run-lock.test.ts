/**
 * The raw file's run lock (runLock.ts) against real PostgreSQL: one holder per file, files
 * independent, visible to other sessions, freed by release or by the holder's session ending, and
 * a run whose session ended cannot confirm it any more.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import {
  isRunLocked,
  lockRunIn,
  tryLockRun,
  unlockedRawFiles,
  type RunLock,
} from '../../src/server/domains/pipeline/runLock';
import { markRawFile } from '../../src/server/domains/pipeline/rawFileState';
import { startTestServer, type TestServer } from '../support/server';
import { seedRawFile } from './fixtures/documents';
import { until } from '../support/until';

let server: TestServer;
const held: RunLock[] = [];

async function lock(id: string): Promise<RunLock | undefined> {
  const taken = await tryLockRun(server.database.url, id);
  if (taken) held.push(taken);
  return taken;
}

beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  for (const taken of held) await taken.release();
  await server.close();
});

it('given a file locked by a run, then a second run and a requeue are refused, other files are not', async () => {
  const file = randomUUID();
  const other = randomUUID();
  const first = await lock(file);
  expect(first).toBeDefined();
  expect(await lock(file)).toBeUndefined();
  expect(await isRunLocked(server.db, file)).toBe(true);
  expect(await server.db.transaction((tx) => lockRunIn(tx, file))).toBe(false);

  expect(await isRunLocked(server.db, other)).toBe(false);
  expect(await lock(other)).toBeDefined();

  await first?.confirm();
  await first?.release();
  expect(await isRunLocked(server.db, file)).toBe(false);
  expect(await lock(file)).toBeDefined();
});

it('given a requeue holding the file in its transaction, then no run starts until it ends', async () => {
  const file = randomUUID();
  let during: RunLock | undefined;
  await server.db.transaction(async (tx) => {
    expect(await lockRunIn(tx, file)).toBe(true);
    during = await lock(file);
  });
  expect(during).toBeUndefined();
  expect(await lock(file)).toBeDefined();
});

it('given the run’s session ended (its worker died), then the file is free and the run cannot confirm', async () => {
  const file = randomUUID();
  const run = await lock(file);
  if (!run) throw new Error('not locked');
  const found = await server.db.execute<{ pid: number }>(sql`
    SELECT pid FROM pg_locks
    WHERE locktype = 'advisory' AND objsubid = 2 AND objid = hashtext(${file}::uuid::text)::oid`);
  const pid = found.rows[0]?.pid;
  expect(pid).toBeDefined();
  await server.db.execute(sql`SELECT pg_terminate_backend(${pid}::int)`);
  await until(async () => !(await isRunLocked(server.db, file)), 30_000, 'the lock to be freed');
  await expect(run.confirm()).rejects.toThrow();
  expect(await lock(file)).toBeDefined();
});

it('lists the Processing files no run holds, and only those', async () => {
  const { company } = await server.signUpCompany({ is_legal: true });
  const ids = [];
  for (let index = 0; index < 3; index += 1) ids.push(await seedRawFile(server, company.id));
  const [running, stopped, done] = ids as [string, string, string];
  for (const id of [running, stopped]) {
    const [row] = await server.db.select().from(rawFile).where(eq(rawFile.id, id));
    await markRawFile(server.db, row!, { status: 'Processing', attempt: 1 }, 'test');
  }
  expect(await lock(running)).toBeDefined();
  const unlocked = await unlockedRawFiles(server.db, 'Processing');
  expect(unlocked).toContain(stopped);
  expect(unlocked).not.toContain(running);
  expect(unlocked).not.toContain(done);
});
