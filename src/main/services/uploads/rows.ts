/**
 * Job rows as stored (snake_case, SQLite types) and their parsed form (`UploadJob`).
 *
 * Every row read from the file goes through `parseJobRow`; a row that fails (an edited or
 * damaged file, a bug in an older version) is moved to `upload_jobs_quarantine` with the reason,
 * so one bad row never stops the queue.
 */
import { z } from 'zod';
import type { Db } from './schema';

export const JOB_STATES = [
  'queued',
  'uploading',
  'waiting_retry',
  'failed',
  'done',
  'cancelled',
] as const;
export const JobState = z.enum(JOB_STATES);
export type JobState = z.infer<typeof JobState>;

export const JobSource = z.enum(['drop', 'picker', 'watch']);
export type JobSource = z.infer<typeof JobSource>;

export const Sha256 = z.string().regex(/^[0-9a-f]{64}$/, 'a lowercase hex SHA-256');

const int = z.number().int().nonnegative();

/** States in which the file's facts (size, mtime, hash, type) must be known. */
const NEEDS_FILE_FACTS: ReadonlySet<JobState> = new Set([
  'queued',
  'uploading',
  'waiting_retry',
  'done',
]);

const JobRow = z
  .object({
    id: z.uuid(),
    source_path: z.string().min(1),
    file_name: z.string().min(1),
    size: int.nullable(),
    mtime_ms: z.number().nonnegative().nullable(),
    sha256: Sha256.nullable(),
    mime_type: z.string().min(1).nullable(),
    company_id: z.string().min(1),
    owner_id: z.string().min(1).nullable(),
    source: JobSource,
    watch_folder: z.string().min(1).nullable(),
    idempotency_key: z.uuid(),
    state: JobState,
    attempts: int,
    next_attempt_at: int.nullable(),
    last_error_code: z.string().nullable(),
    last_error_message: z.string().nullable(),
    permanent: z.union([z.literal(0), z.literal(1)]),
    upload_url: z.url().nullable(),
    uploaded_bytes: int,
    lease_id: z.uuid().nullable(),
    lease_owner: z.string().nullable(),
    lease_ms: int.nullable(),
    lease_expires_at: int.nullable(),
    raw_file_id: z.string().min(1).nullable(),
    created_at: int,
    updated_at: int,
  })
  .superRefine((row, ctx) => {
    const facts = [row.size, row.mtime_ms, row.sha256, row.mime_type];
    if (NEEDS_FILE_FACTS.has(row.state) && facts.some((value) => value === null)) {
      ctx.addIssue({
        code: 'custom',
        message: `a ${row.state} job needs size, mtime, hash and type`,
      });
    }
    if (row.state === 'uploading' && (row.lease_id === null || row.lease_expires_at === null)) {
      ctx.addIssue({ code: 'custom', message: 'an uploading job needs a lease' });
    }
    if (row.state === 'done' && row.raw_file_id === null) {
      ctx.addIssue({ code: 'custom', message: 'a done job needs its raw file id' });
    }
  });

export interface UploadJob {
  id: string;
  sourcePath: string;
  fileName: string;
  size: number | null;
  mtimeMs: number | null;
  sha256: string | null;
  mimeType: string | null;
  companyId: string;
  /** The user who queued it (null: the agent, or queued before owners were kept). */
  ownerId: string | null;
  source: JobSource;
  watchFolder: string | null;
  idempotencyKey: string;
  state: JobState;
  attempts: number;
  nextAttemptAt: number | null;
  lastErrorCode: string | null;
  lastErrorMessage: string | null;
  permanent: boolean;
  uploadUrl: string | null;
  uploadedBytes: number;
  leaseId: string | null;
  leaseOwner: string | null;
  leaseExpiresAt: number | null;
  rawFileId: string | null;
  createdAt: number;
  updatedAt: number;
}

export interface QuarantinedRow {
  seq: number;
  jobId: string | null;
  reason: string;
  /** The row as it was found, JSON-encoded. */
  rowJson: string;
  quarantinedAt: number;
}

export type ParsedRow = { ok: true; job: UploadJob } | { ok: false; reason: string };

export function parseJobRow(raw: unknown): ParsedRow {
  const parsed = JobRow.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: z.prettifyError(parsed.error) };
  const row = parsed.data;
  return {
    ok: true,
    job: {
      id: row.id,
      sourcePath: row.source_path,
      fileName: row.file_name,
      size: row.size,
      mtimeMs: row.mtime_ms,
      sha256: row.sha256,
      mimeType: row.mime_type,
      companyId: row.company_id,
      ownerId: row.owner_id,
      source: row.source,
      watchFolder: row.watch_folder,
      idempotencyKey: row.idempotency_key,
      state: row.state,
      attempts: row.attempts,
      nextAttemptAt: row.next_attempt_at,
      lastErrorCode: row.last_error_code,
      lastErrorMessage: row.last_error_message,
      permanent: row.permanent === 1,
      uploadUrl: row.upload_url,
      uploadedBytes: row.uploaded_bytes,
      leaseId: row.lease_id,
      leaseOwner: row.lease_owner,
      leaseExpiresAt: row.lease_expires_at,
      rawFileId: row.raw_file_id,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    },
  };
}

/** Reads one field of a raw row without trusting its shape. */
function field(raw: unknown, key: string): unknown {
  if (typeof raw !== 'object' || raw === null) return undefined;
  return (raw as Record<string, unknown>)[key];
}

/**
 * Moves one unparsable row out of the jobs table. Call inside a write transaction, with a row
 * selected as `SELECT rowid AS row_seq, *` (the rowid finds the row whatever else is wrong).
 */
export function quarantineRow(db: Db, raw: unknown, reason: string, now: number): void {
  const id = field(raw, 'id');
  db.prepare(
    'INSERT INTO upload_jobs_quarantine (job_id, row_json, reason, quarantined_at) VALUES (?, ?, ?, ?)',
  ).run(typeof id === 'string' ? id : null, JSON.stringify(raw), reason, now);
  db.prepare('DELETE FROM upload_jobs WHERE rowid = ?').run(field(raw, 'row_seq'));
}

const QuarantineRow = z.object({
  seq: int,
  job_id: z.string().nullable(),
  row_json: z.string(),
  reason: z.string(),
  quarantined_at: int,
});

export function listQuarantined(db: Db): QuarantinedRow[] {
  const rows = db.prepare('SELECT * FROM upload_jobs_quarantine ORDER BY seq').all();
  return z
    .array(QuarantineRow)
    .parse(rows)
    .map((row) => ({
      seq: row.seq,
      jobId: row.job_id,
      reason: row.reason,
      rowJson: row.row_json,
      quarantinedAt: row.quarantined_at,
    }));
}
