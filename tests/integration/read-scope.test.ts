/** DatabaseHandle.readScope against real PostgreSQL: which statements get the read timeout. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DatabaseHandle } from '../../src/server/db/connection';
import { isStatementTimeout } from '../../src/server/db/statementTimeout';
import { createTestDatabase, type TestDatabase } from '../support/postgres';

let database: TestDatabase;
let handle: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  handle = openDatabase(database.url, { max: 2, readTimeoutMs: 300 });
});
afterAll(async () => {
  await handle.close();
  await database.drop();
});

async function statementTimeout(db: Pick<Database, 'execute'>): Promise<string> {
  const result = await db.execute<{ statement_timeout: string }>(sql`show statement_timeout`);
  return result.rows[0]?.statement_timeout ?? '';
}

describe('DatabaseHandle.readScope', () => {
  it('given statements outside the scope, then they have no timeout', async () => {
    expect(await statementTimeout(handle.db)).toBe('0');
  });

  it('given statements inside it, then each has the read timeout, also after awaits and in a transaction', async () => {
    const seen = await handle.readScope(async () => {
      const first = await statementTimeout(handle.db);
      await new Promise((resolve) => setTimeout(resolve, 1));
      const later = await statementTimeout(handle.db);
      const inTransaction = await handle.db.transaction((tx) => statementTimeout(tx));
      return [first, later, inTransaction];
    });
    expect(seen).toEqual(['300ms', '300ms', '300ms']);
    // The scope ends with its work.
    expect(await statementTimeout(handle.db)).toBe('0');
  });

  it('given a read running past the timeout, then PostgreSQL stops it (57014) and the pool goes on', async () => {
    const failure = await handle
      .readScope(() => handle.db.execute(sql`select pg_sleep(20)`))
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(isStatementTimeout(failure)).toBe(true);
    // Both connections of the read pool are free again.
    const again = await handle.readScope(() =>
      Promise.all([statementTimeout(handle.db), statementTimeout(handle.db)]),
    );
    expect(again).toEqual(['300ms', '300ms']);
  });

  it('given a handle without readTimeoutMs, then the scope changes nothing', async () => {
    const plain = openDatabase(database.url, { max: 1 });
    try {
      expect(await plain.readScope(() => statementTimeout(plain.db))).toBe('0');
    } finally {
      await plain.close();
    }
  });
});
