/**
 * Migration 0009 (sessions end on deactivation) also ends the live sessions of users who were
 * deactivated before it: a database migrated to 0008 gets such a session, then the rest.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { defaultMigrationsFolder, runMigrations } from '../../src/server/db/migrate';
import { session } from '../../src/server/db/schema';
import { insertCompany, insertUser } from '../../src/server/seed/accounts';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let handle: DatabaseHandle | undefined;
let before0009: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // The app's migrations up to 0008: the same folder with a journal that stops there.
  before0009 = await mkdtemp(path.join(tmpdir(), 'lexdesk-migrations-'));
  await cp(defaultMigrationsFolder(), before0009, { recursive: true });
  const journalFile = path.join(before0009, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const at = journal.entries.findIndex((entry) => entry.tag === '0009_deactivation_ends_sessions');
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
});

afterAll(async () => {
  await handle?.close();
  await database.drop();
  await rm(before0009, { recursive: true, force: true });
});

it('given a deactivated user with a live session before 0009, when migrated, then that session is revoked and others are not', async () => {
  await runMigrations(database.url, { migrationsFolder: before0009 });
  handle = openDatabase(database.url);
  const db = handle.db;
  const firm = await insertCompany(db, { name: 'Before 0009' });
  const user = (label: string, isDeactivated: boolean) =>
    insertUser(db, {
      companyId: firm.id,
      email: `${label}@before0009.test`,
      password: 'long enough 1',
      firstName: 'Test',
      lastName: label,
      userType: 'user',
      isDeactivated,
    });
  const gone = await user('gone', true);
  const active = await user('active', false);
  const expires = new Date(Date.now() + 3600_000);
  await db.insert(session).values([
    { token_hash: 'gone-token', user_id: gone.id, expires_at: expires },
    { token_hash: 'active-token', user_id: active.id, expires_at: expires },
  ]);

  await runMigrations(database.url);

  const revoked = async (userId: string) => {
    const [row] = await db
      .select({ revoked_at: session.revoked_at })
      .from(session)
      .where(eq(session.user_id, userId));
    return row?.revoked_at ?? null;
  };
  expect(await revoked(gone.id)).toBeInstanceOf(Date);
  expect(await revoked(active.id)).toBeNull();
});
