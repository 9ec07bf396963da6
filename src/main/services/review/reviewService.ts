/**
 * Offline review as one service for the runtime: the cache (SQLite + PDFs), the outbox and the
 * loop that sends it, online detection, and the status the renderer shows. Every save goes
 * through the outbox, online or not; when the server answers it is sent at once, otherwise when
 * the server comes back. Everything is kept per signed-in user (the viewer of the session
 * token), so a second person signing in on the same computer neither sees nor sends the first
 * one's changes. See README.md for the states and the choices.
 */
import { z } from 'zod';
import {
  documentBase,
  documentChange,
  isEditableField,
  type DocumentChange,
} from '../../../shared/documents';
import type {
  CachedDocument,
  OutboxItem,
  RememberedViewer,
  ReviewStatus,
  SaveOutcome,
} from '../../../shared/ipc/review';
import { resolveConflict, type Choice, type Json } from './apply';
import { createConnectivity } from './connectivity';
import { ReviewStoreError } from './db';
import { createIdentity, type User } from './identity';
import { createPdfCache } from './pdfCache';
import { createPdfDownloads } from './pdfDownloads';
import { createSendLoop } from './sendLoop';
import { checkHealth } from './serverClient';
import { openReviewStore } from './store';
import { createViewerMemory } from './viewerMemory';

export interface ReviewServiceOptions {
  /** The store's SQLite file, e.g. <data dir>/desktop/review.db. */
  file: string;
  /** Folder of the cached PDFs, e.g. <data dir>/desktop/review-cache/pdf. */
  pdfDir: string;
  nativeBinding?: string;
  /** The server's base URL ('' while there is none). */
  serverUrl: () => string;
  /** The saved session token, if any. */
  token: () => Promise<string | null>;
  /** The reviewCacheMB setting, in bytes. */
  cacheLimitBytes: () => Promise<number>;
  onChanged: (status: ReviewStatus) => void;
  log: (line: string) => void;
  fetch?: typeof fetch;
  now?: () => number;
  random?: () => number;
  connectivity?: { baseDelayMs?: number; maxDelayMs?: number; onlineCheckMs?: number };
  /** Server errors (5xx, malformed answers): backoff, then failed after maxAttempts. */
  retry?: { baseDelayMs?: number; maxDelayMs?: number; maxAttempts?: number };
  requestTimeoutMs?: number;
}

export interface SaveRequest {
  documentId: string;
  companyId: string;
  kind: 'update' | 'markReviewed';
  changes: DocumentChange;
  base: DocumentChange;
  preview?: Record<string, unknown> | undefined;
}

