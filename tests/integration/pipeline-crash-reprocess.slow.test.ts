/**
 * Issue 13's crash: a worker killed with SIGKILL in the middle of a run (held there by
 * fixtures/pipeline-runs.ts until it is dead), then "Process again" on the stuck file. Before the
 * fix, the new job and the dead one (active for 30 minutes) collided on pg-boss's unique index
 * and no job of any company was fetched. Now: asking while the run is alive
 * is refused; once its worker is dead the file may be asked again, and both it and another
 * company's upload are processed by the next worker, without waiting for the dead job to expire.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { isRunLocked } from '../../src/server/domains/pipeline/runLock';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { until } from '../support/until';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import {
  finished,
  holdRunsAtClassification,
  startWorker,
  statusOf,
} from './fixtures/pipeline-runs';
import { registerOne, tusClient } from './fixtures/raw-files';

let server: TestServer;
const workers: ChildProcess[] = [];

async function upload(admin: TestUser, companyId: string, name: string, bytes: Uint8Array) {
  const file = await registerOne(server, admin.token, companyId, { name, bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, name);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  return file.id;
}

const reprocess = (admin: TestUser, id: string) =>
  server.gql<{ reprocessRawFile: { status: string } }>(
    'mutation($id: ID!) { reprocessRawFile(id: $id) { status } }',
    { id },
    admin.token,
  );

beforeAll(async () => {
  // This server only queues; the workers are separate processes.
  server = await startTestServer({ pipelineWorkers: 0 });
}, 120_000);
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await server.close();
});

it('given a worker killed mid-run, when the file is processed again, then it and another company’s upload are processed', async () => {
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  const bundle = await upload(
    first.admin,
    first.company.id,
    'bundle.pdf',
    await makeTextPdf(BUNDLE_PAGES),
  );

  // The run is held mid-way until its worker is dead: the kill always lands inside it.
  const hold = await holdRunsAtClassification(server);
  try {
    const doomed = startWorker(server);
    workers.push(doomed.child);
    await until(() => hold.holding(), 120_000, 'the run to reach the hold');
    expect((await statusOf(server, bundle)).status).toBe('Processing');
    const whileRunning = await reprocess(first.admin, bundle);
    expect(whileRunning.errors?.[0]?.message).toBe(PRODUCT_ERRORS.REPROCESS_RUNNING);

    doomed.child.kill('SIGKILL');
    await doomed.exited;
  } finally {
    await hold.release();
  }
  // PostgreSQL ends the dead worker's session (and its run lock) once it sees the socket close.
  await until(async () => !(await isRunLocked(server.db, bundle)), 30_000, 'the run lock to go');
  const afterCrash = await reprocess(first.admin, bundle);
  expect(afterCrash.errors).toBeUndefined();
  expect(afterCrash.data?.reprocessRawFile.status).toBe('Uploaded');
  const other = await upload(
    second.admin,
    second.company.id,
    'other-firm.pdf',
    await makeTextPdf(BUNDLE_PAGES.slice(0, 3)),
  );

  const next = startWorker(server);
  workers.push(next.child);
  await until(() => finished(server, other), 180_000, 'the other company’s upload');
  await until(() => finished(server, bundle), 180_000, 'the reprocessed bundle');
  expect((await statusOf(server, other)).status).toBe('Processed');
  expect((await statusOf(server, bundle)).status).toBe('Processed');
  const ranges = (await liveDocuments(server, bundle)).map(
    (d) => `${d.start_page_no}-${d.end_page_no}`,
  );
  expect(ranges.length).toBeGreaterThan(0);
  expect(new Set(ranges).size).toBe(ranges.length);
  expect(next.output()).not.toMatch(/duplicate key/);
}, 420_000);
