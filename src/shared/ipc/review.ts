/**
 * IPC channels of offline review (review issue). The main process keeps a local cache (SQLite
 * plus the PDFs) of the review queue and of recently opened documents, and an outbox of changes
 * written in the same transaction as the cached change. Every save goes through the outbox,
 * online or not: main sends it at once when the server answers, else when it comes back. A
 * field the server changed meanwhile becomes a conflict the user resolves; nothing is dropped.
 */
import { z } from 'zod';
import { documentBase, documentChange } from '../documents';

const Id = z.string().min(1).max(100);

/**
 * A document as the renderer loaded it from the server (the GraphQL ProcessedFile fields it
 * asked for). Main stores it as given; it needs id, company_id and version.
 */
export const CachedDocument = z
  .object({
    id: Id,
    company_id: Id,
    version: z.number().int(),
    url: z.string(),
  })
  .passthrough();
export type CachedDocument = z.infer<typeof CachedDocument>;

export const OutboxKind = z.enum(['update', 'markReviewed']);
export const OutboxState = z.enum(['pending', 'sending', 'conflict', 'failed']);

export const ReviewConflictField = z.object({
  field: z.string(),
  /** JSON-encoded values, as the server's FieldConflict gives them. */
  base_value: z.string().nullable(),
  server_value: z.string().nullable(),
  your_value: z.string().nullable(),
});
export type ReviewConflictField = z.infer<typeof ReviewConflictField>;

export const OutboxItem = z.object({
  id: z.string(),
  documentId: z.string(),
  companyId: z.string(),
  /** The document's name when queued, for lists. */
  documentName: z.string(),
  kind: OutboxKind,
  /** New values of the document's editable fields (src/shared/documents). */
  changes: documentChange,
  /** The values the user started from, for the changed fields. */
  base: documentBase,
  state: OutboxState,
  conflicts: z.array(ReviewConflictField),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** ms since the epoch */
  createdAt: z.number(),
  /** When a waiting item is tried again (ms since the epoch), if it waits on a backoff. */
  nextAttemptAt: z.number().nullable().optional(),
});
export type OutboxItem = z.infer<typeof OutboxItem>;

export const ReviewStatus = z.object({
  /** Whether the server answered the last request or health check. */
  online: z.boolean(),
  /** ms since the epoch of the last successful contact, if any. */
  lastContactAt: z.number().nullable(),
  pending: z.number().int(),
  conflicts: z.number().int(),
  cachedDocuments: z.number().int(),
  cacheBytes: z.number(),
  /** Changes the server refused (they stay until the user retries or discards them). */
  failed: z.number().int().optional(),
  /** The cache's size limit in bytes (the reviewCacheMB setting). */
  cacheLimitBytes: z.number().optional(),
  /** Whether main has a session to send with (false: changes wait for the next sign-in). */
  signedIn: z.boolean().optional(),
});
export type ReviewStatus = z.infer<typeof ReviewStatus>;

export const SaveOutcome = z.object({
  /** saved: the server has it; queued: kept in the outbox until the server answers; conflict: the user must choose. */
  status: z.enum(['saved', 'queued', 'conflict']),
  outboxId: z.string(),
  /** The cached document after the change (the server's copy when saved). */
  document: CachedDocument.nullable(),
  conflicts: z.array(ReviewConflictField),
});
export type SaveOutcome = z.infer<typeof SaveOutcome>;

const Ok = z.object({ ok: z.literal(true) });

/** A list to keep: any JSON object the renderer checks again when it reads it back (≤ 2 MB). */
const CachedListValue = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= 2_000_000, 'The list is too large to keep.');

/** A GraphQL Viewer as the renderer loaded it; the renderer checks the rest with its schema. */
export const RememberedViewer = z
  .object({
    user: z.object({ id: Id }).passthrough(),
    company: z.object({ id: Id }).passthrough(),
  })
  .passthrough();
export type RememberedViewer = z.infer<typeof RememberedViewer>;

