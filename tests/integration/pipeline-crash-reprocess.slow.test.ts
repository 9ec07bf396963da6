/**
 * Issue 13's crash: a worker killed with SIGKILL in the middle of OCR, then "Process again" on the
 * stuck file. Before the fix, the new job and the dead one (active for 30 minutes) collided on
 * pg-boss's unique index and no job of any company was fetched. Now: asking while the run is alive
 * is refused; once its worker is dead the file may be asked again, and both it and another
 * company's upload are processed by the next worker, without waiting for the dead job to expire.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { isRunLocked } from '../../src/server/domains/pipeline/runLock';
import {
  makeImagePdf,
  makeTextPdf,
  makeTextPng,
} from '../../src/server/pipeline/pages/testing/fixtures';
import { PRODUCT_ERRORS } from '../../src/shared/errors';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { registerOne, tusClient } from './fixtures/raw-files';
import { until } from '../support/until';

let server: TestServer;
const workers: ChildProcess[] = [];

/** `npm run worker` against the test server, pg-boss's job expiry left at its 30 minutes. */
function startWorker(): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: server.config.databaseUrl,
      DATA_DIR: server.config.dataDir,
      PIPELINE_WORKERS: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  workers.push(child);
  return { child, output: () => output };
}

async function statusOf(id: string): Promise<{ status: string; attempts: number }> {
  const [row] = await server.db.select().from(rawFile).where(eq(rawFile.id, id));
  return { status: row?.status ?? 'missing', attempts: row?.processing_attempts ?? 0 };
}

const finished = async (id: string) =>
  !['Uploaded', 'Processing'].includes((await statusOf(id)).status);

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

it('given a worker killed during OCR, when the file is processed again, then it and another company’s upload are processed', async () => {
  const first = await server.signUpCompany({ is_legal: true });
  const second = await server.signUpCompany({ is_legal: true });
  // Scanned pages: OCR makes the run last long enough to be killed in the middle of it.
  const pngs = [];
  for (const page of BUNDLE_PAGES) pngs.push(await makeTextPng(page));
  const scan = await upload(first.admin, first.company.id, 'scan.pdf', await makeImagePdf(pngs));

  const doomed = startWorker();
  await until(async () => (await statusOf(scan)).status === 'Processing', 60_000, 'Processing');
  const whileRunning = await reprocess(first.admin, scan);
  expect(whileRunning.errors?.[0]?.message).toBe(PRODUCT_ERRORS.REPROCESS_RUNNING);

  doomed.child.kill('SIGKILL');
  await new Promise((resolve) => doomed.child.once('exit', resolve));
  // PostgreSQL ends the dead worker's session (and its run lock) once it sees the socket close.
  await until(async () => !(await isRunLocked(server.db, scan)), 30_000, 'the run lock to go');
  const afterCrash = await reprocess(first.admin, scan);
  expect(afterCrash.errors).toBeUndefined();
  expect(afterCrash.data?.reprocessRawFile.status).toBe('Uploaded');
  const other = await upload(
    second.admin,
    second.company.id,
    'other-firm.pdf',
    await makeTextPdf(BUNDLE_PAGES.slice(0, 3)),
  );

  const next = startWorker();
  await until(() => finished(other), 180_000, 'the other company’s upload');
  await until(() => finished(scan), 180_000, 'the reprocessed scan');
  expect((await statusOf(other)).status).toBe('Processed');
  expect((await statusOf(scan)).status).toBe('Processed');
  const ranges = (await liveDocuments(server, scan)).map(
    (d) => `${d.start_page_no}-${d.end_page_no}`,
  );
  expect(ranges.length).toBeGreaterThan(0);
  expect(new Set(ranges).size).toBe(ranges.length);
  expect(next.output()).not.toMatch(/duplicate key/);
}, 420_000);
