/**
 * The queue's SQLite file: connection settings and forward-only migrations.
 *
 * The schema version lives in `PRAGMA user_version`. Each migration runs in its own transaction
 * together with the version bump, so a crash mid-migration leaves the previous version intact.
 * A file written by a newer LexDesk (a higher version than this code knows) is refused with a
 * clear error instead of being read with the wrong assumptions.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateSqliteFile } from '../privateFiles';
import { sqliteNativeBinding } from './nativeBinding';

export type Db = Database.Database;

export class UploadQueueError extends Error {
  constructor(
    readonly code: 'QUEUE_SCHEMA_TOO_NEW' | 'QUEUE_INVALID_INPUT' | 'QUEUE_SQLITE_UNAVAILABLE',
    message: string,
  ) {
    super(message);
    this.name = 'UploadQueueError';
  }
}

/** Index i holds the SQL that takes the file from version i to version i + 1. */
export const MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE upload_jobs (
    id TEXT PRIMARY KEY,
    source_path TEXT NOT NULL,
    file_name TEXT NOT NULL,
    size INTEGER,
    mtime_ms REAL,
    sha256 TEXT,
    mime_type TEXT,
    company_id TEXT NOT NULL,
    source TEXT NOT NULL,
    watch_folder TEXT,
    idempotency_key TEXT NOT NULL UNIQUE,
    state TEXT NOT NULL,
    attempts INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER,
    last_error_code TEXT,
    last_error_message TEXT,
    permanent INTEGER NOT NULL DEFAULT 0,
    upload_url TEXT,
    uploaded_bytes INTEGER NOT NULL DEFAULT 0,
    lease_id TEXT,
    lease_owner TEXT,
    lease_ms INTEGER,
    lease_expires_at INTEGER,
    raw_file_id TEXT,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX upload_jobs_due ON upload_jobs (state, created_at);
  CREATE INDEX upload_jobs_dedup ON upload_jobs (company_id, sha256, state);
  CREATE TABLE upload_jobs_quarantine (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    job_id TEXT,
    row_json TEXT NOT NULL,
    reason TEXT NOT NULL,
    quarantined_at INTEGER NOT NULL
  ) STRICT;
  `,
  // Who queued the job (the signed-in user's id; NULL for the agent and for jobs queued before
  // this version): a failed upload is shown to, retried and dismissed by that user only.
  `
  ALTER TABLE upload_jobs ADD COLUMN owner_id TEXT;
  CREATE INDEX upload_jobs_owner ON upload_jobs (owner_id, state);
  `,
];

export const SCHEMA_VERSION = MIGRATIONS.length;

function userVersion(db: Db): number {
  const value: unknown = db.pragma('user_version', { simple: true });
  return typeof value === 'number' ? value : 0;
}

export function migrate(db: Db, file: string): void {
  const current = userVersion(db);
  if (current > SCHEMA_VERSION) {
    throw new UploadQueueError(
      'QUEUE_SCHEMA_TOO_NEW',
      `The upload queue ${file} was written by a newer version of LexDesk (schema ${current}; ` +
        `this version knows up to ${SCHEMA_VERSION}). Update LexDesk, or move the file aside to ` +
        `start with an empty queue.`,
    );
  }
  for (let version = current; version < SCHEMA_VERSION; version += 1) {
    const sql = MIGRATIONS[version];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

export interface OpenQueueDatabaseOptions {
  /**
   * better-sqlite3's addon file to load instead of its node_modules build (the Electron-ABI build
   * in the packaged app). Default: the process-wide one of nativeBinding.ts, if set.
   */
  nativeBinding?: string;
}

/**
 * Loads SQLite and opens the file. A missing or unloadable addon (wrong ABI, not shipped) is
 * QUEUE_SQLITE_UNAVAILABLE with the file it tried, so the caller can say uploads are unavailable
 * instead of crashing.
 */
function connect(file: string, nativeBinding: string | undefined): Db {
  const which = nativeBinding ?? "better-sqlite3's own build";
  if (nativeBinding !== undefined && !existsSync(nativeBinding)) {
    throw new UploadQueueError(
      'QUEUE_SQLITE_UNAVAILABLE',
      `SQLite's native module ${nativeBinding} is missing from this installation, so the upload ` +
        'queue cannot open (a build made without "npm run rebuild:electron"?).',
    );
  }
  try {
    return nativeBinding === undefined ? new Database(file) : new Database(file, { nativeBinding });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new UploadQueueError(
      'QUEUE_SQLITE_UNAVAILABLE',
      `The upload queue ${file} could not be opened with SQLite (${which}): ${detail}`,
    );
  }
}

export function openQueueDatabase(file: string, options: OpenQueueDatabaseOptions = {}): Db {
  preparePrivateSqliteFile(file); // owner-only: the queue and cache name clients' files
  const db = connect(file, options.nativeBinding ?? sqliteNativeBinding());
  try {
    // Another connection (a second process on the same file) may hold the write lock briefly.
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // FULL, not NORMAL. In WAL mode NORMAL already survives an app crash (committed pages sit in
    // the WAL file the OS has), but after a power loss or OS crash the last commits can vanish.
    // An enqueue is the moment we tell the user "we have your file" (and a watched folder may then
    // move or delete the original), and a complete() guards against a second upload, so a commit
    // must be on disk before it returns. FULL costs one fsync of the WAL per transaction; the
    // queue writes few transactions (a batch enqueue is one; progress writes are throttled by the
    // caller), so the cost is small.
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