export const reviewChannels = {
  /** Keep these documents (and their PDFs) in the cache; `queue` marks review-queue members. */
  'review:cacheDocuments': {
    request: z
      .object({
        documents: z.array(CachedDocument).max(500),
        queue: z
          .object({ companyId: Id, statusType: z.string().max(40) })
          .strict()
          .optional(),
      })
      .strict(),
    response: Ok,
  },
  'review:getCached': {
    request: z.object({ id: Id }).strict(),
    response: z.object({ document: CachedDocument.nullable(), hasPdf: z.boolean() }),
  },
  /** The cached review queue of a company (as last loaded online, with local changes applied). */
  'review:listCached': {
    request: z.object({ companyId: Id, statusType: z.string().max(40) }).strict(),
    response: z.object({ documents: z.array(CachedDocument) }),
  },
  /** The cached PDF's bytes, base64 (null when not cached). */
  /**
   * Keep a list as loaded online (the document center's: rows and total), under a key made of
   * its filters and page, to show it read-only while the server cannot be reached.
   */
  'review:cacheList': {
    request: z
      .object({ companyId: Id, key: z.string().min(1).max(4000), list: CachedListValue })
      .strict(),
    response: Ok,
  },
  /** The list kept under that key, with when it was loaded (null when none is kept). */
  'review:cachedList': {
    request: z.object({ companyId: Id, key: z.string().min(1).max(4000) }).strict(),
    response: z.object({ list: z.unknown(), cachedAt: z.number().nullable() }),
  },
  'review:getPdf': {
    request: z.object({ id: Id }).strict(),
    response: z.object({ base64: z.string().nullable() }),
  },
  'review:save': {
    request: z
      .object({
        documentId: Id,
        companyId: Id,
        kind: OutboxKind,
        changes: documentChange,
        base: documentBase,
        /**
         * Optional display values for the cached copy until the server answers, e.g. the
         * `legal_file_type` object that goes with a new `legal_file_type_id`. Never sent.
         */
        preview: z.record(z.string().min(1).max(64), z.unknown()).optional(),
      })
      .strict(),
    response: SaveOutcome,
  },
  'review:outbox': {
    request: z.object({}).strict(),
    response: z.object({ items: z.array(OutboxItem) }),
  },
  /** Per conflicting field, keep the user's value ('mine') or the server's ('server'). */
  'review:resolveConflict': {
    request: z
      .object({ outboxId: Id, choices: z.record(z.string(), z.enum(['mine', 'server'])) })
      .strict(),
    response: SaveOutcome,
  },
  'review:status': { request: z.object({}).strict(), response: ReviewStatus },
  /** Send a failed item again (it goes back to pending). */
  'review:retry': {
    request: z.object({ outboxId: Id }).strict(),
    response: z.object({ changed: z.boolean() }),
  },
  /**
   * The user gives up a failed or conflicting change: the item is removed and the cached copy
   * shows the server's values again. Pending items cannot be discarded (they are on their way).
   */
  'review:discard': {
    request: z.object({ outboxId: Id }).strict(),
    response: z.object({ changed: z.boolean() }),
  },
  /**
   * After an online start or a sign-in: main keeps this viewer (the GraphQL Viewer the renderer
   * loaded) tied to the SHA-256 of the saved session token, so the app can start offline.
   */
  'review:rememberViewer': {
    request: z.object({ viewer: RememberedViewer }).strict(),
    response: Ok,
  },
  /**
   * The viewer remembered for the saved session token, or null (no token, another token, none
   * kept). The renderer asks when the server cannot be reached at start-up; main then checks the
   * server at once, so its status (the offline banner) agrees.
   */
  'review:lastViewer': {
    request: z.object({}).strict(),
    response: z.object({ viewer: RememberedViewer.nullable() }),
  },
} as const;

export const reviewEvents = {
  /** Online state, outbox or cache changed. */
  'review:changed': ReviewStatus,
} as const;
