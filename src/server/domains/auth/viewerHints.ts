/**
 * The viewer each session token resolved to at its last fresh check, kept briefly in memory. It
 * is only a hint: a read-only request may start its work as this viewer while the fresh session
 * check runs beside it, and its answer is sent only if the fresh check resolves to the very same
 * viewer (same session, user, role and company scope). Revocation, deactivation and role or
 * company changes therefore still apply from the next request; a hint never answers anything.
 * Keys are token hashes, never tokens.
 */
import type { Viewer } from '../../permissions';

export interface ViewerHints {
  get(tokenHash: string): Viewer | undefined;
  remember(tokenHash: string, viewer: Viewer): void;
  forget(tokenHash: string): void;
}

export const VIEWER_HINT_LIMITS = { maxEntries: 10_000, maxAgeMs: 5 * 60_000 } as const;

export function createViewerHints(
  options: { maxEntries?: number; maxAgeMs?: number; now?: () => number } = {},
): ViewerHints {
  const maxEntries = options.maxEntries ?? VIEWER_HINT_LIMITS.maxEntries;
  const maxAgeMs = options.maxAgeMs ?? VIEWER_HINT_LIMITS.maxAgeMs;
  const now = options.now ?? Date.now;
  // Insertion order is recency order: a remembered entry is moved to the end.
  const entries = new Map<string, { viewer: Viewer; at: number }>();
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (now() - entry.at > maxAgeMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.viewer;
    },
    remember(tokenHash, viewer) {
      entries.delete(tokenHash);
      entries.set(tokenHash, { viewer, at: now() });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    forget(tokenHash) {
      entries.delete(tokenHash);
    },
  };
}

/** True when two viewers are the same caller with the same rights (field by field). */
export function sameViewer(a: Viewer, b: Viewer): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}
