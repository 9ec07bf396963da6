/**
 * The agent against the real LexDesk server (embedded PostgreSQL, tests/support/server.ts) when
 * its session ends: with a password it signs in again and the upload goes through; with a fixed
 * token it says so and keeps the job queued.
 */
import { rm } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_PASSWORD, type TestServer } from '../../tests/support/server';
import { until } from '../../tests/support/until';
import type { AgentArgs } from './agent/args';
import { runAgent } from './agent';
import { UploadError } from './services/uploader/errors';
import { readRawFileStatus } from './services/uploader/serverApi';
import type { UploadService } from './services/uploader/uploadService';
import { pdfFile, tempDir } from './services/uploader/uploaderTestSupport';

let server: TestServer;
let companyId: string;
let email: string;
let userId: string;
const dirs: string[] = [];

beforeAll(async () => {
  server = await startTestServer();
  const { company, admin } = await server.signUpCompany({ is_legal: true });
  companyId = company.id;
  email = admin.user.email;
  userId = admin.user.id;
});
afterAll(async () => {
  await server.close();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

/** Ends every session of the user, as an expiry or a revocation would (main code may not import
 * the server's schema, so plain SQL). */
const revokeSessions = () =>
  server.db.execute(sql`UPDATE session SET revoked_at = now() WHERE user_id = ${userId}`);

async function rawFileRow(id: string): Promise<unknown> {
  const result = await server.db.execute(sql`SELECT name, status FROM raw_file WHERE id = ${id}`);
  return result.rows[0];
}

async function start(auth: AgentArgs['auth']) {
  const watch = await tempDir();
  const data = await tempDir();
  dirs.push(watch, data);
  const printed: string[] = [];
  const reported: string[] = [];
  const agent: UploadService = await runAgent(
    {
      watch: [watch],
      serverUrl: server.url,
      companyId,
      auth,
      afterUpload: 'keep',
      dataDir: data,
      poll: false,
      quietMs: 100,
      help: false,
    },
    {
      print: (line) => void printed.push(line),
      report: (line) => void reported.push(line),
      signInRetryMs: 100,
    },
  );
  return { watch, agent, printed, reported };
}

const uploadedId = (lines: string[], name: string): string | undefined =>
  lines.find((line) => line.startsWith(`uploaded ${name} `))?.split('raw_file=')[1];

describe('agent session renewal (real server)', () => {
  it(
    'given email and password, when the session is revoked mid-run, then the agent signs in again and the next file is uploaded',
    { timeout: 60_000 },
    async () => {
      const { watch, agent, printed, reported } = await start({
        kind: 'password',
        email,
        password: TEST_PASSWORD,
      });
      try {
        await pdfFile(watch, 'before.pdf');
        await until(() => uploadedId(printed, 'before.pdf') !== undefined, 20_000, 'first upload');
        await revokeSessions();

        await pdfFile(watch, 'after.pdf');
        await until(
          () => uploadedId(printed, 'after.pdf') !== undefined,
          20_000,
          'upload after renewal',
        );
        expect(reported.some((line) => /refused the agent's session/.test(line))).toBe(true);
        expect(reported.some((line) => /Signed in again as/.test(line))).toBe(true);
        expect(printed.filter((line) => line.startsWith('failed '))).toEqual([]);
        const row = await rawFileRow(uploadedId(printed, 'after.pdf') ?? '');
        expect(row).toMatchObject({ name: 'after.pdf', status: 'Uploaded' });
        // The 401 cost the job no attempt: it was released, not failed.
        const job = agent.queue.list().jobs.find((entry) => entry.fileName === 'after.pdf');
        expect(job).toMatchObject({ state: 'done', attempts: 1, lastErrorCode: null });
      } finally {
        await agent.close();
      }
    },
  );

  it(
    'given a fixed token, when the server refuses it, then the agent says so and the file stays queued, nothing failed',
    { timeout: 60_000 },
    async () => {
      const token = await server.signIn(email);
      const { watch, agent, printed, reported } = await start({
        kind: 'token',
        token,
        variable: 'LEXDESK_TOKEN',
      });
      try {
        await revokeSessions();
        await pdfFile(watch, 'stuck.pdf');
        await until(
          () => reported.some((line) => /refused the session token from LEXDESK_TOKEN/.test(line)),
          20_000,
          'the refusal message',
        );
        // Give the workers several idle rounds: they must not claim, fail or drop the job.
        await new Promise((resolve) => setTimeout(resolve, 2_500));
        const jobs = agent.queue.list().jobs;
        expect(jobs).toHaveLength(1);
        expect(jobs[0]).toMatchObject({
          fileName: 'stuck.pdf',
          state: 'queued',
          attempts: 0,
          lastErrorCode: null,
        });
        expect(printed.filter((line) => /^(uploaded|failed) /.test(line))).toEqual([]);
        expect(reported.filter((line) => /refused the session token/.test(line))).toHaveLength(1);
      } finally {
        await agent.close();
      }
    },
  );

  it('given a revoked token, when the uploader asks GraphQL (which answers in the body), then it is the same transient 401 as over REST', async () => {
    const token = await server.signIn(email);
    await revokeSessions();
    const error = await readRawFileStatus(
      { serverUrl: server.url, token },
      '00000000-0000-4000-8000-000000000000',
      { timeoutMs: 10_000 },
    ).catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ kind: 'transient', code: 'UNAUTHENTICATED', status: 401 });
  });
});
