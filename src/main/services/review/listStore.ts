/**
 * Lists as last loaded online (the document center's), kept per user, company and list key (the
 * renderer's filters and page), so the list can be shown read-only, with its time, while the
 * server cannot be reached. Only the most recent LISTS_PER_USER lists of a user are kept.
 */
import { z } from 'zod';
import type { StoreCore } from './storeCore';

export const LISTS_PER_USER = 20;

export interface CachedList {
  /** The list as the renderer gave it (it checks it against its own query when read back). */
  list: unknown;
  /** When it was loaded from the server (ms since the epoch). */
  cachedAt: number;
}

const Row = z.object({ list_json: z.string(), cached_at: z.number().int() });

export function listQueries(core: StoreCore) {
  const { db, now } = core;
  return {
    cacheList(userId: string, companyId: string, key: string, list: unknown): void {
      db.transaction(() => {
        db.prepare(
          `INSERT INTO cached_list (user_id, company_id, list_key, list_json, cached_at)
           VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (user_id, company_id, list_key)
           DO UPDATE SET list_json = excluded.list_json, cached_at = excluded.cached_at`,
        ).run(userId, companyId, key, JSON.stringify(list), now());
        db.prepare(
          `DELETE FROM cached_list WHERE user_id = ? AND rowid NOT IN (
             SELECT rowid FROM cached_list WHERE user_id = ? ORDER BY cached_at DESC, rowid DESC
             LIMIT ?)`,
        ).run(userId, userId, LISTS_PER_USER);
      }).immediate();
    },
    cachedList(userId: string, companyId: string, key: string): CachedList | null {
      const raw: unknown = db
        .prepare(
          `SELECT list_json, cached_at FROM cached_list
           WHERE user_id = ? AND company_id = ? AND list_key = ?`,
        )
        .get(userId, companyId, key);
      const row = Row.safeParse(raw);
      if (!row.success) return null;
      try {
        return { list: JSON.parse(row.data.list_json) as unknown, cachedAt: row.data.cached_at };
      } catch {
        return null;
      }
    },
  };
}
