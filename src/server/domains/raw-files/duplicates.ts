/**
 * Same bytes, one raw file (issue 13): a company's raw file whose bytes are stored (status past
 * Uploading, not failed, not deleted) is "the stored copy" of its SHA-256. A registration of the
 * same content is answered with it, and an upload that finishes with the same content is not kept
 * or processed a second time. Decisions at the finish are serialised per company + SHA-256 with
 * a transaction-level advisory lock, so two finishes of the same bytes at once keep exactly one.
 */
import { and, asc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { FAILED_STATUSES, RAW_FILE_STATUS } from '../../../shared/raw-files/status';
import type { DatabaseExecutor } from '../../db/connection';
import { rawFile, type RawFileRow } from '../../db/schema';

const WITHOUT_STORED_BYTES = [RAW_FILE_STATUS.uploading, ...FAILED_STATUSES];

/** The oldest live raw file of the company holding these bytes, other than `exceptId`. */
export async function storedCopyOf(
  executor: DatabaseExecutor,
  companyId: string,
  sha256: string,
  exceptId?: string,
): Promise<RawFileRow | undefined> {
  const [row] = await executor
    .select()
    .from(rawFile)
    .where(
      and(
        eq(rawFile.company_id, companyId),
        eq(rawFile.sha256, sha256),
        eq(rawFile.is_deleted, false),
        notInArray(rawFile.status, WITHOUT_STORED_BYTES),
        ...(exceptId ? [ne(rawFile.id, exceptId)] : []),
      ),
    )
    .orderBy(asc(rawFile.created_at), asc(rawFile.id))
    .limit(1);
  return row;
}

/** The advisory lock's name; PostgreSQL hashes it to the key (hashtextextended(name, 0)). */
export function contentLockName(companyId: string, sha256: string): string {
  return `raw_file_content:${companyId}:${sha256}`;
}

/** Holds, until the transaction ends, the right to decide about these bytes of this company. */
export async function lockContent(
  executor: DatabaseExecutor,
  companyId: string,
  sha256: string,
): Promise<void> {
  await executor.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${contentLockName(companyId, sha256)}, 0))`,
  );
}
