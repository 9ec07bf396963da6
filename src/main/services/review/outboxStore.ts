/**
 * The outbox: every change the user saves, written together with the cached copy's change;
 * its states (pending, sending, conflict, failed) and the order rule (per document, only the
 * first unresolved item is due).
 */
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { DocumentChange } from '../../../shared/documents';
import type { OutboxState, ReviewConflictField } from '../../../shared/ipc/review';
import { documentNameOf, type Json } from './apply';
import { ReviewStoreError } from './db';
import type { OutboxCounts, SaveInput, StoredItem } from './rows';
import type { StoreCore } from './storeCore';

export function outboxQueries(core: StoreCore) {
  const { db, now, docRow, readObject, recompute, itemById, itemsOf, refreshServerCopy } = core;

  const setState = (
    id: string,
    state: z.infer<typeof OutboxState>,
    fields: { lastError?: string | null; nextAttemptAt?: number | null; attempt?: boolean } = {},
  ): boolean =>
    db
      .prepare(
        `UPDATE outbox SET state = @state, updated_at = @at,
           last_error = CASE WHEN @setError = 1 THEN @lastError ELSE last_error END,
           next_attempt_at = @nextAttemptAt,
           attempts = attempts + @attempt
         WHERE id = @id`,
      )
      .run({
        id,
        state,
        at: now(),
        setError: fields.lastError === undefined ? 0 : 1,
        lastError: fields.lastError ?? null,
        nextAttemptAt: fields.nextAttemptAt ?? null,
        attempt: fields.attempt ? 1 : 0,
      }).changes === 1;

  const counts = (userId: string | null): OutboxCounts => {
    if (userId === null) return { pending: 0, conflicts: 0, failed: 0 };
    const rows = db
      .prepare(`SELECT state, COUNT(*) AS n FROM outbox WHERE user_id = ? GROUP BY state`)
      .all(userId) as { state: string; n: number }[];
    const by = Object.fromEntries(rows.map((row) => [row.state, row.n]));
    return {
      pending: (by.pending ?? 0) + (by.sending ?? 0),
      conflicts: by.conflict ?? 0,
      failed: by.failed ?? 0,
    };
  };

  return {
    /** The outbox item and the cached copy's change, in one transaction. */
    enqueue(userId: string, input: SaveInput): StoredItem {
      return db
        .transaction(() => {
          const at = now();
          const row = docRow(userId, input.documentId);
          if (row && row.company_id !== input.companyId) {
            throw new ReviewStoreError(
              'REVIEW_INVALID',
              'The document belongs to another company than the one given.',
            );
          }
          const current = row ? readObject(userId, input.documentId, row.doc_json) : null;
          const id = randomUUID();
          db.prepare(
            `INSERT INTO outbox (id, user_id, document_id, company_id, document_name, kind,
               changes_json, base_json, state, created_at, updated_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?)`,
          ).run(
            id,
            userId,
            input.documentId,
            input.companyId,
            documentNameOf(current, input.changes, input.documentId),
            input.kind,
            JSON.stringify(input.changes),
            JSON.stringify(input.base),
            at,
            at,
          );
          if (row && input.preview && Object.keys(input.preview).length > 0) {
            const previous = row.preview_json
              ? readObject(userId, input.documentId, row.preview_json)
              : null;
            db.prepare(
              'UPDATE cached_document SET preview_json = ? WHERE user_id = ? AND id = ?',
            ).run(
              JSON.stringify({ ...(previous ?? {}), ...input.preview }),
              userId,
              input.documentId,
            );
          }
          if (row)
            db.prepare(
              'UPDATE cached_document SET last_used_at = ? WHERE user_id = ? AND id = ?',
            ).run(at, userId, input.documentId);
          recompute(userId, input.documentId);
          const item = itemById(id);
          if (!item) throw new Error('The outbox item just written could not be read back.');
          return item;
        })
        .immediate();
    },
    item: (id: string): StoredItem | null => itemById(id),
    outbox(userId: string): StoredItem[] {
      return itemsOf('SELECT * FROM outbox WHERE user_id = ? ORDER BY seq', userId);
    },
    /** Per document, its first unresolved item when that one is pending and due. */
    due(userId: string, documentId?: string): StoredItem[] {
      const at = now();
      const firsts = itemsOf(
        `SELECT o.* FROM outbox o
         WHERE o.user_id = ? AND (? IS NULL OR o.document_id = ?)
           AND o.seq = (SELECT MIN(seq) FROM outbox f WHERE f.user_id = o.user_id
                        AND f.document_id = o.document_id)
         ORDER BY o.seq`,
        userId,
        documentId ?? null,
        documentId ?? null,
      );
      return firsts.filter(
        (item) =>
          item.state === 'pending' && (item.nextAttemptAt === null || item.nextAttemptAt <= at),
      );
    },
    /** The earliest time a waiting item becomes due, if any. */
    nextWake(userId: string): number | null {
      const row = db
        .prepare(
          `SELECT MIN(next_attempt_at) AS at FROM outbox
           WHERE user_id = ? AND state = 'pending' AND next_attempt_at IS NOT NULL`,
        )
        .get(userId) as { at: number | null };
      return row.at;
    },
    markSending: (id: string): boolean => setState(id, 'sending', { attempt: true }),
    /** Back to pending: an unreachable server (no attempt spent) or a server error (backoff). */
    markPending(
      id: string,
      options: {
        lastError?: string | null;
        nextAttemptAt?: number | null;
        giveBackAttempt?: boolean;
      },
    ): boolean {
      return db
        .transaction(() => {
          const done = setState(id, 'pending', {
            ...(options.lastError !== undefined ? { lastError: options.lastError } : {}),
            nextAttemptAt: options.nextAttemptAt ?? null,
          });
          if (done && options.giveBackAttempt)
            db.prepare('UPDATE outbox SET attempts = MAX(attempts - 1, 0) WHERE id = ?').run(id);
          return done;
        })
        .immediate();
    },
    markFailed: (id: string, message: string): boolean =>
      setState(id, 'failed', { lastError: message }),
    /** The server saved it: the item goes, the cached copy becomes the server's answer. */
    markSaved(id: string, answer: Json | null): void {
      db.transaction(() => {
        const item = itemById(id);
        if (!item) return;
        db.prepare('DELETE FROM outbox WHERE id = ?').run(id);
        if (answer) refreshServerCopy(item.userId, item.documentId, answer);
        if (item.kind === 'markReviewed') {
          db.prepare('DELETE FROM queue_member WHERE user_id = ? AND document_id = ?').run(
            item.userId,
            item.documentId,
          );
        }
        recompute(item.userId, item.documentId);
      }).immediate();
    },
    /** The server changed some of these fields meanwhile: keep the item for the user's choice. */
    markConflict(id: string, conflicts: ReviewConflictField[], answer: Json | null): void {
      db.transaction(() => {
        const item = itemById(id);
        if (!item) return;
        db.prepare(
          `UPDATE outbox SET state = 'conflict', conflicts_json = ?, last_error = NULL,
             next_attempt_at = NULL, updated_at = ? WHERE id = ?`,
        ).run(JSON.stringify(conflicts), now(), id);
        if (answer) refreshServerCopy(item.userId, item.documentId, answer);
        recompute(item.userId, item.documentId);
      }).immediate();
    },
    /** A resolved conflict: the item goes back to pending with the change to send. */
    resolve(id: string, changes: DocumentChange, base: DocumentChange): StoredItem | null {
      return db
        .transaction(() => {
          const item = itemById(id);
          if (!item || item.state !== 'conflict') return null;
          if (Object.keys(changes).length === 0 && item.kind === 'update') {
            // Every conflicting field went to the server's value and nothing else was changed.
            db.prepare('DELETE FROM outbox WHERE id = ?').run(id);
            recompute(item.userId, item.documentId);
            return null;
          }
          db.prepare(
            `UPDATE outbox SET state = 'pending', changes_json = ?, base_json = ?,
               conflicts_json = '[]', attempts = 0, last_error = NULL, next_attempt_at = NULL,
               updated_at = ? WHERE id = ?`,
          ).run(JSON.stringify(changes), JSON.stringify(base), now(), id);
          recompute(item.userId, item.documentId);
          return itemById(id);
        })
        .immediate();
    },
    retry(userId: string, id: string): boolean {
      return db
        .transaction(() => {
          const item = itemById(id);
          if (item?.userId !== userId || item.state !== 'failed') return false;
          return setState(id, 'pending', { lastError: null });
        })
        .immediate();
    },
    discard(userId: string, id: string): boolean {
      return db
        .transaction(() => {
          const item = itemById(id);
          if (item?.userId !== userId || (item.state !== 'failed' && item.state !== 'conflict'))
            return false;
          db.prepare('DELETE FROM outbox WHERE id = ?').run(id);
          recompute(userId, item.documentId);
          return true;
        })
        .immediate();
    },
    counts,
    refreshServerCopy,
  };
}
