/**
 * A host whose database a spec can write to: the spec connects to the host's own database (its
 * clone on the run's PostgreSQL, tests/e2e/support/database.ts) to seed rows straight into it.
 * The company is set up through the API.
 */
import { test } from '@playwright/test';
import pg from 'pg';
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

/** Starts the host on its database, connects to that database and sets up the company. */
export async function startHostWithDatabase(): Promise<HostWithDatabase> {
  let host: RunningHost | undefined;
  let db: pg.Client | undefined;
  const close = async () => {
    await db?.end().catch(() => undefined);
    await host?.stop();
  };
  try {
    host = await startHost();
    if (!host.databaseUrl) throw new Error("The host's database is not on the run's PostgreSQL");
    db = new pg.Client({ connectionString: host.databaseUrl });
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
export function hostWithDatabaseForSpec(seed: () => Promise<void>): HostWithDatabase {
  const spec = {} as HostWithDatabase;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    Object.assign(spec, await startHostWithDatabase());
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
