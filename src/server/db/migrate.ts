import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { z } from 'zod';

/** Thrown when the database has migrations this build of LexDesk does not know (it is newer). */
export class DatabaseNewerThanAppError extends Error {
  readonly unknownMigrations: number;

  constructor(unknownMigrations: number) {
    super(
      'This database was created by a newer version of LexDesk ' +
        `(${unknownMigrations} of its migration(s) are unknown to this version). ` +
        'Update LexDesk to open it; this version will not change it.',
    );
    this.name = 'DatabaseNewerThanAppError';
    this.unknownMigrations = unknownMigrations;
  }
}

export interface RunMigrationsOptions {
  /** Folder produced by drizzle-kit (with meta/_journal.json). */
  migrationsFolder?: string;
}

/** Where drizzle records applied migrations (drizzle's defaults, kept explicit here). */
const MIGRATIONS_SCHEMA = 'drizzle';
const MIGRATIONS_TABLE = '__drizzle_migrations';
/** Key of the session-level advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 7_301_948_215_334_001n;

const journalSchema = z.object({
  entries: z.array(z.object({ idx: z.number(), when: z.number(), tag: z.string() })),
});

/** The default folder sits beside this module; the packaged app points elsewhere by env. */
export function defaultMigrationsFolder(): string {
  const fromEnv = process.env.LEXDESK_MIGRATIONS_DIR;
  if (fromEnv) return path.resolve(fromEnv);
  return fileURLToPath(new URL('./migrations', import.meta.url));
}

async function readJournal(folder: string) {
  const file = path.join(folder, 'meta', '_journal.json');
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch {
    throw new Error(`The database migrations are missing: ${file} was not found.`);
  }
  const parsed = journalSchema.safeParse(JSON.parse(raw) as unknown);
  if (!parsed.success)
    throw new Error(`The migration journal ${file} is not valid: ${parsed.error.message}`);
  return parsed.data.entries;
}

/** Migration timestamps recorded in the database; empty when nothing was ever migrated. */
async function appliedMigrationTimes(client: pg.Client): Promise<number[]> {
  const table = `${MIGRATIONS_SCHEMA}.${MIGRATIONS_TABLE}`;
  const exists = await client.query<{ found: string | null }>('SELECT to_regclass($1) AS found', [
    table,
  ]);
  if (!exists.rows[0]?.found) return [];
  const rows = await client.query<{ created_at: string | null }>(
    `SELECT created_at FROM ${client.escapeIdentifier(MIGRATIONS_SCHEMA)}.${client.escapeIdentifier(MIGRATIONS_TABLE)}`,
  );
  return rows.rows.map((row) => Number(row.created_at));
}

/**
 * Applies the pending forward-only migrations. Several processes may call this at once: a
 * PostgreSQL advisory lock lets one migrate while the others wait, then find nothing to do.
 * Refuses (DatabaseNewerThanAppError) a database that has migrations this build does not know.
 */
export async function runMigrations(url: string, opts?: RunMigrationsOptions): Promise<void> {
  const folder = opts?.migrationsFolder
    ? path.resolve(opts.migrationsFolder)
    : defaultMigrationsFolder();
  const journal = await readJournal(folder);
  const known = new Set(journal.map((entry) => entry.when));

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const applied = await appliedMigrationTimes(client);
      const unknown = applied.filter((when) => !known.has(when));
      if (unknown.length > 0) throw new DatabaseNewerThanAppError(unknown.length);
      await migrate(drizzle(client), {
        migrationsFolder: folder,
        migrationsSchema: MIGRATIONS_SCHEMA,
        migrationsTable: MIGRATIONS_TABLE,
      });
    } finally {
      await client
        .query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()])
        .catch(() => undefined);
    }
  } finally {
    await client.end();
  }
}
