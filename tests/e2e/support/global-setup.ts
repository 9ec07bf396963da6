/**
 * One PostgreSQL server for the whole end-to-end run, as the vitest database tiers have
 * (tests/support/global-setup.ts): the one at DATABASE_URL when set, otherwise one embedded server
 * in a temp dir. It migrates one template database once; every spec's host gets its own clone
 * (tests/e2e/support/database.ts), instead of initialising a cluster and migrating it per spec.
 * first-run-and-sign-in.spec.ts still lets its host start its own embedded cluster, the way
 * `npm start` does. Playwright's workers inherit the variables set here.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded';
import { runMigrations } from '../../../src/server/db/migrate';
import { E2E_ADMIN_URL_ENV, E2E_TEMPLATE_ENV } from './database';

async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export default async function globalSetup(): Promise<() => Promise<void>> {
  let adminUrl = process.env.DATABASE_URL;
  let stopServer = async (): Promise<void> => undefined;
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lexdesk-e2e-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir });
    const url = new URL(embedded.url);
    url.pathname = '/postgres';
    adminUrl = url.toString();
    stopServer = async () => {
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    };
  }
  const template = `lexdesk_e2e_tpl_${randomBytes(5).toString('hex')}`;
  const dropTemplate = () =>
    adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${template} WITH (FORCE)`).catch(() => undefined);
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${template}`);
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${template}`;
    await runMigrations(templateUrl.toString());
    // A clone fails while anything is connected to its template: refuse connections from now on.
    await adminQuery(adminUrl, `ALTER DATABASE ${template} ALLOW_CONNECTIONS false`);
  } catch (error) {
    await dropTemplate();
    await stopServer();
    throw error;
  }
  process.env[E2E_ADMIN_URL_ENV] = adminUrl;
  process.env[E2E_TEMPLATE_ENV] = template;
  return async () => {
    await dropTemplate();
    await stopServer();
  };
}
