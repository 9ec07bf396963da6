/**
 * The server's document pipeline in its child process (the default outside tests): an upload is
 * processed by the child, not by the server's own event loop; a child killed mid-job is started
 * again and the file is taken back and run to the end, each document written once; closing the
 * server ends the child.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { childSettingsJson } from '../../src/server/domains/pipeline/childSettings';
import { makeTextPdf } from '../../src/server/pipeline/pages/testing/fixtures';
import { startTestServer, type TestServer, type TestUser } from '../support/server';
import { untilValue } from '../support/until';
import { BUNDLE_PAGES } from './fixtures/bundle';
import { liveDocuments } from './fixtures/documents';
import { holdRunsAtClassification, statusOf } from './fixtures/pipeline-runs';
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

/** Waits up to two minutes for `done(read())`, and returns that value. */
const until = <T>(read: () => Promise<T> | T, done: (value: T) => boolean, what: string) =>
  untilValue(read, done, what, 120_000);

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
    () => statusOf(server, id),
    (s) => !['Uploaded', 'Processing'].includes(s.status),
    'processing',
  );
  expect(done.status).toBe('Processed');
  expect(pipelineChildren()).toEqual([child]);
}, 150_000);

it('given the child killed mid-job, then a new child retries the job and writes each document once', async () => {
  // Bytes of their own (the first test uploaded the plain bundle): a duplicate is not processed.
  const pages = BUNDLE_PAGES.map((lines, index) => (index === 0 ? ['Retried', ...lines] : lines));
  // The run is held mid-way until its child is dead: the kill always lands inside it.
  const hold = await holdRunsAtClassification(server);
  let first: number | undefined;
  let id: string;
  try {
    id = await upload('retried.pdf', await makeTextPdf(pages));
    await until(
      () => hold.holding(),
      (held) => held,
      'the run to reach the hold',
    );
    expect(await statusOf(server, id)).toEqual({ status: 'Processing', attempts: 1 });
    [first] = pipelineChildren();
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');
    await until(pipelineChildren, (pids) => !pids.includes(first!), 'the child to die');
  } finally {
    await hold.release();
  }

  const [second] = await until(
    pipelineChildren,
    (pids) => pids.length === 1 && pids[0] !== first,
    'a new child',
  );
  expect(second).not.toBe(first);
  const done = await until(
    () => statusOf(server, id),
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
