/**
 * Cached documents, cached review queues and the size limit: what the renderer loaded online,
 * kept per user, read back offline; least recently used rows and PDFs go first when the cache
 * is over its limit.
 */
import type { CachedDocument } from '../../../shared/ipc/review';
import { mergeServerCopy, pdfSourceOf } from './apply';
import type { CachedEntry, PdfWanted, StoreTotals } from './rows';
import type { StoreCore } from './storeCore';

export function cacheQueries(core: StoreCore) {
  const { db, now, docRow, readObject, recompute, asDocument, totals } = core;

  const upsertServerCopy = (
    userId: string,
    document: CachedDocument,
    at: number,
  ): PdfWanted | null => {
    const existing = docRow(userId, document.id);
    const previous = existing ? readObject(userId, document.id, existing.server_json) : null;
    const server = mergeServerCopy(previous, document);
    const text = JSON.stringify(server);
    if (existing) {
      db.prepare(
        `UPDATE cached_document SET server_json = ?, company_id = ?, last_used_at = ?, cached_at = ?
         WHERE user_id = ? AND id = ?`,
      ).run(text, document.company_id, at, at, userId, document.id);
    } else {
      db.prepare(
        `INSERT INTO cached_document (user_id, id, company_id, server_json, doc_json, last_used_at, cached_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(userId, document.id, document.company_id, text, text, at, at);
    }
    recompute(userId, document.id);
    const url = typeof server.url === 'string' ? server.url : '';
    if (!url) return null;
    const source = pdfSourceOf(url);
    if (existing?.pdf_file && existing.pdf_source === source) return null;
    return { userId, documentId: document.id, url, source };
  };

  return {
    getMeta(key: string): string | null {
      const row = db.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
        { value: string } | undefined;
      return row?.value ?? null;
    },
    setMeta(key: string, value: string): void {
      db.prepare(
        'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
      ).run(key, value);
    },
    /**
     * Stores the server's copies (the renderer loaded them) and, with `queue`, makes them the
     * cached content of that review queue, in this order. Returns the PDFs to fetch.
     */
    cacheDocuments(
      userId: string,
      documents: readonly CachedDocument[],
      queue?: { companyId: string; statusType: string },
    ): PdfWanted[] {
      return db
        .transaction(() => {
          const at = now();
          const wanted = documents
            .map((document) => upsertServerCopy(userId, document, at))
            .filter((entry): entry is PdfWanted => entry !== null);
          if (queue) {
            db.prepare(
              'DELETE FROM queue_member WHERE user_id = ? AND company_id = ? AND status_type = ?',
            ).run(userId, queue.companyId, queue.statusType);
            const insert = db.prepare(
              `INSERT OR IGNORE INTO queue_member (user_id, company_id, status_type, document_id, position)
               VALUES (?, ?, ?, ?, ?)`,
            );
            documents.forEach((document, position) => {
              if (document.company_id === queue.companyId)
                insert.run(userId, queue.companyId, queue.statusType, document.id, position);
            });
          }
          return wanted;
        })
        .immediate();
    },
    /** The cached copy as the user sees it; reading it counts as a use (LRU). */
    getDocument(userId: string, id: string): CachedEntry | null {
      return db
        .transaction(() => {
          const row = docRow(userId, id);
          if (!row) return null;
          const document = asDocument(userId, id, row.doc_json);
          if (!document) return null;
          db.prepare(
            'UPDATE cached_document SET last_used_at = ? WHERE user_id = ? AND id = ?',
          ).run(now(), userId, id);
          return { document, pdfFile: row.pdf_file };
        })
        .immediate();
    },
    /** A review queue as last loaded, without documents marked reviewed locally. */
    listQueue(userId: string, companyId: string, statusType: string): CachedDocument[] {
      const rows = db
        .prepare(
          `SELECT d.id, d.doc_json FROM queue_member q
           JOIN cached_document d ON d.user_id = q.user_id AND d.id = q.document_id
           WHERE q.user_id = ? AND q.company_id = ? AND q.status_type = ? AND d.company_id = ?
             AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.user_id = q.user_id
                             AND o.document_id = q.document_id AND o.kind = 'markReviewed')
           ORDER BY q.position`,
        )
        .all(userId, companyId, statusType, companyId) as { id: string; doc_json: string }[];
      return rows
        .map((row) => asDocument(userId, row.id, row.doc_json))
        .filter((document): document is CachedDocument => document !== null);
    },
    totals,
    userTotals(userId: string): StoreTotals {
      const row = db
        .prepare(
          `SELECT COUNT(*) AS n,
             COALESCE(SUM(pdf_bytes + length(server_json) + length(doc_json)), 0) AS bytes
           FROM cached_document WHERE user_id = ?`,
        )
        .get(userId) as { n: number; bytes: number };
      return { cachedDocuments: row.n, cacheBytes: row.bytes };
    },
    /** Records a fetched PDF; false when the document left the cache meanwhile. */
    setPdf(
      userId: string,
      documentId: string,
      file: string,
      bytes: number,
      source: string,
    ): boolean {
      return (
        db
          .prepare(
            `UPDATE cached_document SET pdf_file = ?, pdf_bytes = ?, pdf_source = ?
             WHERE user_id = ? AND id = ?`,
          )
          .run(file, bytes, source, userId, documentId).changes === 1
      );
    },
    /**
     * Frees space down to `limitBytes`, least recently used first. A document with unsent
     * changes keeps its row (the change needs it) but may lose its PDF. Returns the PDF files
     * to delete (after the commit).
     */
    evict(limitBytes: number): string[] {
      return db
        .transaction(() => {
          let { cacheBytes } = totals();
          const files: string[] = [];
          if (cacheBytes <= limitBytes) return files;
          const rows = db
            .prepare(
              `SELECT d.user_id, d.id, d.pdf_file, d.pdf_bytes,
                 length(d.server_json) + length(d.doc_json) AS json_bytes,
                 EXISTS (SELECT 1 FROM outbox o WHERE o.user_id = d.user_id
                         AND o.document_id = d.id) AS busy
               FROM cached_document d ORDER BY d.last_used_at, d.cached_at`,
            )
            .all() as {
            user_id: string;
            id: string;
            pdf_file: string | null;
            pdf_bytes: number;
            json_bytes: number;
            busy: number;
          }[];
          for (const row of rows) {
            if (cacheBytes <= limitBytes) break;
            if (row.pdf_file) files.push(row.pdf_file);
            if (row.busy) {
              db.prepare(
                `UPDATE cached_document SET pdf_file = NULL, pdf_bytes = 0, pdf_source = NULL
                 WHERE user_id = ? AND id = ?`,
              ).run(row.user_id, row.id);
              cacheBytes -= row.pdf_bytes;
            } else {
              db.prepare('DELETE FROM cached_document WHERE user_id = ? AND id = ?').run(
                row.user_id,
                row.id,
              );
              db.prepare('DELETE FROM queue_member WHERE user_id = ? AND document_id = ?').run(
                row.user_id,
                row.id,
              );
              cacheBytes -= row.pdf_bytes + row.json_bytes;
            }
          }
          return files;
        })
        .immediate();
    },
    /** Every PDF file the store refers to (to sweep files a crash left behind). */
    pdfFiles(): Set<string> {
      const rows = db
        .prepare('SELECT pdf_file FROM cached_document WHERE pdf_file IS NOT NULL')
        .all() as { pdf_file: string }[];
      return new Set(rows.map((row) => row.pdf_file));
    },
  };
}
