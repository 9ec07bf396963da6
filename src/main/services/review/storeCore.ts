/**
 * The store's shared internals: reading outbox rows (bad ones quarantined), cached rows (bad
 * ones dropped: they are only a cache), and writing a document's local view, which is the
 * server's copy with every unsent change applied in order. Callers run these inside their own
 * transactions.
 */
import { z } from 'zod';
import { CachedDocument } from '../../../shared/ipc/review';
import { localView, mergeServerCopy, type Json, type LocalChange } from './apply';
import type { Db } from './db';
import { JsonObject, parseItemRow, parseJson, type StoreTotals, type StoredItem } from './rows';

export type BadRowReport = (table: string, id: string | null, reason: string) => void;

export interface DocRow {
  server_json: string;
  preview_json: string | null;
  doc_json: string;
  pdf_file: string | null;
  pdf_source: string | null;
  company_id: string;
}

export function createStoreCore(db: Db, now: () => number, report: BadRowReport) {
  const acceptItem = (raw: unknown): StoredItem | null => {
    const parsed = parseItemRow(raw);
    if (parsed.ok) return parsed.item;
    const id = (raw as { id?: unknown } | undefined)?.id;
    const itemId = typeof id === 'string' ? id : null;
    db.transaction(() => {
      db.prepare(
        `INSERT INTO outbox_quarantine (item_id, row_json, reason, quarantined_at) VALUES (?, ?, ?, ?)`,
      ).run(itemId, JSON.stringify(raw), parsed.reason, now());
      db.prepare('DELETE FROM outbox WHERE seq = ?').run((raw as { seq?: unknown }).seq ?? -1);
    })();
    report('outbox', itemId, parsed.reason);
    return null;
  };

  const itemsOf = (sql: string, ...params: unknown[]): StoredItem[] =>
    db
      .prepare(sql)
      .all(...params)
      .map(acceptItem)
      .filter((item): item is StoredItem => item !== null);

  const unresolvedOf = (userId: string, documentId: string): StoredItem[] =>
    itemsOf(
      'SELECT * FROM outbox WHERE user_id = ? AND document_id = ? ORDER BY seq',
      userId,
      documentId,
    );

  const itemById = (id: string): StoredItem | null => {
    const raw = db.prepare('SELECT * FROM outbox WHERE id = ?').get(id);
    return raw === undefined ? null : acceptItem(raw);
  };

  const docRow = (userId: string, id: string): DocRow | undefined =>
    db
      .prepare(
        `SELECT server_json, preview_json, doc_json, pdf_file, pdf_source, company_id
         FROM cached_document WHERE user_id = ? AND id = ?`,
      )
      .get(userId, id) as DocRow | undefined;

  /** A cache row that does not parse is only a cache: it is dropped and reported. */
  const readObject = (userId: string, id: string, text: string): Json | null => {
    try {
      return JsonObject.parse(parseJson(text));
    } catch (error) {
      db.prepare('DELETE FROM cached_document WHERE user_id = ? AND id = ?').run(userId, id);
      report('cached_document', id, error instanceof Error ? error.message : String(error));
      return null;
    }
  };

  /** Writes the local view: the server's copy with every unsent change applied. */
  const recompute = (userId: string, documentId: string): void => {
    const row = docRow(userId, documentId);
    if (!row) return;
    const server = readObject(userId, documentId, row.server_json);
    if (!server) return;
    const items = unresolvedOf(userId, documentId);
    const preview =
      items.length > 0 && row.preview_json
        ? readObject(userId, documentId, row.preview_json)
        : null;
    const changes: LocalChange[] = items.map((item) => ({
      kind: item.kind,
      changes: item.changes,
      createdAt: item.createdAt,
    }));
    db.prepare(
      `UPDATE cached_document SET doc_json = ?, preview_json = ? WHERE user_id = ? AND id = ?`,
    ).run(
      JSON.stringify(localView(server, changes, preview)),
      items.length > 0 ? row.preview_json : null,
      userId,
      documentId,
    );
  };

  const asDocument = (userId: string, id: string, text: string): CachedDocument | null => {
    const value = readObject(userId, id, text);
    if (!value) return null;
    const parsed = CachedDocument.safeParse(value);
    if (parsed.success) return parsed.data;
    db.prepare('DELETE FROM cached_document WHERE user_id = ? AND id = ?').run(userId, id);
    report('cached_document', id, z.prettifyError(parsed.error));
    return null;
  };

  /** Only updates a document that is cached; the answer merges over the cached server copy. */
  const refreshServerCopy = (userId: string, documentId: string, answer: Json): void => {
    const row = docRow(userId, documentId);
    if (!row) return;
    const previous = readObject(userId, documentId, row.server_json);
    if (!previous) return;
    db.prepare('UPDATE cached_document SET server_json = ? WHERE user_id = ? AND id = ?').run(
      JSON.stringify(mergeServerCopy(previous, answer)),
      userId,
      documentId,
    );
    recompute(userId, documentId);
  };

  const totals = (): StoreTotals => {
    const row = db
      .prepare(
        `SELECT COUNT(*) AS n,
           COALESCE(SUM(pdf_bytes + length(server_json) + length(doc_json)), 0) AS bytes
         FROM cached_document`,
      )
      .get() as { n: number; bytes: number };
    return { cachedDocuments: row.n, cacheBytes: row.bytes };
  };

  return {
    db,
    now,
    report,
    acceptItem,
    itemsOf,
    unresolvedOf,
    itemById,
    docRow,
    readObject,
    recompute,
    asDocument,
    refreshServerCopy,
    totals,
  };
}

export type StoreCore = ReturnType<typeof createStoreCore>;
