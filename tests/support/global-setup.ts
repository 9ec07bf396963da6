import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/server/db/embedded';

/**
 * One PostgreSQL server for the whole test run: the one named by DATABASE_URL when set (CI runs
 * the suite against the system PostgreSQL that way), otherwise one embedded server in a temp dir.
 * Test files create their own databases on it (tests/support/postgres.ts).
 */
export const ADMIN_URL_ENV = 'LEXDESK_TEST_ADMIN_URL';

declare module 'vitest' {
  export interface ProvidedContext {
    lexdeskTestAdminUrl: string;
  }
}

async function assertReachable(url: string, origin: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The test database server from ${origin} is not reachable: ${reason}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => undefined);
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let adminUrl: string;
  let embedded: EmbeddedPostgres | undefined;
  let tempDir: string | undefined;
  const external = process.env.DATABASE_URL;
  if (external) {
    adminUrl = external;
    await assertReachable(adminUrl, 'DATABASE_URL');
  } else {
    tempDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-test-pg-'));
    embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    const url = new URL(embedded.url);
    url.pathname = '/postgres';
    adminUrl = url.toString();
  }
  // Forked workers inherit the environment; `inject` is the vitest-native way for the same value.
  process.env[ADMIN_URL_ENV] = adminUrl;
  project.provide('lexdeskTestAdminUrl', adminUrl);

  return async () => {
    await embedded?.stop();
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  };
}
