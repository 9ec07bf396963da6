/**
 * One raw file whose run is stuck or dead never stops the others (issue 13): a job a dead worker
 * left active does not block fetching, "Process again" on that file works and is processed, a
 * file a live run holds is refused and dropped while other companies' files go on, it is taken
 * back once that run's worker is gone, a file whose runs kept dying is given up, and a failing
 * fetch is logged and tried again.
 */
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawFile, type RawFileRow } from '../../src/server/db/schema';
import { createStorage } from '../../src/server/domains/files/s3/createStorage';
import { PIPELINE_QUEUE, PIPELINE_RETRY_LIMIT } from '../../src/server/domains/pipeline/constants';
import { startPipelineQueue, type PipelineQueue } from '../../src/server/domains/pipeline/queue';
import { markRawFile } from '../../src/server/domains/pipeline/rawFileState';
import { tryLockRun } from '../../src/server/domains/pipeline/runLock';
import { startLocalPipeline } from '../../src/server/domains/pipeline/startPipeline';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { registerOne, tusClient } from './fixtures/raw-files';
import { untilValue } from '../support/until';

let server: TestServer;
let workers: PipelineQueue | undefined;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Waits up to two minutes for `done(read())`, and returns that value. */
const until = <T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) =>
  untilValue(read, done, what, 120_000);

async function rowOf(id: string): Promise<RawFileRow> {
  const [row] = await server.db.select().from(rawFile).where(eq(rawFile.id, id));
  if (!row) throw new Error(`raw file ${id} is missing`);
  return row;
}

const settled = (id: string) =>
  until(
    () => rowOf(id),
    (row) => !['Uploaded', 'Processing'].includes(row.status),
    `raw file ${id} to be processed`,
  );

/** A small text bundle, different per call (the first line names it). */
async function bundle(label: string): Promise<Uint8Array> {
  const pages = BUNDLE_PAGES.slice(0, 4).map((lines) => [`${label} ${randomUUID()}`, ...lines]);
  return makeTextPdf(pages);
}

async function register(admin: TestUser, companyId: string, name: string, bytes: Uint8Array) {
  return registerOne(server, admin.token, companyId, { name, bytes });
}

async function send(admin: TestUser, id: string, name: string, bytes: Uint8Array) {
  const tus = tusClient(server, admin.token);
  const created = await tus.create(id, bytes.length, name);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
}

async function upload(admin: TestUser, companyId: string, name: string): Promise<string> {
  const bytes = await bundle(name);
  const file = await register(admin, companyId, name, bytes);
  await send(admin, file.id, name, bytes);
  return file.id;
}

const reprocess = (admin: TestUser, id: string) =>
  server.gql<{ reprocessRawFile: { status: string } }>(
    'mutation($id: ID!) { reprocessRawFile(id: $id) { status } }',
    { id },
    admin.token,
  );

/** As a run does when it starts: the file is Processing, attempt 1. */
async function markStarted(id: string) {
  await markRawFile(server.db, await rowOf(id), { status: 'Processing', attempt: 1 }, 'test');
}

beforeAll(async () => {
  // This server only queues, with pg-boss's expiry at its default (30 minutes): nothing in these
  // tests may wait for a job to expire. The workers are started by the tests.
  server = await startTestServer({ pipelineWorkers: 0 });
}, 120_000);
afterAll(async () => {
  await workers?.stop();
  await server.close();
});

function startWorkers(): Promise<PipelineQueue> {
  const { config } = server;
  return startLocalPipeline(
    {
      config: { ...config, databaseUrl: server.database.url },
      db: server.db,
      storage: createStorage(config),
      log: silent,
      timings: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5, recoverIntervalSeconds: 0.5 },
    },
    1,
  );
}

it('given a file whose job a dead worker left active, when processed again, then it and another company’s upload are processed', async () => {
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  const stuck = await upload(first.admin, first.company.id, 'stuck.pdf');

  // A worker takes the job, starts the run and dies: its job stays active for 30 minutes.
  const dead = new PgBoss({ connectionString: server.database.url, supervise: false });
  dead.on('error', () => undefined);
  await dead.start();
  const taken = await dead.fetch<{ rawFileId: string }>(PIPELINE_QUEUE);
  expect(taken?.[0]?.data.rawFileId).toBe(stuck);
  await markStarted(stuck);
  await dead.stop({ graceful: false, wait: true });

  const asked = await reprocess(first.admin, stuck);
  expect(asked.errors).toBeUndefined();
  expect(asked.data?.reprocessRawFile.status).toBe('Uploaded');
  const other = await upload(second.admin, second.company.id, 'other-firm.pdf');

  workers = await startWorkers();
  expect((await settled(other)).status).toBe('Processed');
  expect((await settled(stuck)).status).toBe('Processed');
  expect((await liveDocuments(server, stuck)).length).toBeGreaterThan(0);
}, 180_000);

