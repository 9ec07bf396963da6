import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { runMigrations } from '../../src/server/db/migrate';
import { ADMIN_URL_ENV, TEMPLATE_ENV } from './database-env';

export interface TestDatabase {
  /** URL of a fresh, empty database reserved for the caller. */
  url: string;
  /** Ends every connection to it and drops it. Safe to call twice. */
  drop(): Promise<void>;
}

/** The admin URL set up by tests/support/global-setup.ts (or DATABASE_URL outside vitest). */
export function testAdminUrl(): string {
  const fromEnv = process.env[ADMIN_URL_ENV];
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

/**
 * The migrated template of this run (tests/support/global-setup.ts), or undefined outside vitest
 * (the fuzz CLI), where databases are migrated one by one.
 */
function testTemplate(): string | undefined {
  const fromEnv = process.env[TEMPLATE_ENV];
  if (fromEnv) return fromEnv;
  try {
    return inject('lexdeskTestTemplate');
  } catch {
    return undefined; // not inside a vitest worker
  }
}

/**
 * Creates a uniquely named database (lexdesk_t_<random>) on the test server: empty, or a copy of
 * `template` (which nothing may be connected to while it is copied).
 */
export async function createTestDatabase(template?: string): Promise<TestDatabase> {
  const adminUrl = testAdminUrl();
  const name = `lexdesk_t_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) =>
    client.query(
      template
        ? `CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(template)}`
        : `CREATE DATABASE ${client.escapeIdentifier(name)}`,
    ),
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

/**
 * A fresh database with the app's migrations applied (src/server/db/migrations): a clone of the
 * run's migrated template, or migrated here when given another `migrationsFolder` or when there is
 * no template (outside vitest).
 */
export async function migratedTestDatabase(opts?: {
  migrationsFolder?: string;
}): Promise<TestDatabase> {
  const template = opts?.migrationsFolder ? undefined : testTemplate();
  if (template) return createTestDatabase(template);
  const db = await createTestDatabase();
  try {
    await runMigrations(db.url, opts);
  } catch (error) {
    await db.drop();
    throw error;
  }
  return db;
}
