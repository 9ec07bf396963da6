/**
 * The last viewer of the saved session, so the app can start while the server cannot be
 * reached. The renderer hands it over after each online start and sign-in; main keeps it in the
 * store's `meta` table as one row with the SHA-256 of the session token it belongs to (never the
 * token). It is given back only while that same token is saved: another token (another user, a
 * new sign-in) gets nothing, and clearing the session forgets it.
 */
import type { RememberedViewer } from '../../../shared/ipc/review';
import { ReviewStoreError } from './db';
import { tokenHash } from './identity';
import type { ReviewStore } from './store';

const KEY = 'last_viewer';
/** A viewer is a user and a company with a few fields; far above any real one. */
const MAX_VIEWER_BYTES = 64 * 1024;

export interface ViewerMemory {
  /** Keeps the viewer for the saved token; false when no token is saved (nothing kept). */
  remember(viewer: RememberedViewer): Promise<boolean>;
  /** The viewer kept for the saved token, or null. */
  last(): Promise<RememberedViewer | null>;
  forget(): void;
}

function parse(value: string | null): { hash: string; viewer: RememberedViewer } | null {
  if (!value) return null;
  try {
    const row = JSON.parse(value) as unknown;
    if (!row || typeof row !== 'object') return null;
    const { hash, viewer } = row as { hash?: unknown; viewer?: unknown };
    if (typeof hash !== 'string' || !viewer || typeof viewer !== 'object') return null;
    return { hash, viewer: viewer as RememberedViewer };
  } catch {
    return null;
  }
}

export function createViewerMemory(options: {
  store: ReviewStore;
  /** The saved session token (read fresh each time: a sign-in has just saved a new one). */
  token: () => Promise<string | null>;
}): ViewerMemory {
  const { store } = options;
  return {
    async remember(viewer) {
      const json = JSON.stringify(viewer);
      if (json.length > MAX_VIEWER_BYTES) {
        throw new ReviewStoreError('REVIEW_INVALID', 'This viewer is too large to keep.');
      }
      const token = await options.token();
      if (!token) return false;
      store.setMeta(KEY, JSON.stringify({ hash: tokenHash(token), viewer }));
      return true;
    },
    async last() {
      const token = await options.token();
      if (!token) return null;
      const row = parse(store.getMeta(KEY));
      return row && row.hash === tokenHash(token) ? row.viewer : null;
    },
    forget() {
      store.db.prepare('DELETE FROM meta WHERE key = ?').run(KEY);
    },
  };
}