it('given a file a live run holds, then Process again is refused, other companies go on, and the file is taken back when that run dies', async () => {
  workers ??= await startWorkers();
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  const bytes = await bundle('held.pdf');
  const held = await register(first.admin, first.company.id, 'held.pdf', bytes);
  // A run on another machine holds the file (and hangs there); its job arrives meanwhile.
  const lock = await tryLockRun(server.database.url, held.id);
  if (!lock) throw new Error('the run lock was taken');
  try {
    await send(first.admin, held.id, 'held.pdf', bytes);
    await markStarted(held.id);

    const asked = await reprocess(first.admin, held.id);
    expect(asked.errors?.[0]?.message).toBe(PRODUCT_ERRORS.REPROCESS_RUNNING);
    expect(asked.errors?.[0]?.extensions?.code).toBe('REPROCESS_RUNNING');

    // The only worker is not held up by the file: another company's upload is processed.
    const other = await upload(second.admin, second.company.id, 'busy-day.pdf');
    expect((await settled(other)).status).toBe('Processed');
    expect((await rowOf(held.id)).status).toBe('Processing');
  } finally {
    // The hanging run's worker dies: PostgreSQL frees its lock with its connection.
    await lock.release();
  }
  const taken = await settled(held.id);
  expect(taken.status).toBe('Processed');
  expect(taken.processing_attempts).toBe(2);
}, 180_000);

it('given a file whose runs kept stopping, then it is given up with the reason, not run again', async () => {
  workers ??= await startWorkers();
  const { admin, company } = await server.signUpCompany({ is_legal: true });
  const bytes = await bundle('doomed.pdf');
  const file = await register(admin, company.id, 'doomed.pdf', bytes);
  const lock = await tryLockRun(server.database.url, file.id);
  if (!lock) throw new Error('the run lock was taken');
  try {
    await send(admin, file.id, 'doomed.pdf', bytes);
    // Every allowed run started and its worker died (the last one holds the lock until now).
    await markRawFile(
      server.db,
      await rowOf(file.id),
      { status: 'Processing', attempt: PIPELINE_RETRY_LIMIT + 1 },
      'test',
    );
  } finally {
    await lock.release();
  }
  const given = await settled(file.id);
  expect(given.status).toBe('Uploading_Failed');
  expect(given.processing_error).toMatch(/stopped unexpectedly 4 times/);
  expect(await liveDocuments(server, file.id)).toEqual([]);
}, 120_000);

it('given fetching jobs fails, then the error is logged and fetching goes on once it works', async () => {
  await workers?.stop();
  workers = undefined;
  const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
  const record = (details: object, message: string) =>
    logged.push({ details: details as Record<string, unknown>, message });
  const ran: string[] = [];
  const queue = await startPipelineQueue({
    databaseUrl: server.database.url,
    db: server.db,
    workers: 1,
    expireInSeconds: 1800,
    pollingIntervalSeconds: 0.5,
    recoverIntervalSeconds: 60,
    log: { info: record, error: record },
    run: async (rawFileId) => {
      ran.push(rawFileId);
      return { status: 'skipped', reason: 'test' };
    },
  });
  try {
    // pg-boss's fetch orders by this column: without it, every fetch fails.
    await server.db.execute(sql`ALTER TABLE pgboss.job RENAME COLUMN priority TO priority_gone`);
    const failed = await until(
      async () => logged.find((e) => e.message === 'pipeline jobs cannot be fetched; trying again'),
      (found) => found !== undefined,
      'the fetch error to be logged',
    );
    expect(String(failed?.details.error)).toMatch(/priority/);
    await server.db.execute(sql`ALTER TABLE pgboss.job RENAME COLUMN priority_gone TO priority`);

    const id = randomUUID();
    await queue.enqueue(id);
    await until(
      async () => ran,
      (list) => list.includes(id),
      'a job to be fetched after the error',
    );
    expect(logged.map((e) => e.message)).toContain('pipeline jobs are fetched again');
  } finally {
    await queue.stop();
  }
}, 120_000);
