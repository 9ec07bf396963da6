/**
 * A pipeline worker killed with SIGKILL in the middle of a job: another worker takes the file
 * back (no run holds it), and the raw file ends Processed with each document written once. The
 * run is held mid-way (fixtures/pipeline-runs.ts) until the worker is dead, so the kill always
 * lands inside the job, whatever the machine's speed.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer } from '../support/server';
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

beforeAll(async () => {
  // This server only queues; the workers are separate processes.
  server = await startTestServer(
    // pg-boss's job expiry stays at its 30 minutes: the next worker takes the file back because
    // the killed worker's run lock went with its connection, not because its job expired.
    { pipelineWorkers: 0 },
    { pipeline: { retryDelaySeconds: 1 } },
  );
}, 120_000);
afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  await server.close();
});

it('given a worker killed mid-job, then another worker retries it and writes each document once', async () => {
  const { company, admin } = await server.signUpCompany({ is_legal: true });
  const bytes = await makeTextPdf(BUNDLE_PAGES);
  const file = await registerOne(server, admin.token, company.id, { name: 'bundle.pdf', bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, 'bundle.pdf');
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);

  const hold = await holdRunsAtClassification(server);
  try {
    await server.app.lexdesk.pipeline.enqueue(file.id);
    const first = startWorker(server);
    workers.push(first.child);
    await until(() => hold.holding(), 120_000, 'the run to reach the hold');
    expect(await statusOf(server, file.id)).toEqual({ status: 'Processing', attempts: 1 });
    first.child.kill('SIGKILL');
    await first.exited;
  } finally {
    await hold.release();
  }

  workers.push(startWorker(server).child);
  await until(() => finished(server, file.id), 120_000, 'the retried run');
  const after = await statusOf(server, file.id);
  expect(after.status).toBe('Processed');
  expect(after.attempts).toBeGreaterThanOrEqual(2);
  const documents = await liveDocuments(server, file.id);
  const ranges = documents.map((d) => `${d.start_page_no}-${d.end_page_no}`);
  expect(new Set(ranges).size).toBe(ranges.length);
  expect(documents.length).toBeGreaterThan(0);
}, 240_000);
