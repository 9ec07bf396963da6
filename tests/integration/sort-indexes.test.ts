/**
 * Sorts that must stay fast at a million documents (or a hundred thousand cases) are read along an
 * index: with sequential scans and sorting priced out, the plan of a first page walks the sort's
 * own index and has no Sort step. This keeps the indexes of migrations 0005, 0007 and 0008 in step
 * with the ORDER BY the queries write (direction, NULLS order, the id tie-break).
 */
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/connection';
import { runMigrations } from '../../src/server/db/migrate';
import { legalCase, legalProcessedFile } from '../../src/server/db/schemaPipeline';
import { orderOf } from '../../src/server/domains/cases/repository';
import { CENTER } from '../../src/server/domains/document-center/listConditions';
import { sortKeys, toOrderBy } from '../../src/server/domains/document-center/listOrder';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

const COMPANY = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';

let database: TestDatabase;
let handle: DatabaseHandle;
let client: pg.Client;

beforeAll(async () => {
  database = await createTestDatabase();
  await runMigrations(database.url);
  handle = openDatabase(database.url, { max: 1 });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  await client.query('SET enable_seqscan = off');
  await client.query('SET enable_sort = off');
  await client.query('SET enable_bitmapscan = off');
});

afterAll(async () => {
  await client?.end();
  await handle?.close();
  await database?.drop();
});

/** The plan of a query (costs left out), one line per node. */
async function plan(query: { sql: string; params: unknown[] }): Promise<string> {
  const result = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (COSTS OFF) ${query.sql}`,
    query.params,
  );
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe('document center sorts', () => {
  const doc = legalProcessedFile;
  it.each([
    ['name', 'legal_processed_file_center_name_idx'],
    ['created_at', 'legal_processed_file_center_idx'],
    ['applicant', 'legal_processed_file_center_applicant_idx'],
    ['separated_at', 'legal_processed_file_center_separated_at_idx'],
    ['action_status', 'legal_processed_file_center_action_status_idx'],
    ['document_synced', 'legal_processed_file_center_document_synced_idx'],
    ['reviewed_at', 'legal_processed_file_center_reviewed_at_idx'],
  ] as const)('given sort_by %s, then both directions walk %s', async (by, index) => {
    for (const direction of ['asc', 'desc'] as const) {
      const query = handle.db
        .select({ id: doc.id })
        .from(doc)
        .where(and(eq(doc.company_id, COMPANY), CENTER))
        .orderBy(...toOrderBy(sortKeys(by, direction)))
        .limit(10)
        .toSQL();
      const text = await plan(query);
      expect(text, `${by} ${direction}:\n${text}`).toContain(index);
      expect(text, `${by} ${direction}:\n${text}`).not.toMatch(/Sort/);
    }
  });
});

describe('case list sorts', () => {
  const page = (by: Parameters<typeof orderOf>[0], direction: 'asc' | 'desc') =>
    handle.db
      .select({ id: legalCase.id })
      .from(legalCase)
      .where(and(eq(legalCase.company_id, COMPANY), eq(legalCase.is_deleted, false)))
      .orderBy(...orderOf(by, direction, true))
      .limit(10)
      .toSQL();

  it('given sort_by legal_case_type, then both directions walk their own index, no type last', async () => {
    for (const [direction, index] of [
      ['asc', 'legal_case_company_type_idx'],
      ['desc', 'legal_case_company_type_desc_idx'],
    ] as const) {
      const query = page('legal_case_type', direction);
      const text = await plan(query);
      expect(text, `${direction}:\n${text}`).toContain(index);
      expect(text, `${direction}:\n${text}`).not.toMatch(/Sort/);
      expect(query.sql).toContain(`"legal_case_type" ${direction} nulls last`);
    }
  });

  it('given a sort without an index of its own (status), then the plan sorts: the check can fail', async () => {
    expect(await plan(page('legal_case_status', 'asc'))).toMatch(/Sort/);
  });
});
