/**
 * Migration 0033 (raw files keep their OCR pages) fills in what can be known of files processed
 * before it: a processed PNG or JPEG was one page read by OCR. A PDF's pages, and an image no run
 * has written documents of, stay unknown (null).
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { defaultMigrationsFolder, runMigrations } from '../../src/server/db/migrate';
import { insertCompany } from '../../src/server/seed/accounts';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const TAG = '0033_raw-file-ocr-pages';

let database: TestDatabase;
let handle: DatabaseHandle | undefined;
let before: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // The app's migrations up to the one before: the same folder with a journal that stops there.
  before = await mkdtemp(path.join(tmpdir(), 'lexdesk-migrations-'));
  await cp(defaultMigrationsFolder(), before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const at = journal.entries.findIndex((entry) => entry.tag === TAG);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  await writeFile(journalFile, JSON.stringify(journal));
});

afterAll(async () => {
  await handle?.close();
  await database.drop();
  await rm(before, { recursive: true, force: true });
});

it('given raw files processed before 0033, when migrated, then processed images have OCR page 1 and the rest stay unknown', async () => {
  await runMigrations(database.url, { migrationsFolder: before });
  handle = openDatabase(database.url);
  const db = handle.db;
  const firm = await insertCompany(db, { name: 'Before 0033' });
  // Written in SQL: the app's schema already has the column this database lacks.
  const raw = async (name: string, mime: string, documents: number) => {
    const inserted = await db.execute<{ id: string }>(sql`
      INSERT INTO raw_file (name, size, mime, status, no_of_pages, company_id)
      VALUES (${name}, 100, ${mime}, 'Processed', 1, ${firm.id}) RETURNING id`);
    const id = inserted.rows[0]!.id;
    for (let page = 1; page <= documents; page += 1)
      await db.execute(sql`
        INSERT INTO legal_processed_file
          (name, legal_raw_file_id, company_id, start_page_no, end_page_no, action_status)
        VALUES (${name}, ${id}, ${firm.id}, ${page}, ${page}, 'complete')`);
    return id;
  };
  const png = await raw('scan.png', 'image/png', 1);
  const jpeg = await raw('photo.jpg', 'image/jpeg', 1);
  const unprocessed = await raw('waiting.png', 'image/png', 0);
  const pdf = await raw('bundle.pdf', 'application/pdf', 1);

  await runMigrations(database.url);

  const found = await db.execute<{ id: string; ocr_pages: number[] | null }>(
    sql`SELECT id, ocr_pages FROM raw_file WHERE company_id = ${firm.id}`,
  );
  const ocrPages = new Map(found.rows.map((row) => [row.id, row.ocr_pages]));
  expect(ocrPages.get(png)).toEqual([1]);
  expect(ocrPages.get(jpeg)).toEqual([1]);
  expect(ocrPages.get(unprocessed)).toBeNull();
  expect(ocrPages.get(pdf)).toBeNull();
});
