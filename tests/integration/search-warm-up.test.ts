/**
 * The search warm-up at start (app.ts, db/connection.ts warmReads, document-center/searchWarmUp.ts)
 * against real PostgreSQL: it warms distinct read connections that the pool then keeps, it runs on
 * a database without documents, a failure never stops the start, and searches answer the same
 * with and without it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { ConfigSchema } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/connection';
import { warmUpSearch } from '../../src/server/domains/document-center/searchWarmUp';
import { migratedTestDatabase, type TestDatabase } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { seedDocuments } from './fixtures/documents';

async function backendPid(db: Pick<Database, 'execute'>): Promise<number> {
  const result = await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
  return Number(result.rows[0]?.pid);
}

let database: TestDatabase;
beforeAll(async () => {
  database = await migratedTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

describe('DatabaseHandle.warmReads', () => {
  it('given a database without documents, then the search warm-up runs on each of two connections, with the read timeout, and the next reads get those two connections', async () => {
    const handle = openDatabase(database.url, {
      max: 4,
      readTimeoutMs: 2000,
      keepReadConnections: 2,
    });
    try {
      const warmed: number[] = [];
      const timeouts: string[] = [];
      await handle.warmReads(2, async (db) => {
        await warmUpSearch(db);
        warmed.push(await backendPid(db));
        const shown = await db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
        timeouts.push(shown.rows[0]?.statement_timeout ?? '');
      });
      expect(new Set(warmed).size).toBe(2);
      expect(timeouts).toEqual(['2s', '2s']);
      // Two reads side by side get exactly the two warmed connections back.
      const reads = await handle.readScope(() =>
        Promise.all([backendPid(handle.db), backendPid(handle.db)]),
      );
      expect(new Set(reads)).toEqual(new Set(warmed));
    } finally {
      await handle.close();
    }
  });

  it('given work that fails, then warmReads rejects and closes that connection instead of keeping it', async () => {
    const handle = openDatabase(database.url, {
      max: 2,
      readTimeoutMs: 2000,
      keepReadConnections: 1,
    });
    try {
      let failedOn = 0;
      const failure = await handle
        .warmReads(1, async (db) => {
          failedOn = await backendPid(db);
          throw new Error('warm-up broke');
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(failure).toBeInstanceOf(Error);
      expect((failure as Error).message).toBe('warm-up broke');
      const next = await handle.readScope(() => backendPid(handle.db));
      expect(next).not.toBe(failedOn);
    } finally {
      await handle.close();
    }
  });
});

describe('the server start with the search warm-up', () => {
  it('given a database whose documents table cannot be read, then the warm-up failure is logged and the server still starts and answers', async () => {
    const broken = await migratedTestDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-warm-up-test-'));
    const handle = openDatabase(broken.url, { max: 1 });
    await handle.db.execute(
      sql`alter table legal_processed_file rename to legal_processed_file_gone`,
    );
    await handle.close();
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const config = ConfigSchema.parse({
      port: 0,
      dataDir,
      databaseUrl: broken.url,
      logLevel: 'warn',
      pipelineWorkers: 0,
      pipelineProcess: 'inline',
      workflowWorkers: 0,
    });
    const app = await buildApp(config, { logStream });
    try {
      expect(lines.join('')).toContain('the search warm-up failed; searches start cold');
      const health = await app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      await app.close();
      await broken.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('searches with and without the warm-up', () => {
  let warm: TestServer;
  let cold: TestServer;
  let companyId: string;
  let token: string;

  beforeAll(async () => {
    warm = await startTestServer();
    const signed = await warm.signUpCompany({ name: 'Warm Search LLP', is_legal: true });
    companyId = signed.company.id;
    token = signed.admin.token;
    const base = Date.parse('2026-06-01T00:00:00Z');
    await seedDocuments(
      warm,
      companyId,
      [
        'qualified medical evaluator report for Thompson',
        'medical report of the applicant, lumbar spine',
        'evaluator qualified, medical records',
        'lumbar spine only',
      ].map((content, i) => ({
        name: `doc ${i}`,
        content,
        created_at: new Date(base - i * 60_000),
      })),
    );
    // A second server on the same database, started without the warm-up.
    cold = await startTestServer({ databaseUrl: warm.config.databaseUrl }, { searchWarmUp: false });
  });
  afterAll(async () => {
    await cold?.close();
    await warm?.close();
  });

  it('given the same content searches, then both servers answer the same pages', async () => {
    const query = `query($c: ID!, $f: ProcessedFileFilters, $sort: String) {
      processedFiles(company_id: $c, filters: $f, sort_by: $sort, page_size: 10) {
        total total_capped items { id name snippet } } }`;
    for (const search of ['"qualified medical evaluator"', 'lumbar', 'medical -lumbar', 'the']) {
      for (const sort of ['rank', 'created_at']) {
        const variables = { c: companyId, f: { search, include_content_search: true }, sort };
        const fromWarm = await warm.gql(query, variables, token);
        const fromCold = await cold.gql(query, variables, token);
        expect(fromWarm.errors).toBeUndefined();
        expect(fromWarm).toEqual(fromCold);
      }
    }
    const lumbar = await warm.gql<{ processedFiles: { total: number } }>(
      query,
      { c: companyId, f: { search: 'lumbar', include_content_search: true }, sort: 'rank' },
      token,
    );
    expect(lumbar.data?.processedFiles.total).toBe(2);
  });
});
