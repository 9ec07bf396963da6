/**
 * SQL of raw files, their logs and upload logs. Every read and write is limited to the company ids
 * the caller may see, and every field change writes its raw_file_log row in the same transaction.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { bucketOf } from '../../../shared/raw-files/status';
import type { Database, DatabaseExecutor, DatabaseTransaction } from '../../db/connection';
import {
  rawFile,
  rawFileLog,
  uploadLog,
  type RawFileLogRow,
  type RawFileRow,
} from '../../db/schema';
import { isUuid } from '../../errors';
import { lockContent, storedCopyOf } from './duplicates';

export type RawFileInsert = typeof rawFile.$inferInsert;
/** Who made a change, as written into raw_file_log. */
export type LogAuthor = Pick<
  typeof rawFileLog.$inferInsert,
  'updated_by_username' | 'updated_by_email' | 'update_by_user_id' | 'updated_by_role'
>;
export type LogEntry = Pick<
  typeof rawFileLog.$inferInsert,
  'field' | 'original_value' | 'updated_value' | 'action_type'
>;
export type RawFileChanges = Partial<
  Pick<
    RawFileRow,
    'status' | 'url' | 's3_key' | 'mime' | 'file_type' | 'no_of_pages' | 'uploader_session_id'
  >
>;

const visible = (companyIds: readonly string[], id: string) =>
  and(
    eq(rawFile.id, id),
    inArray(rawFile.company_id, [...companyIds]),
    eq(rawFile.is_deleted, false),
  );

/** Applies `changes` to the locked `current` row and logs each changed field. */
async function applyChange(
  tx: DatabaseTransaction,
  current: RawFileRow,
  changes: RawFileChanges,
  author: LogAuthor,
  actionType: string,
): Promise<RawFileRow | undefined> {
  const fields = Object.fromEntries(
    Object.entries(changes).filter(([, value]) => value !== undefined),
  ) as RawFileChanges;
  // Entering the failed bucket counts one more failure; staying in it does not.
  const failed =
    fields.status !== undefined &&
    bucketOf(fields.status) === 'failed' &&
    bucketOf(current.status) !== 'failed';
  const [updated] = await tx
    .update(rawFile)
    .set({
      ...fields,
      ...(failed ? { failed_count: sql`${rawFile.failed_count} + 1` } : {}),
    })
    .where(eq(rawFile.id, current.id))
    .returning();
  if (!updated) return undefined;
  const logged = (['status', 'url', 'no_of_pages'] as const).filter(
    (field) => field in fields && String(current[field]) !== String(updated[field]),
  );
  if (logged.length > 0)
    await tx.insert(rawFileLog).values(
      logged.map((field) => ({
        raw_file_id: current.id,
        field,
        original_value: String(current[field]),
        updated_value: String(updated[field]),
        action_type: actionType,
        ...author,
      })),
    );
  return updated;
}

/** Soft-deletes the locked `current` row, with its log row. */
async function removeIn(
  tx: DatabaseTransaction,
  current: RawFileRow,
  author: LogAuthor,
  actionType: string,
): Promise<RawFileRow> {
  const [row] = await tx
    .update(rawFile)
    .set({ is_deleted: true })
    .where(eq(rawFile.id, current.id))
    .returning();
  if (!row) throw new Error('raw_file soft delete returned no row');
  await tx.insert(rawFileLog).values({
    raw_file_id: current.id,
    field: 'is_deleted',
    original_value: 'false',
    updated_value: 'true',
    action_type: actionType,
    ...author,
  });
  return row;
}

