/**
 * A host whose database a spec can write to: the spec runs its own embedded PostgreSQL and hands
 * it to the host as DATABASE_URL, so the host creates its fresh database there; the spec then
 * connects to that database to seed rows straight into it. The company is set up through the API.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../../src/server/db/embedded';
import { companyIdOf, setUpCompany, startHost, type RunningHost } from './host';

export interface HostWithDatabase {
  host: RunningHost;
  /** Connected to the host's database. */
  db: pg.Client;
  /** The administrator's session token. */
  token: string;
  companyId: string;
  close(): Promise<void>;
}

/** Starts PostgreSQL, the host on it and the company; `label` names the temp folder. */
export async function startHostWithDatabase(label: string): Promise<HostWithDatabase> {
  const pgDir = mkdtempSync(path.join(tmpdir(), `lexdesk-e2e-${label}-pg-`));
  const postgres = await startEmbeddedPostgres({ dataDir: pgDir });
  let host: RunningHost | undefined;
  let db: pg.Client | undefined;
  const close = async () => {
    await db?.end().catch(() => undefined);
    await host?.stop();
    await postgres.stop();
    rmSync(pgDir, { recursive: true, force: true });
  };
  try {
    const admin = new URL(postgres.url);
    admin.pathname = '/postgres';
    const saved = process.env.DATABASE_URL;
    process.env.DATABASE_URL = admin.toString();
    try {
      host = await startHost();
    } finally {
      if (saved === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = saved;
    }
    const probe = new pg.Client({ connectionString: admin.toString() });
    await probe.connect();
    const { rows } = await probe.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'lexdesk_e2e_%'",
    );
    await probe.end();
    if (rows.length !== 1)
      throw new Error(`Expected the host's one database, found ${rows.length}`);
    const url = new URL(postgres.url);
    url.pathname = `/${rows[0]!.datname}`;
    db = new pg.Client({ connectionString: url.toString() });
    await db.connect();
    const token = await setUpCompany(host.serverUrl);
    const companyId = await companyIdOf(host.serverUrl, token);
    return { host, db, token, companyId, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The spec's host with its database: started, then `seed` run, before the spec's first test, and
 * closed after its last. The fields are filled in from the first test on.
 */
export function hostWithDatabaseForSpec(
  label: string,
  seed: () => Promise<void>,
): HostWithDatabase {
  const spec = {} as HostWithDatabase;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    Object.assign(spec, await startHostWithDatabase(label));
    await seed();
  });
  test.afterAll(async () => {
    await spec.close?.();
  });
  return spec;
}

/**
 * Creates the company's default folders and document types (as the document-types screen does)
 * and returns a lookup of a type's id and folder by its name.
 */
export async function defaultFileTypes(
  stack: HostWithDatabase,
): Promise<(name: string) => Promise<{ id: string; folder: string }>> {
  const response = await fetch(
    `${stack.host.serverUrl}/admin/getLegalFileTypesForWorkflows?companyId=${stack.companyId}`,
    { headers: { authorization: `Bearer ${stack.token}` } },
  );
  if (!response.ok)
    throw new Error(`The default document types were not created: ${response.status}`);
  return async (name) => {
    const { rows } = await stack.db.query<{ id: string; folder: string }>(
      'SELECT id, legal_document_folder_id AS folder FROM legal_file_type WHERE company_id = $1 AND name = $2',
      [stack.companyId, name],
    );
    if (!rows[0]) throw new Error(`No document type ${name}`);
    return rows[0];
  };
}
