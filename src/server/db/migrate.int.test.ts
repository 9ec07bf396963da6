import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/postgres';
import { DatabaseNewerThanAppError, defaultMigrationsFolder, runMigrations } from './migrate';

interface Migration {
  tag: string;
  when: number;
  sql: string;
}

const FIRST: Migration = {
  tag: '0000_first',
  when: 1_700_000_000_000,
  sql: 'CREATE TABLE "alpha" ("id" serial PRIMARY KEY);\n--> statement-breakpoint\nINSERT INTO "alpha" DEFAULT VALUES;',
};
const SECOND: Migration = {
  tag: '0001_second',
  when: 1_700_000_100_000,
  sql: 'CREATE TABLE "beta" ("id" int);',
};
const THIRD: Migration = {
  tag: '0002_third',
  when: 1_700_000_200_000,
  sql: 'ALTER TABLE "beta" ADD "note" text;',
};

let folder: string;
let db: TestDatabase;

/** Writes a drizzle-kit style folder (journal + SQL files) with the given migrations. */
async function writeMigrations(migrations: Migration[], target = folder): Promise<string> {
  await rm(target, { recursive: true, force: true });
  await mkdir(path.join(target, 'meta'), { recursive: true });
  const entries = migrations.map((m, idx) => ({
    idx,
    version: '7',
    when: m.when,
    tag: m.tag,
    breakpoints: true,
  }));
  await writeFile(
    path.join(target, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  for (const m of migrations) await writeFile(path.join(target, `${m.tag}.sql`), m.sql);
  return target;
}

async function sql<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: db.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const appliedCount = async () =>
  (await sql<{ n: number }>('SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations'))[0]?.n;
const tableExists = async (name: string) =>
  (await sql<{ t: string | null }>(`SELECT to_regclass('public.${name}') AS t`))[0]?.t !== null;

beforeEach(async () => {
  folder = path.join(await mkdtemp(path.join(tmpdir(), 'lexdesk-migrations-')), 'migrations');
  db = await createTestDatabase();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await db.drop();
  await rm(path.dirname(folder), { recursive: true, force: true });
});

describe('runMigrations', () => {
  it('given an empty database, when migrated twice, then every migration is applied exactly once', async () => {
    await writeMigrations([FIRST, SECOND]);
    await runMigrations(db.url, { migrationsFolder: folder });
    await runMigrations(db.url, { migrationsFolder: folder });
    expect(await appliedCount()).toBe(2);
    expect(await sql('SELECT count(*)::int AS n FROM alpha')).toEqual([{ n: 1 }]);
    expect(await tableExists('beta')).toBe(true);
  });

  it('given a migrated database, when the app ships a new migration, then only that one is applied', async () => {
    await runMigrations(db.url, { migrationsFolder: await writeMigrations([FIRST, SECOND]) });
    await runMigrations(db.url, {
      migrationsFolder: await writeMigrations([FIRST, SECOND, THIRD]),
    });
    expect(await appliedCount()).toBe(3);
    expect(await sql('SELECT count(*)::int AS n FROM alpha')).toEqual([{ n: 1 }]);
    expect(
      await sql(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'beta' AND column_name = 'note'",
      ),
    ).toHaveLength(1);
  });

  it('given a database migrated by a newer app, when an older app migrates, then it refuses without changes', async () => {
    await runMigrations(db.url, {
      migrationsFolder: await writeMigrations([FIRST, SECOND, THIRD]),
    });
    const older = runMigrations(db.url, {
      migrationsFolder: await writeMigrations([FIRST, SECOND]),
    });
    await expect(older).rejects.toBeInstanceOf(DatabaseNewerThanAppError);
    await expect(older).rejects.toThrow('This database was created by a newer version of LexDesk');
    expect(await appliedCount()).toBe(3);
  });

  it('given a database with a migration this app never had, when migrating, then it refuses', async () => {
    await runMigrations(db.url, { migrationsFolder: await writeMigrations([FIRST]) });
    await sql(
      "INSERT INTO drizzle.__drizzle_migrations (hash, created_at) VALUES ('foreign', 1600000000000)",
    );
    await expect(
      runMigrations(db.url, { migrationsFolder: await writeMigrations([FIRST, SECOND]) }),
    ).rejects.toThrow(DatabaseNewerThanAppError);
    expect(await tableExists('beta')).toBe(false);
  });

  it('given several processes starting together, when they migrate at once, then each migration runs once', async () => {
    await writeMigrations([FIRST, SECOND, THIRD]);
    const runs = Array.from({ length: 5 }, () =>
      runMigrations(db.url, { migrationsFolder: folder }),
    );
    await expect(Promise.all(runs)).resolves.toHaveLength(5);
    expect(await appliedCount()).toBe(3);
    expect(await sql('SELECT count(*)::int AS n FROM alpha')).toEqual([{ n: 1 }]);
  });

  it('given a migration that fails, when migrating, then nothing of the failed run is kept', async () => {
    const broken: Migration = {
      tag: '0001_broken',
      when: SECOND.when,
      sql: 'CREATE TABLE "gamma" ("id" int);\n--> statement-breakpoint\nSELECT * FROM "missing_table";',
    };
    await expect(
      runMigrations(db.url, { migrationsFolder: await writeMigrations([FIRST, broken]) }),
    ).rejects.toThrow();
    expect(await tableExists('gamma')).toBe(false);
    expect(await tableExists('alpha')).toBe(false); // applied in the same transaction
  });

  it('given LEXDESK_MIGRATIONS_DIR, when no folder is passed, then that folder is used', async () => {
    await writeMigrations([FIRST]);
    vi.stubEnv('LEXDESK_MIGRATIONS_DIR', folder);
    expect(defaultMigrationsFolder()).toBe(folder);
    await runMigrations(db.url);
    expect(await tableExists('alpha')).toBe(true);
  });

  it('given no env override, then the default folder is the migrations folder beside the module', () => {
    vi.stubEnv('LEXDESK_MIGRATIONS_DIR', '');
    expect(defaultMigrationsFolder()).toBe(path.join(import.meta.dirname, 'migrations'));
  });

  it('given a folder without a journal, when migrating, then the error names the missing file', async () => {
    await mkdir(folder, { recursive: true });
    await expect(runMigrations(db.url, { migrationsFolder: folder })).rejects.toThrow(
      `The database migrations are missing: ${path.join(folder, 'meta', '_journal.json')}`,
    );
  });
});