export function createRawFileRepository(db: Database) {
  async function findIn(
    executor: DatabaseExecutor,
    companyIds: readonly string[],
    id: string,
    lock = false,
  ): Promise<RawFileRow | undefined> {
    if (companyIds.length === 0 || !isUuid(id)) return undefined;
    const query = executor.select().from(rawFile).where(visible(companyIds, id)).limit(1);
    const rows = lock ? await query.for('update') : await query;
    return rows[0];
  }

  return {
    findVisible: (companyIds: readonly string[], id: string) => findIn(db, companyIds, id),

    /**
     * Inserts each file unless its (company_id, idempotency_key) exists; either way returns the row
     * and whether this call created it. Content the company already has stored (same SHA-256,
     * duplicates.ts) is answered with that raw file instead of a new one, also for a key whose own
     * raw file was removed as its duplicate. One transaction for the batch.
     */
    async createIdempotent(
      rows: RawFileInsert[],
    ): Promise<Array<{ row: RawFileRow; created: boolean }>> {
      return db.transaction(async (tx) => {
        const out: Array<{ row: RawFileRow; created: boolean }> = [];
        for (const values of rows) {
          const [byKey] = values.idempotency_key
            ? await tx
                .select()
                .from(rawFile)
                .where(
                  and(
                    eq(rawFile.company_id, values.company_id),
                    eq(rawFile.idempotency_key, values.idempotency_key),
                  ),
                )
            : [];
          if (byKey && !byKey.is_deleted) {
            out.push({ row: byKey, created: false });
            continue;
          }
          const copy = values.sha256
            ? await storedCopyOf(tx, values.company_id, values.sha256)
            : undefined;
          const known = copy ?? byKey;
          if (known) {
            out.push({ row: known, created: false });
            continue;
          }
          const [inserted] = await tx
            .insert(rawFile)
            .values(values)
            .onConflictDoNothing({ target: [rawFile.company_id, rawFile.idempotency_key] })
            .returning();
          if (inserted) {
            out.push({ row: inserted, created: true });
            continue;
          }
          const [existing] = await tx
            .select()
            .from(rawFile)
            .where(
              and(
                eq(rawFile.company_id, values.company_id),
                eq(rawFile.idempotency_key, values.idempotency_key ?? ''),
              ),
            );
          if (!existing) throw new Error('raw_file idempotency conflict without a row');
          out.push({ row: existing, created: false });
        }
        return out;
      });
    },

    /**
     * Applies `changes` to a visible raw file and logs each changed field, atomically. `guard` sees
     * the locked current row and may throw to refuse (e.g. status no longer Uploading).
     */
    async change(
      companyIds: readonly string[],
      id: string,
      changes: RawFileChanges,
      author: LogAuthor,
      actionType: string,
      guard?: (current: RawFileRow) => void,
    ): Promise<RawFileRow | undefined> {
      return db.transaction(async (tx) => {
        const current = await findIn(tx, companyIds, id, true);
        if (!current) return undefined;
        guard?.(current);
        return applyChange(tx, current, changes, author, actionType);
      });
    },

    /**
     * An upload's finish: `change`, unless the company already has these bytes stored in another
     * raw file (duplicates.ts). Then this one is soft-deleted as that one's duplicate (logged with
     * its id) and `duplicateOf` is that raw file. Two finishes of the same bytes at once keep one.
     */
    async finishUnlessDuplicate(
      companyIds: readonly string[],
      id: string,
      sha256: string,
      changes: RawFileChanges,
      author: LogAuthor,
      actionType: string,
      guard?: (current: RawFileRow) => void,
    ): Promise<{ row: RawFileRow; duplicateOf?: RawFileRow } | undefined> {
      return db.transaction(async (tx) => {
        const current = await findIn(tx, companyIds, id, true);
        if (!current) return undefined;
        guard?.(current);
        await lockContent(tx, current.company_id, sha256);
        const copy = await storedCopyOf(tx, current.company_id, sha256, current.id);
        if (copy) {
          const row = await removeIn(tx, current, author, 'duplicate');
          await tx.insert(rawFileLog).values({
            raw_file_id: id,
            field: 'duplicate_of',
            original_value: null,
            updated_value: copy.id,
            action_type: 'duplicate',
            ...author,
          });
          return { row, duplicateOf: copy };
        }
        const row = await applyChange(tx, current, changes, author, actionType);
        return row ? { row } : undefined;
      });
    },

    async softDelete(
      companyIds: readonly string[],
      id: string,
      author: LogAuthor,
    ): Promise<RawFileRow | undefined> {
      return db.transaction(async (tx) => {
        const current = await findIn(tx, companyIds, id, true);
        if (!current) return undefined;
        return removeIn(tx, current, author, 'delete');
      });
    },

    async addLog(rawFileId: string, entry: LogEntry, author: LogAuthor): Promise<RawFileLogRow> {
      const [row] = await db
        .insert(rawFileLog)
        .values({ raw_file_id: rawFileId, ...entry, ...author })
        .returning();
      if (!row) throw new Error('raw_file_log insert returned no row');
      return row;
    },

    async logs(rawFileId: string): Promise<RawFileLogRow[]> {
      return db
        .select()
        .from(rawFileLog)
        .where(eq(rawFileLog.raw_file_id, rawFileId))
        .orderBy(asc(rawFileLog.created_at), asc(rawFileLog.id));
    },

    async insertUploadLog(values: typeof uploadLog.$inferInsert): Promise<{ id: string }> {
      const [row] = await db.insert(uploadLog).values(values).returning({ id: uploadLog.id });
      if (!row) throw new Error('upload_log insert returned no row');
      return row;
    },
  };
}

export type RawFileRepository = ReturnType<typeof createRawFileRepository>;
