/** SQL of stored files and of the server secret that signs file links. */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { serverSecret, storedFile, type StoredFileRow } from '../../db/schema';

export function createFileRepository(db: Database) {
  return {
    async insert(values: typeof storedFile.$inferInsert): Promise<StoredFileRow> {
      const [row] = await db.insert(storedFile).values(values).returning();
      if (!row) throw new Error('stored_file insert returned no row');
      return row;
    },

    async findVisible(
      companyIds: readonly string[],
      key: string,
    ): Promise<StoredFileRow | undefined> {
      if (companyIds.length === 0) return undefined;
      const rows = await db
        .select()
        .from(storedFile)
        .where(and(eq(storedFile.key, key), inArray(storedFile.company_id, [...companyIds])))
        .limit(1);
      return rows[0];
    },

    /** For links whose signature was already verified (the signature is the permission). */
    async findByKey(key: string): Promise<StoredFileRow | undefined> {
      const rows = await db.select().from(storedFile).where(eq(storedFile.key, key)).limit(1);
      return rows[0];
    },

    async remove(key: string): Promise<void> {
      await db.delete(storedFile).where(eq(storedFile.key, key));
    },

    /** The named secret, created once (the first process to ask wins; all share it). */
    async secret(name: string): Promise<string> {
      await db
        .insert(serverSecret)
        .values({ name, value: randomBytes(32).toString('base64url') })
        .onConflictDoNothing();
      const [row] = await db.select().from(serverSecret).where(eq(serverSecret.name, name));
      if (!row) throw new Error(`server secret ${name} missing`);
      return row.value;
    },
  };
}

export type FileRepository = ReturnType<typeof createFileRepository>;