export interface ReviewService {
  cacheDocuments(
    documents: CachedDocument[],
    queue?: { companyId: string; statusType: string },
  ): Promise<void>;
  getCached(id: string): Promise<{ document: CachedDocument | null; hasPdf: boolean }>;
  listCached(companyId: string, statusType: string): Promise<CachedDocument[]>;
  getPdf(id: string): Promise<string | null>;
  /** Keeps a list as loaded online for the signed-in user (nothing while signed out). */
  cacheList(companyId: string, key: string, list: unknown): Promise<void>;
  /** The signed-in user's list kept under `key`, with its time; null when none. */
  cachedList(companyId: string, key: string): Promise<{ list: unknown; cachedAt: number } | null>;
  save(request: SaveRequest): Promise<SaveOutcome>;
  outbox(): Promise<OutboxItem[]>;
  resolveConflict(outboxId: string, choices: Record<string, Choice>): Promise<SaveOutcome>;
  retry(outboxId: string): Promise<boolean>;
  discard(outboxId: string): Promise<boolean>;
  status(): Promise<ReviewStatus>;
  /** The session token was saved or cleared: forget who was signed in, send what waits. */
  sessionChanged(): void;
  /** The id of the user of the saved session token (null: signed out or not known yet). */
  currentUserId(): Promise<string | null>;
  /** Keeps the viewer of the saved session (after an online start or a sign-in). */
  rememberViewer(viewer: RememberedViewer): Promise<void>;
  /**
   * The viewer kept for the saved session token (null for another token or none). Asked when
   * the renderer could not reach the server at start-up: the server is checked at once, so
   * the status (the offline banner) agrees before the app shows.
   */
  lastViewer(): Promise<RememberedViewer | null>;
  /** The session was cleared (sign-out): the kept viewer goes too. */
  forgetViewer(): void;
  /** The cache size setting changed. */
  settingsChanged(): void;
  /** Sends every due item now (also runs by itself); resolves when this pass is over. */
  flush(): Promise<void>;
  /** Resolves when no send and no PDF download is running (tests). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** A change (with its base and display values) is a few fields; this is far above any real one. */
const MAX_CHANGE_BYTES = 256 * 1024;

export function createReviewService(options: ReviewServiceOptions): ReviewService {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const log = options.log;
  const store = openReviewStore({
    file: options.file,
    ...(options.nativeBinding !== undefined ? { nativeBinding: options.nativeBinding } : {}),
    now,
    onBadRow: ({ table, id, reason }) =>
      log(`Offline review: a ${table} row (${id ?? '?'}) was unreadable and set aside: ${reason}`),
  });
  const pdfs = createPdfCache({
    dir: options.pdfDir,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const closing = new AbortController();
  const call = {
    ...(options.fetch ? { fetch: options.fetch } : {}),
    ...(options.requestTimeoutMs ? { timeoutMs: options.requestTimeoutMs } : {}),
    signal: closing.signal,
  };
  let closed = false;
  const isClosed = (): boolean => closed;

  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => undefined);
    return work;
  };

  // Status events: coalesced, one per tick at most.
  let emitQueued = false;
  const emit = (): void => {
    if (emitQueued || closed) return;
    emitQueued = true;
    queueMicrotask(() => {
      emitQueued = false;
      if (closed) return;
      status()
        .then((value) => options.onChanged(value))
        .catch((error: unknown) => log(`Offline review: status failed: ${String(error)}`));
    });
  };

  const connectivity = createConnectivity({
    check: () => {
      const url = options.serverUrl();
      return url ? checkHealth(url, call) : Promise.resolve(false);
    },
    onChange: (online) => {
      emit();
      if (online) void sender.flush();
    },
    now,
    random,
    ...options.connectivity,
  });
  const identity = createIdentity({
    store,
    token: options.token,
    serverUrl: options.serverUrl,
    connectivity,
    call,
    now,
    isClosed,
  });
  const viewers = createViewerMemory({ store, token: options.token });
  const sender = createSendLoop({
    store,
    identity,
    connectivity,
    call,
    retry: {
      baseDelayMs: options.retry?.baseDelayMs ?? 5_000,
      maxDelayMs: options.retry?.maxDelayMs ?? 300_000,
      maxAttempts: options.retry?.maxAttempts ?? 8,
      random,
    },
    now,
    log,
    emit,
    track,
    isClosed,
  });
  const downloads = createPdfDownloads({
    store,
    pdfs,
    identity,
    connectivity,
    cacheLimitBytes: options.cacheLimitBytes,
    signal: closing.signal,
    log,
    emit,
    track,
    isClosed,
  });

  /** Sends the item's document now when the server answers; the item's outcome. */
  const sendNowAndReport = async (
    user: User,
    itemId: string,
    documentId: string,
  ): Promise<SaveOutcome> => {
    if (sender.canSend(user)) await sender.sendDocument(user, documentId);
    const item = store.item(itemId);
    const document = store.getDocument(user.userId, documentId)?.document ?? null;
    // Gone from the outbox: the server confirmed, the cached copy is its answer.
    if (!item) return { status: 'saved', outboxId: itemId, document, conflicts: [] };
    if (item.state === 'conflict') {
      return { status: 'conflict', outboxId: item.id, document, conflicts: item.conflicts };
    }
    if (item.state === 'failed') {
      throw new ReviewStoreError(
        'REVIEW_REFUSED',
        `The server refused this change: ${item.lastError ?? 'no reason given'}. It is kept in the outbox, where you can try again or discard it.`,
      );
    }
    return { status: 'queued', outboxId: item.id, document, conflicts: [] };
  };

  const status = async (): Promise<ReviewStatus> => {
    const user = closed ? null : await identity.current().catch(() => null);
    const counts = store.counts(user?.userId ?? null);
    const totals = store.totals();
    return {
      online: connectivity.online(),
      lastContactAt: connectivity.lastContactAt(),
      pending: counts.pending,
      conflicts: counts.conflicts,
      failed: counts.failed,
      cachedDocuments: totals.cachedDocuments,
      cacheBytes: totals.cacheBytes,
      cacheLimitBytes: await options.cacheLimitBytes(),
      signedIn: user !== null && !identity.isEnded(user),
    };
  };

  const checkChanges = (request: SaveRequest): void => {
    if (request.kind === 'markReviewed') return;
    const unknown = Object.keys({ ...request.changes, ...request.base }).filter(
      (field) => !isEditableField(field),
    );
    if (unknown.length > 0) {
      throw new ReviewStoreError(
        'REVIEW_INVALID',
        `Fields that cannot be changed: ${unknown.join(', ')}.`,
      );
    }
    const changes = documentChange.safeParse(request.changes);
    const base = documentBase.safeParse(request.base);
    if (!changes.success || !base.success) {
      const error = changes.error ?? base.error;
      throw new ReviewStoreError(
        'REVIEW_INVALID',
        error ? z.prettifyError(error) : 'This change is not valid.',
      );
    }
    const size = JSON.stringify([request.changes, request.base, request.preview ?? null]).length;
    if (size > MAX_CHANGE_BYTES) {
      throw new ReviewStoreError('REVIEW_INVALID', 'This change is too large to keep.');
    }
    if (Object.keys(request.changes).length === 0) {
      throw new ReviewStoreError('REVIEW_INVALID', 'There is no change to save.');
    }
  };

  // Start: leftovers of a crash are swept, then the server is checked and what waits is sent.
  void track(
    (async () => {
      const removed = await pdfs.sweep(store.pdfFiles());
      if (removed > 0) log(`Offline review: removed ${removed} stray cache file(s).`);
      await downloads.enforceLimit();
      await connectivity.checkNow();
      await sender.flush();
      emit();
    })().catch((error: unknown) => log(`Offline review could not start: ${String(error)}`)),
  );

  return {
    async cacheDocuments(documents, queue) {
      const user = await identity.current();
      if (!user || closed) return;
      const wanted = store.cacheDocuments(user.userId, documents, queue);
      downloads.want(wanted, queue === undefined);
      await downloads.enforceLimit();
      emit();
    },
    async getCached(id) {
      const user = await identity.current();
      const entry = user ? store.getDocument(user.userId, id) : null;
      return { document: entry?.document ?? null, hasPdf: !!entry?.pdfFile };
    },
    async listCached(companyId, statusType) {
      const user = await identity.current();
      return user ? store.listQueue(user.userId, companyId, statusType) : [];
    },
    async cacheList(companyId, key, list) {
      const user = await identity.current();
      if (!user || closed) return;
      store.cacheList(user.userId, companyId, key, list);
    },
    async cachedList(companyId, key) {
      const user = await identity.current();
      if (!user || closed) return null;
      const kept = store.cachedList(user.userId, companyId, key);
      return kept ? { list: kept.list, cachedAt: kept.cachedAt } : null;
    },
    async getPdf(id) {
      const user = await identity.current();
      const entry = user ? store.getDocument(user.userId, id) : null;
      if (!entry?.pdfFile) return null;
      const bytes = await pdfs.read(entry.pdfFile);
      return bytes ? bytes.toString('base64') : null;
    },
    async save(request) {
      checkChanges(request);
      const user = await identity.require();
      const item = store.enqueue(user.userId, {
        documentId: request.documentId,
        companyId: request.companyId,
        kind: request.kind,
        changes: request.kind === 'update' ? request.changes : {},
        base: request.kind === 'update' ? request.base : {},
        preview: request.preview as Json | undefined,
      });
      emit();
      return sendNowAndReport(user, item.id, item.documentId);
    },
    async outbox() {
      const user = await identity.current();
      if (!user) return [];
      return store.outbox(user.userId).map((item) => ({
        id: item.id,
        documentId: item.documentId,
        companyId: item.companyId,
        documentName: item.documentName,
        kind: item.kind,
        changes: item.changes,
        base: item.base,
        state: item.state,
        conflicts: item.conflicts,
        attempts: item.attempts,
        lastError: item.lastError,
        createdAt: item.createdAt,
        nextAttemptAt: item.nextAttemptAt,
      }));
    },
    async resolveConflict(outboxId, choices) {
      const user = await identity.require();
      const item = store.item(outboxId);
      if (item?.userId !== user.userId) {
        throw new ReviewStoreError('REVIEW_NOT_FOUND', 'This change is no longer in the outbox.');
      }
      if (item.state !== 'conflict') {
        throw new ReviewStoreError('REVIEW_INVALID', 'This change is not waiting for a decision.');
      }
      const resolution = resolveConflict(item.changes, item.base, item.conflicts, choices);
      if (!resolution.ok) throw new ReviewStoreError('REVIEW_INVALID', resolution.message);
      store.resolve(item.id, resolution.changes, resolution.base);
      emit();
      return sendNowAndReport(user, item.id, item.documentId);
    },
    async retry(outboxId) {
      const user = await identity.require();
      const changed = store.retry(user.userId, outboxId);
      if (changed) {
        emit();
        void sender.flush();
      }
      return changed;
    },
    async discard(outboxId) {
      const user = await identity.require();
      const changed = store.discard(user.userId, outboxId);
      if (changed) {
        emit();
        void sender.flush();
      }
      return changed;
    },
    status,
    async currentUserId() {
      if (closed) return null;
      const user = await identity.current().catch(() => null);
      return user && !identity.isEnded(user) ? user.userId : null;
    },
    sessionChanged() {
      identity.reset();
      emit();
      void connectivity.checkNow().then(() => sender.flush());
    },
    async rememberViewer(viewer) {
      if (closed) return;
      await viewers.remember(viewer);
    },
    async lastViewer() {
      if (closed) return null;
      const viewer = await viewers.last();
      if (viewer && connectivity.online()) {
        // Usually settled at once (refused); a silent network is not waited for beyond this,
        // the status event follows when the check ends.
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          connectivity.checkNow(),
          new Promise((resolve) => {
            timer = setTimeout(resolve, 2_000);
            timer.unref();
          }),
        ]);
        clearTimeout(timer);
      }
      return viewer;
    },
    forgetViewer() {
      if (!closed) viewers.forget();
    },
    settingsChanged() {
      void downloads
        .enforceLimit()
        .then(emit)
        .catch((error: unknown) => log(`Offline review: eviction failed: ${String(error)}`));
    },
    flush: () => sender.flush(),
    async idle() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
    async close() {
      if (closed) return;
      closed = true;
      connectivity.stop();
      sender.stop();
      closing.abort();
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
      store.close();
    },
  };
}
