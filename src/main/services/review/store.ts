/**
 * The offline review store: cached documents (per signed-in user), the cached review queues,
 * the document center's lists as last loaded, and the outbox of changes. Every change the user makes is written to the outbox and to the
 * cached copy in one SQLite transaction, so the two never disagree, even after a crash.
 *
 * Outbox states: pending (waiting to be sent; `next_attempt_at` after a server error) ->
 * sending (a request is out) -> removed once the server confirms; conflict (the server changed
 * a field meanwhile; waits for the user's choice); failed (the server refused it; waits for
 * retry or discard). A document's items are sent strictly in order: an unresolved earlier item
 * holds back the later ones. See README.md.
 */
import { cacheQueries } from './cacheStore';
import { openReviewDatabase } from './db';
import { listQueries } from './listStore';
import { outboxQueries } from './outboxStore';
import { createStoreCore } from './storeCore';

export type {
  CachedEntry,
  OutboxCounts,
  PdfWanted,
  SaveInput,
  StoreTotals,
  StoredItem,
} from './rows';

export interface ReviewStoreOptions {
  file: string;
  nativeBinding?: string;
  now?: () => number;
  /** Told when a row could not be read (outbox rows are set aside, cache rows dropped). */
  onBadRow?: (info: { table: string; id: string | null; reason: string }) => void;
}

export type ReviewStore = ReturnType<typeof openReviewStore>;

export function openReviewStore(options: ReviewStoreOptions) {
  const db = openReviewDatabase(options.file, options.nativeBinding);
  const now = options.now ?? Date.now;
  const core = createStoreCore(db, now, (table, id, reason) => {
    try {
      options.onBadRow?.({ table, id, reason });
    } catch {
      // A failing reporter must not stop the store.
    }
  });

  // A request that was out when the app stopped (crash, kill, quit) is sent again: the server's
  // base check makes a resend of a change it already saved harmless (equal values are not
  // conflicts), and nothing is removed before the server confirms.
  db.prepare(`UPDATE outbox SET state = 'pending', updated_at = ? WHERE state = 'sending'`).run(
    now(),
  );

  return {
    db,
    ...cacheQueries(core),
    ...outboxQueries(core),
    ...listQueries(core),
    close: (): void => {
      db.close();
    },
  };
}
