/**
 * Adding jobs: the whole batch in one transaction, each item stored with its validation result.
 *
 * A valid item becomes a `queued` job. An invalid one (wrong type, empty, unreadable, too large)
 * is stored as `failed` + `permanent` with its code and message, so the tracker shows why it was
 * refused. Duplicates: when the same content (SHA-256) for the same company is already queued,
 * uploading, waiting to retry, or was done within the history window, no second job is made and
 * the existing one is returned with `duplicate: true`; `allowDuplicate` (the user chose "upload
 * anyway") skips that check. Items in one batch see each other, so a file dropped twice in one
 * drop is one job.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { JobSource, Sha256, type UploadJob } from './rows';
import { UploadQueueError, type Db } from './schema';

const FileFacts = z.object({
  size: z.number().int().nonnegative(),
  mtimeMs: z.number().nonnegative(),
  sha256: Sha256,
  mimeType: z.string().min(1),
});

export const Validation = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true) }).extend(FileFacts.shape),
  z
    .object({ ok: z.literal(false), code: z.string().min(1), message: z.string().min(1) })
    .extend(FileFacts.partial().shape),
]);
export type Validation = z.infer<typeof Validation>;

export const EnqueueItem = z.object({
  sourcePath: z.string().min(1),
  fileName: z.string().min(1),
  companyId: z.string().min(1),
  /** The signed-in user who queued it; null or absent for the agent. */
  ownerId: z.string().min(1).nullable().optional(),
  source: JobSource,
  watchFolder: z.string().min(1).nullable().optional(),
  allowDuplicate: z.boolean().optional(),
  validation: Validation,
});
export type EnqueueItem = z.input<typeof EnqueueItem>;

export interface EnqueueResult {
  job: UploadJob;
  /** True when an existing job for the same content was returned instead of a new one. */
  duplicate: boolean;
}

const DEDUP_SQL = `
  SELECT rowid AS row_seq, * FROM upload_jobs
  WHERE company_id = ? AND sha256 = ?
    AND (state IN ('queued', 'uploading', 'waiting_retry') OR (state = 'done' AND updated_at >= ?))
  ORDER BY created_at, rowid`;

const INSERT_SQL = `
  INSERT INTO upload_jobs (id, source_path, file_name, size, mtime_ms, sha256, mime_type,
    company_id, owner_id, source, watch_folder, idempotency_key, state, attempts, next_attempt_at,
    last_error_code, last_error_message, permanent, upload_url, uploaded_bytes,
    created_at, updated_at)
  VALUES (@id, @sourcePath, @fileName, @size, @mtimeMs, @sha256, @mimeType,
    @companyId, @ownerId, @source, @watchFolder, @idempotencyKey, @state, 0, NULL,
    @code, @message, @permanent, NULL, 0, @now, @now)`;

export function parseItems(items: readonly unknown[]): z.infer<typeof EnqueueItem>[] {
  const parsed = z.array(EnqueueItem).safeParse(items);
  if (!parsed.success) {
    throw new UploadQueueError('QUEUE_INVALID_INPUT', z.prettifyError(parsed.error));
  }
  return parsed.data;
}

export interface EnqueueContext {
  db: Db;
  now: number;
  historyMs: number;
  /** Reads a row by id and parses it (quarantining it if it does not parse). */
  load: (id: string) => UploadJob | null;
  /** Parses a selected row, quarantining it when it does not parse. */
  accept: (raw: unknown) => UploadJob | null;
}

export function findDuplicate(
  context: EnqueueContext,
  companyId: string,
  sha256: string,
): UploadJob | null {
  const rows = context.db
    .prepare(DEDUP_SQL)
    .all(companyId, sha256, context.now - context.historyMs);
  for (const raw of rows) {
    const job = context.accept(raw);
    if (job) return job;
  }
  return null;
}

/** Call inside a write transaction. */
export function insertItems(
  context: EnqueueContext,
  items: readonly z.infer<typeof EnqueueItem>[],
): EnqueueResult[] {
  const insert = context.db.prepare(INSERT_SQL);
  return items.map((item) => {
    const validation = item.validation;
    if (validation.ok && !item.allowDuplicate) {
      const existing = findDuplicate(context, item.companyId, validation.sha256);
      if (existing) return { job: existing, duplicate: true };
    }
    const id = randomUUID();
    insert.run({
      id,
      sourcePath: item.sourcePath,
      fileName: item.fileName.normalize('NFC'),
      size: validation.size ?? null,
      mtimeMs: validation.mtimeMs ?? null,
      sha256: validation.sha256 ?? null,
      mimeType: validation.mimeType ?? null,
      companyId: item.companyId,
      ownerId: item.ownerId ?? null,
      source: item.source,
      watchFolder: item.watchFolder ?? null,
      idempotencyKey: randomUUID(),
      state: validation.ok ? 'queued' : 'failed',
      code: validation.ok ? null : validation.code,
      message: validation.ok ? null : validation.message,
      permanent: validation.ok ? 0 : 1,
      now: context.now,
    });
    const job = context.load(id);
    if (!job) throw new Error(`upload job ${id} was written but does not read back`);
    return { job, duplicate: false };
  });
}
