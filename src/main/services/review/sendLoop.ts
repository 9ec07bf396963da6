/**
 * Sends the outbox: per document strictly in order (one request at a time per document, only
 * its first unresolved item), documents after one another; stops at the first request without
 * an answer (the server is gone: connectivity probes and calls `flush` when it is back) and
 * when the server says the session is over. Server errors back off (full jitter) and end as
 * failed after `maxAttempts`; refusals are failed at once. An item leaves the outbox only when
 * the server answered that it saved it.
 */
import { backoffDelay } from '../../../shared/backoff';
import type { Connectivity } from './connectivity';
import type { Identity, User } from './identity';
import {
  sendMarkReviewed,
  sendUpdate,
  type CallOptions,
  type Connection,
  type SendResult,
} from './serverClient';
import type { ReviewStore, StoredItem } from './store';

export interface SendLoopOptions {
  store: ReviewStore;
  identity: Identity;
  connectivity: Connectivity;
  call: CallOptions;
  retry: { baseDelayMs: number; maxDelayMs: number; maxAttempts: number; random: () => number };
  now: () => number;
  log: (line: string) => void;
  /** Something changed: tell the renderer. */
  emit: () => void;
  /** Registers work that `close` waits for. */
  track: <T>(work: Promise<T>) => Promise<T>;
  isClosed: () => boolean;
}

export interface SendLoop {
  canSend(user: User): user is User & { connection: Connection };
  /** Sends every due item of the current user (runs one pass at a time). */
  flush(): Promise<void>;
  /** Sends one document's due items now (a save waits for this). */
  sendDocument(user: User, documentId: string): Promise<void>;
  stop(): void;
}

type Step = 'sent' | 'stop' | 'skip';

export function createSendLoop(options: SendLoopOptions): SendLoop {
  const { store, identity, connectivity, call, retry, now, log, emit, track } = options;
  const docLocks = new Map<string, Promise<unknown>>();

  const canSend = (user: User): user is User & { connection: Connection } =>
    !options.isClosed() &&
    user.connection !== null &&
    !identity.isEnded(user) &&
    connectivity.online();

  /** One document's items are sent one at a time, in order. */
  const withDocLock = <T>(key: string, work: () => Promise<T>): Promise<T> => {
    const previous = docLocks.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const settled = next.catch(() => undefined);
    docLocks.set(key, settled);
    void settled.then(() => {
      if (docLocks.get(key) === settled) docLocks.delete(key);
    });
    return track(next);
  };

  let wakeTimer: NodeJS.Timeout | null = null;
  const scheduleWake = (userId: string): void => {
    if (options.isClosed()) return;
    const at = store.nextWake(userId);
    if (wakeTimer) clearTimeout(wakeTimer);
    wakeTimer = null;
    if (at === null) return;
    wakeTimer = setTimeout(() => void flush(), Math.max(0, at - now()) + 10);
    wakeTimer.unref();
  };

  const record = (user: User, item: StoredItem, result: SendResult): Step => {
    switch (result.kind) {
      case 'saved':
        connectivity.succeeded();
        store.markSaved(item.id, result.file);
        return 'sent';
      case 'conflict':
        connectivity.succeeded();
        store.markConflict(item.id, result.conflicts, result.file);
        return 'sent';
      case 'unreachable':
        store.markPending(item.id, { lastError: result.message, giveBackAttempt: true });
        connectivity.failed();
        return 'stop';
      case 'session':
        store.markPending(item.id, { lastError: result.message, giveBackAttempt: true });
        identity.ended(user);
        log('Offline review: the session ended; changes wait for the next sign-in.');
        return 'stop';
      case 'retry': {
        connectivity.succeeded();
        const attempts = item.attempts + 1;
        if (attempts >= retry.maxAttempts) {
          store.markFailed(item.id, result.message);
        } else {
          store.markPending(item.id, {
            lastError: result.message,
            nextAttemptAt:
              now() +
              backoffDelay(attempts, {
                base: retry.baseDelayMs,
                cap: retry.maxDelayMs,
                jitter: 'full',
                random: retry.random,
              }),
          });
          scheduleWake(user.userId);
        }
        return 'sent';
      }
      case 'refused':
        connectivity.succeeded();
        store.markFailed(item.id, result.message);
        return 'sent';
    }
  };

  const sendOne = async (user: User, itemId: string): Promise<Step> => {
    const item = store.item(itemId);
    if (item?.userId !== user.userId) return 'skip';
    if (store.due(user.userId, item.documentId)[0]?.id !== item.id) return 'skip';
    if (!canSend(user)) return 'stop';
    store.markSending(item.id);
    emit();
    const result: SendResult =
      item.kind === 'update'
        ? await sendUpdate(
            user.connection,
            { id: item.documentId, changes: item.changes, base: item.base },
            call,
          )
        : await sendMarkReviewed(user.connection, item.documentId, call);
    const step = record(user, item, result);
    emit();
    return step;
  };

  /** Sends due items (of one document, or of all) until none is due or the server is gone. */
  const sendDue = async (user: User, documentId?: string): Promise<void> => {
    for (;;) {
      if (!canSend(user)) return;
      const due = store.due(user.userId, documentId);
      if (due.length === 0) return;
      let progressed = false;
      for (const item of due) {
        const step = await withDocLock(`${user.userId}\u0000${item.documentId}`, () =>
          sendOne(user, item.id),
        );
        if (step === 'stop') return;
        if (step === 'sent') progressed = true;
      }
      if (!progressed) return;
    }
  };

  let flushing: Promise<void> | null = null;
  let again = false;
  const flush = (): Promise<void> => {
    if (options.isClosed()) return Promise.resolve();
    if (flushing) {
      again = true;
      return flushing;
    }
    flushing = track(
      (async () => {
        do {
          again = false;
          const user = await identity.current();
          if (!user) break;
          await sendDue(user);
          scheduleWake(user.userId);
        } while (again && !options.isClosed());
      })()
        .catch((error: unknown) => log(`Offline review: sending failed: ${String(error)}`))
        .finally(() => {
          flushing = null;
        }),
    );
    return flushing;
  };

  return {
    canSend,
    flush,
    sendDocument: (user, documentId) => sendDue(user, documentId),
    stop() {
      if (wakeTimer) clearTimeout(wakeTimer);
      wakeTimer = null;
    },
  };
}
