/**
 * A spec's own database on the end-to-end run's PostgreSQL (tests/e2e/support/global-setup.ts):
 * a clone of the run's migrated template, so the server that opens it finds nothing to migrate.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The admin URL (database `postgres`) of the run's server. */
export const E2E_ADMIN_URL_ENV = 'LEXDESK_E2E_ADMIN_URL';
/** The migrated template every spec's database is cloned from. */
export const E2E_TEMPLATE_ENV = 'LEXDESK_E2E_TEMPLATE';

export interface SpecDatabase {
  url: string;
  drop(): Promise<void>;
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

/** A new database for one spec (`label` goes into its name), cloned from the run's template. */
export async function specDatabase(label = 'spec'): Promise<SpecDatabase> {
  const adminUrl = process.env[E2E_ADMIN_URL_ENV];
  const template = process.env[E2E_TEMPLATE_ENV];
  if (!adminUrl || !template) {
    throw new Error(
      'No end-to-end PostgreSQL: run the specs through Playwright (playwright.config.ts names the global setup that starts it).',
    );
  }
  const name = `lexdesk_e2e_${label.replace(/\W/g, '_')}_${randomBytes(5).toString('hex')}`;
  await withAdmin(adminUrl, (c) => c.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped = false;
  return {
    url: url.toString(),
    async drop() {
      if (dropped) return;
      dropped = true;
      await withAdmin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}
