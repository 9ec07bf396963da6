import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/server/db/embedded';
import { runMigrations } from '../../src/server/db/migrate';
import { ADMIN_URL_ENV, TEMPLATE_ENV } from './database-env';

/**
 * One PostgreSQL server for the whole test run: the one named by DATABASE_URL when set (CI runs
 * the database tiers against the system PostgreSQL that way), otherwise one embedded server in a
 * temp dir. Only the projects that need a database (integration, slow) list this file.
 *
 * It migrates one template database once; tests/support/postgres.ts clones it for each test file
 * (`CREATE DATABASE … TEMPLATE`), which is much cheaper than migrating every database. The
 * template's name is unique to the run, so runs sharing a server at DATABASE_URL never clone each
 * other's, and it is dropped at teardown.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    lexdeskTestAdminUrl: string;
    lexdeskTestTemplate: string;
  }
}

interface SharedServer {
  adminUrl: string;
  template: string;
  /** Projects of this run that set it up and have not torn it down yet. */
  users: number;
  stop(): Promise<void>;
}

// Each project loads its global setup separately (its own module instance), so the one server
// of the run is kept on globalThis and stopped when the last project tears down.
const SHARED = Symbol.for('lexdesk.tests.postgres');
type Holder = { [SHARED]?: Promise<SharedServer> };

async function withClient<T>(
  url: string,
  origin: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`The test database server from ${origin} is not reachable: ${reason}`, {
      cause: error,
    });
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function startServer(): Promise<SharedServer> {
  const external = process.env.DATABASE_URL;
  let adminUrl: string;
  let stopServer = async () => undefined;
  if (external) {
    adminUrl = external;
  } else {
    const tempDir = await mkdtemp(path.join(tmpdir(), 'lexdesk-test-pg-'));
    const embedded = await startEmbeddedPostgres({ dataDir: tempDir });
    const url = new URL(embedded.url);
    url.pathname = '/postgres';
    adminUrl = url.toString();
    stopServer = async () => {
      await embedded.stop();
      await rm(tempDir, { recursive: true, force: true });
    };
  }
  const origin = external ? 'DATABASE_URL' : 'the embedded PostgreSQL';

  const template = `lexdesk_tpl_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const dropTemplate = () =>
    withClient(adminUrl, origin, (client) =>
      client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(template)} WITH (FORCE)`),
    );
  try {
    await withClient(adminUrl, origin, (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(template)}`),
    );
    const templateUrl = new URL(adminUrl);
    templateUrl.pathname = `/${template}`;
    await runMigrations(templateUrl.toString());
    // A clone fails while anything is connected to its template: refuse connections from now on.
    await withClient(adminUrl, origin, (client) =>
      client.query(`ALTER DATABASE ${client.escapeIdentifier(template)} ALLOW_CONNECTIONS false`),
    );
  } catch (error) {
    await dropTemplate().catch(() => undefined);
    await stopServer();
    throw error;
  }
  return {
    adminUrl,
    template,
    users: 0,
    async stop() {
      await dropTemplate().catch(() => undefined);
      await stopServer();
    },
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const holder = globalThis as Holder;
  const starting = (holder[SHARED] ??= startServer());
  let server: SharedServer;
  try {
    server = await starting;
  } catch (error) {
    delete holder[SHARED];
    throw error;
  }
  server.users += 1;
  // Forked workers inherit the environment; `inject` is the vitest-native way for the same values.
  process.env[ADMIN_URL_ENV] = server.adminUrl;
  process.env[TEMPLATE_ENV] = server.template;
  project.provide('lexdeskTestAdminUrl', server.adminUrl);
  project.provide('lexdeskTestTemplate', server.template);

  return async () => {
    server.users -= 1;
    if (server.users > 0) return;
    delete holder[SHARED];
    await server.stop();
  };
}
