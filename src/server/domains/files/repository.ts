/** SQL of stored files and of the server secret that signs file links. */
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { ValidationError } from '../../errors';
import { serverSecret, storedFile, type StoredFileRow } from '../../db/schema';
import { chatUpload } from '../../db/schemaChat';

/**
 * The stored files (uploaded through POST /files/upload) a record of the company may attach: every
 * key must be an upload of that company, else each missing one is named by its place in `keys`
 * (`attachment_keys.<i>`) and nothing is attached. Repeated keys count once. The one home of the
 * attachment check of task request comments and chat messages.
 *
 * Chat composer uploads among them are marked attached first (chat_upload.attached_at), which
 * takes their row locks until the caller's transaction ends: the unsent-upload sweep and the
 * uploader's remove (chat/uploads.ts) lock the same rows, so a file is either swept/removed before
 * (and then refused here as missing) or attached and kept.
 */
export async function attachableFiles(
  ex: DatabaseExecutor,
  companyId: string,
  keys: readonly string[],
): Promise<StoredFileRow[]> {
  const unique = [...new Set(keys)];
  if (unique.length === 0) return [];
  await ex
    .update(chatUpload)
    .set({ attached_at: sql`coalesce(${chatUpload.attached_at}, now())` })
    .where(
      and(
        inArray(chatUpload.file_key, unique),
        inArray(
          chatUpload.file_key,
          ex
            .select({ key: storedFile.key })
            .from(storedFile)
            .where(and(eq(storedFile.company_id, companyId), inArray(storedFile.key, unique))),
        ),
      ),
    );
  const files = await ex
    .select()
    .from(storedFile)
    .where(and(eq(storedFile.company_id, companyId), inArray(storedFile.key, unique)));
  const missing = unique.filter((key) => !files.some((f) => f.key === key));
  if (missing.length > 0)
    throw new ValidationError(
      missing.map((key) => ({
        path: `attachment_keys.${keys.indexOf(key)}`,
        message: 'Upload the file to this company before attaching it.',
      })),
    );
  return unique.map((key) => files.find((f) => f.key === key)!);
}

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
