/**
 * A pipeline worker killed with SIGKILL in the middle of a job: another worker takes the file
 * back (no run holds it), and the raw file ends Processed with each document written once.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { makeImagePdf, makeTextPng } from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer } from '../support/server';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { registerOne, tusClient } from './fixtures/raw-files';
import { until } from '../support/until';

let server: TestServer;
const workers: ChildProcess[] = [];

function startWorker(): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: server.config.databaseUrl,
      DATA_DIR: server.config.dataDir,
      PIPELINE_WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.resume();
  child.stderr?.resume();
  workers.push(child);
  return child;
}

async function statusOf(id: string): Promise<{ status: string; attempts: number }> {
  const [row] = await server.db.select().from(rawFile).where(eq(rawFile.id, id));
  return { status: row?.status ?? 'missing', attempts: row?.processing_attempts ?? 0 };
}

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
  // Scanned pages: OCR makes the job last long enough to be killed in the middle of it.
  const pngs = [];
  for (const page of BUNDLE_PAGES) pngs.push(await makeTextPng(page));
  const bytes = await makeImagePdf(pngs);
  const file = await registerOne(server, admin.token, company.id, { name: 'scan.pdf', bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, 'scan.pdf');
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  await server.app.lexdesk.pipeline.enqueue(file.id);

  const first = startWorker();
  await until(async () => (await statusOf(file.id)).status === 'Processing', 60_000, 'Processing');
  first.kill('SIGKILL');
  await new Promise((resolve) => first.once('exit', resolve));

  startWorker();
  await until(
    async () => !['Uploaded', 'Processing'].includes((await statusOf(file.id)).status),
    120_000,
    'the retried run',
  );
  const after = await statusOf(file.id);
  expect(after.status).toBe('Processed');
  expect(after.attempts).toBeGreaterThanOrEqual(2);
  const documents = await liveDocuments(server, file.id);
  const ranges = documents.map((d) => `${d.start_page_no}-${d.end_page_no}`);
  expect(new Set(ranges).size).toBe(ranges.length);
  expect(documents.length).toBeGreaterThan(0);
}, 240_000);
