/**
 * The server's document pipeline in its child process (the default outside tests): an upload is
 * processed by the child, not by the server's own event loop; a child killed mid-job is started
 * again and the file is taken back and run to the end, each document written once; closing the
 * server ends the child.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { rawFile } from '../../src/server/db/schema';
import { childSettingsJson } from '../../src/server/domains/pipeline/childSettings';
import {
  makeImagePdf,
  makeTextPdf,
  makeTextPng,
} from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { registerOne, tusClient } from './fixtures/raw-files';

let server: TestServer;
let companyId: string;
let admin: TestUser;
let closed = false;

/** Pids of this process's children running src/server/worker.ts (Linux /proc). */
function pipelineChildren(): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (parent === process.pid && command.includes('src/server/worker.ts'))
        found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const statusOf = async (id: string) => {
  const [row] = await server.db.select().from(rawFile).where(eq(rawFile.id, id));
  return { status: row?.status ?? 'missing', attempts: row?.processing_attempts ?? 0 };
};

async function upload(name: string, bytes: Uint8Array): Promise<string> {
  const file = await registerOne(server, admin.token, companyId, { name, bytes });
  const tus = tusClient(server, admin.token);
  const created = await tus.create(file.id, bytes.length, name);
  expect((await tus.patch(created.location, 0, bytes)).status).toBe(204);
  return file.id;
}

beforeAll(async () => {
  server = await startTestServer(
    // pg-boss's job expiry stays at its 30 minutes: a killed child's file is taken back by the
    // new child's recovery (the run lock went with the dead child), within its default 15 s.
    { pipelineWorkers: 1, pipelineProcess: 'child' },
    { pipeline: { retryDelaySeconds: 1, pollingIntervalSeconds: 0.5 } },
  );
  ({
    company: { id: companyId },
    admin,
  } = await server.signUpCompany({ is_legal: true }));
}, 120_000);
afterAll(async () => {
  if (!closed) await server.close();
});

it('given an upload, then the child process turns it into documents', async () => {
  const [child] = await until(pipelineChildren, (pids) => pids.length === 1, 'the child');
  const id = await upload('bundle.pdf', await makeTextPdf(BUNDLE_PAGES));
  const done = await until(
    () => statusOf(id),
    (s) => !['Uploaded', 'Processing'].includes(s.status),
    'processing',
  );
  expect(done.status).toBe('Processed');
  expect(pipelineChildren()).toEqual([child]);
}, 150_000);

it('given the child killed mid-job, then a new child retries the job and writes each document once', async () => {
  const pngs = [];
  for (const page of BUNDLE_PAGES) pngs.push(await makeTextPng(page));
  const id = await upload('scan.pdf', await makeImagePdf(pngs));
  await until(
    () => statusOf(id),
    (s) => s.status === 'Processing',
    'Processing',
  );
  const [first] = pipelineChildren();
  expect(first).toBeDefined();
  process.kill(first!, 'SIGKILL');

  const [second] = await until(
    pipelineChildren,
    (pids) => pids.length === 1 && pids[0] !== first,
    'a new child',
  );
  expect(second).not.toBe(first);
  const done = await until(
    () => statusOf(id),
    (s) => !['Uploaded', 'Processing'].includes(s.status),
    'the retried run',
  );
  expect(done.status).toBe('Processed');
  expect(done.attempts).toBeGreaterThanOrEqual(2);
  const documents = await liveDocuments(server, id);
  const ranges = documents.map((d) => `${d.start_page_no}-${d.end_page_no}`);
  expect(documents.length).toBeGreaterThan(0);
  expect(new Set(ranges).size).toBe(ranges.length);
}, 240_000);

it('given a pipeline child whose server is gone (its IPC channel closed), then it stops by itself', async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/worker.ts'], {
    env: {
      ...process.env,
      LEXDESK_PIPELINE_CHILD: childSettingsJson({
        config: { ...server.config, pipelineWorkers: 1 },
        queue: {},
      }),
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await until(
    () => output,
    (text) => text.includes('pipeline worker running') || child.exitCode !== null,
    'the child to start',
  );
  expect(output).toContain('LexDesk pipeline worker running 1 job(s) at once');
  child.disconnect();
  expect(await exited).toBe(0);
}, 60_000);

it('given the server closed, then its child is gone', async () => {
  const [child] = await until(pipelineChildren, (pids) => pids.length === 1, 'the child');
  closed = true;
  await server.close();
  expect(pipelineChildren()).toEqual([]);
  expect(() => process.kill(child!, 0)).toThrow();
}, 60_000);
