import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate';

export interface TestDatabase {
  /** URL of a fresh, empty database reserved for the caller. */
  url: string;
  /** Ends every connection to it and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/** The admin URL set up by tests/support/global-setup.ts (or DATABASE_URL outside vitest). */
export function testAdminUrl(): string {
  const fromEnv = process.env.LEXDESK_TEST_ADMIN_URL;
  if (fromEnv) return fromEnv;
  let injected: string | undefined;
  try {
    injected = inject('lexdeskTestAdminUrl');
  } catch {
    injected = undefined; // not inside a vitest worker
  }
  const url = injected ?? process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'No test PostgreSQL: run the tests through vitest (its global setup starts one) or set DATABASE_URL.',
    );
  }
  return url;
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates a uniquely named database (lexdesk_t_<random>) on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = testAdminUrl();
  const name = `lexdesk_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`),
  );
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, async (client) => {
        await client.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      });
    },
  };
}

/** A fresh database with the app's migrations applied (src/server/db/migrations). */
export async function migratedTestDatabase(opts?: {
  migrationsFolder?: string;
}): Promise<TestDatabase> {
  const db = await createTestDatabase();
  try {
    await runMigrations(db.url, opts);
  } catch (error) {
    await db.drop();
    throw error;
  }
  return db;
}
