/**
 * The pipeline's moves of a raw file that are not the final write: Processing when a run starts,
 * UNACCESSIBLE or Uploading_Failed when it cannot finish, each with its raw_file_log row in the
 * same transaction and the reason kept on the raw file; a run's end also notifies the uploader.
 */
import { eq, sql } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import { rawFile, rawFileLog, type RawFileRow } from '../../db/schema';
import { bucketOf } from '../../../shared/raw-files/status';
import type { LogAuthor } from '../raw-files/repository';
import { PIPELINE_ACTOR, RAW_FILE_PROCESSING } from './constants';
import { noticeFailed } from './notices';

export interface MarkOptions {
  /** Who asked (the log's author, raw-files authorOf); the pipeline when not given. */
  actor?: LogAuthor;
  /**
   * The failure in words for the uploader's notification (notices.ts), sent only when this change
   * ends a run (the file leaves Processing), in the same transaction, so once per run.
   */
  failureNotice?: string;
}

/** `db` may be a transaction: the change then commits (or not) with it. */
export async function markRawFile(
  db: DatabaseExecutor,
  raw: RawFileRow,
  change: { status: string; attempt?: number; error?: string },
  actionType: string,
  options: MarkOptions = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(rawFile).where(eq(rawFile.id, raw.id)).for('update');
    if (!current) return;
    const entersFailed =
      bucketOf(change.status) === 'failed' && bucketOf(current.status) !== 'failed';
    await tx
      .update(rawFile)
      .set({
        status: change.status,
        ...(change.attempt !== undefined ? { processing_attempts: change.attempt } : {}),
        ...(change.error !== undefined ? { processing_error: change.error } : {}),
        ...(entersFailed ? { failed_count: sql`${rawFile.failed_count} + 1` } : {}),
      })
      .where(eq(rawFile.id, raw.id));
    const entries = [];
    if (current.status !== change.status)
      entries.push({
        field: 'status',
        original_value: current.status,
        updated_value: change.status,
      });
    if (change.error !== undefined)
      entries.push({
        field: 'processing_error',
        original_value: null,
        updated_value: change.error,
      });
    // A person's request is recorded even when it changes nothing (the file was waiting anyway).
    if (entries.length === 0 && options.actor)
      entries.push({
        field: 'status',
        original_value: current.status,
        updated_value: change.status,
      });
    if (entries.length > 0)
      await tx.insert(rawFileLog).values(
        entries.map((entry) => ({
          raw_file_id: raw.id,
          ...entry,
          action_type: actionType,
          ...(options.actor ?? PIPELINE_ACTOR.rawLog),
        })),
      );
    if (
      options.failureNotice !== undefined &&
      current.status === RAW_FILE_PROCESSING &&
      change.status !== RAW_FILE_PROCESSING
    )
      await noticeFailed(tx, current, options.failureNotice);
  });
}
