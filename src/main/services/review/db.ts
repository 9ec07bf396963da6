/**
 * The offline review store's SQLite file (<data dir>/desktop/review.db): loading SQLite the way
 * the upload queue does (the process-wide Electron addon from uploads/nativeBinding.ts), the
 * connection settings and forward-only migrations (`PRAGMA user_version`, one transaction each).
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateSqliteFile } from '../privateFiles';
import { sqliteNativeBinding } from '../uploads/nativeBinding';

export type Db = Database.Database;

export type ReviewStoreErrorCode =
  | 'REVIEW_SCHEMA_TOO_NEW'
  | 'REVIEW_SQLITE_UNAVAILABLE'
  | 'REVIEW_NOT_FOUND'
  | 'REVIEW_INVALID'
  | 'REVIEW_REFUSED'
  | 'REVIEW_SIGNED_OUT';

export class ReviewStoreError extends Error {
  constructor(
    readonly code: ReviewStoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ReviewStoreError';
  }
}

/** Index i takes the file from version i to i + 1. */
export const REVIEW_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE cached_document (
    user_id TEXT NOT NULL,
    id TEXT NOT NULL,
    company_id TEXT NOT NULL,
    -- The server's copy as last seen (a GraphQL ProcessedFile as the renderer asked for it).
    server_json TEXT NOT NULL,
    -- What the user sees: the server's copy with every unsent outbox change applied in order.
    doc_json TEXT NOT NULL,
    -- The document's PDF in the cache folder (a name derived from user and id), its size and
    -- the link it came from without the signature, to notice a new PDF (re-split).
    pdf_file TEXT,
    pdf_bytes INTEGER NOT NULL DEFAULT 0,
    pdf_source TEXT,
    -- Display values given with a save (e.g. the type object of a new type id) until it is sent.
    preview_json TEXT,
    last_used_at INTEGER NOT NULL,
    cached_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, id)
  ) STRICT;
  CREATE INDEX cached_document_lru ON cached_document (user_id, last_used_at);
  CREATE TABLE queue_member (
    user_id TEXT NOT NULL,
    company_id TEXT NOT NULL,
    status_type TEXT NOT NULL,
    document_id TEXT NOT NULL,
    position INTEGER NOT NULL,
    PRIMARY KEY (user_id, company_id, status_type, document_id)
  ) STRICT;
  CREATE TABLE outbox (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    id TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL,
    document_id TEXT NOT NULL,
    company_id TEXT NOT NULL,
    document_name TEXT NOT NULL,
    kind TEXT NOT NULL,
    changes_json TEXT NOT NULL,
    base_json TEXT NOT NULL,
    state TEXT NOT NULL,
    conflicts_json TEXT NOT NULL DEFAULT '[]',
    attempts INTEGER NOT NULL DEFAULT 0,
    last_error TEXT,
    next_attempt_at INTEGER,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX outbox_document ON outbox (user_id, document_id, seq);
  CREATE TABLE outbox_quarantine (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    item_id TEXT,
    row_json TEXT NOT NULL,
    reason TEXT NOT NULL,
    quarantined_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  ) STRICT;
  `,
  // The document center's lists as last loaded online (per user, company and filters), shown
  // read-only while the server cannot be reached.
  `
  CREATE TABLE cached_list (
    user_id TEXT NOT NULL,
    company_id TEXT NOT NULL,
    list_key TEXT NOT NULL,
    list_json TEXT NOT NULL,
    cached_at INTEGER NOT NULL,
    PRIMARY KEY (user_id, company_id, list_key)
  ) STRICT;
  `,
];

export const REVIEW_SCHEMA_VERSION = REVIEW_MIGRATIONS.length;

function userVersion(db: Db): number {
  const value: unknown = db.pragma('user_version', { simple: true });
  return typeof value === 'number' ? value : 0;
}

function migrate(db: Db, file: string): void {
  const current = userVersion(db);
  if (current > REVIEW_SCHEMA_VERSION) {
    throw new ReviewStoreError(
      'REVIEW_SCHEMA_TOO_NEW',
      `The offline review store ${file} was written by a newer version of LexDesk (schema ` +
        `${current}; this version knows up to ${REVIEW_SCHEMA_VERSION}). Update LexDesk.`,
    );
  }
  for (let version = current; version < REVIEW_SCHEMA_VERSION; version += 1) {
    const sql = REVIEW_MIGRATIONS[version];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${version + 1}`);
    }).immediate();
  }
}

function connect(file: string, nativeBinding: string | undefined): Db {
  if (nativeBinding !== undefined && !existsSync(nativeBinding)) {
    throw new ReviewStoreError(
      'REVIEW_SQLITE_UNAVAILABLE',
      `SQLite's native module ${nativeBinding} is missing from this installation, so the offline ` +
        'review store cannot open.',
    );
  }
  try {
    return nativeBinding === undefined ? new Database(file) : new Database(file, { nativeBinding });
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : String(error);
    throw new ReviewStoreError(
      'REVIEW_SQLITE_UNAVAILABLE',
      `The offline review store ${file} could not be opened with SQLite: ${detail}`,
    );
  }
}

export function openReviewDatabase(file: string, nativeBinding?: string): Db {
  preparePrivateSqliteFile(file); // owner-only: the queue and cache name clients' files
  const db = connect(file, nativeBinding ?? sqliteNativeBinding());
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('journal_mode = WAL');
    // FULL, as the upload queue. The outbox is the only copy of an edit made offline: the app
    // tells the user "saved on this computer" once the transaction commits, and the user may then
    // close the laptop lid or lose power. With NORMAL a WAL commit survives an app crash but not
    // an OS crash or power loss; FULL fsyncs the WAL on every commit. Edits are made at human
    // speed (a few transactions a minute), so the fsync costs nothing anyone notices.
    db.pragma('synchronous = FULL');
    migrate(db, file);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}
