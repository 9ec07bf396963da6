/**
 * Row shapes of the offline review store and what its callers pass and get: outbox rows are
 * parsed with zod when loaded (a row that does not parse is quarantined, see storeCore.ts).
 */
import { z } from 'zod';
import { documentBase, documentChange, type DocumentChange } from '../../../shared/documents';
import {
  type CachedDocument,
  type OutboxItem,
  ReviewConflictField,
} from '../../../shared/ipc/review';
import type { Json } from './apply';

export interface SaveInput {
  documentId: string;
  companyId: string;
  kind: 'update' | 'markReviewed';
  changes: DocumentChange;
  base: DocumentChange;
  preview?: Json | undefined;
}

export interface CachedEntry {
  document: CachedDocument;
  pdfFile: string | null;
}

export interface PdfWanted {
  userId: string;
  documentId: string;
  url: string;
  source: string;
}

export interface StoreTotals {
  cachedDocuments: number;
  cacheBytes: number;
}

export interface OutboxCounts {
  pending: number;
  conflicts: number;
  failed: number;
}

export const JsonObject = z.record(z.string(), z.unknown());

const OutboxRow = z.object({
  seq: z.number().int(),
  id: z.string().min(1),
  user_id: z.string().min(1),
  document_id: z.string().min(1),
  company_id: z.string().min(1),
  document_name: z.string(),
  kind: z.enum(['update', 'markReviewed']),
  changes_json: z.string(),
  base_json: z.string(),
  state: z.enum(['pending', 'sending', 'conflict', 'failed']),
  conflicts_json: z.string(),
  attempts: z.number().int().nonnegative(),
  last_error: z.string().nullable(),
  next_attempt_at: z.number().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

export interface StoredItem extends OutboxItem {
  seq: number;
  userId: string;
  nextAttemptAt: number | null;
}

export function parseJson(text: string): unknown {
  return JSON.parse(text) as unknown;
}

export function parseItemRow(
  raw: unknown,
): { ok: true; item: StoredItem } | { ok: false; reason: string } {
  const row = OutboxRow.safeParse(raw);
  if (!row.success) return { ok: false, reason: z.prettifyError(row.error) };
  const r = row.data;
  try {
    const changes = documentChange.parse(parseJson(r.changes_json));
    const base = documentBase.parse(parseJson(r.base_json));
    const conflicts = z.array(ReviewConflictField).parse(parseJson(r.conflicts_json));
    if (r.state === 'conflict' && conflicts.length === 0) {
      return { ok: false, reason: 'a conflict without conflicting fields' };
    }
    return {
      ok: true,
      item: {
        seq: r.seq,
        id: r.id,
        userId: r.user_id,
        documentId: r.document_id,
        companyId: r.company_id,
        documentName: r.document_name,
        kind: r.kind,
        changes,
        base,
        state: r.state,
        conflicts,
        attempts: r.attempts,
        lastError: r.last_error,
        createdAt: r.created_at,
        nextAttemptAt: r.next_attempt_at,
      },
    };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
