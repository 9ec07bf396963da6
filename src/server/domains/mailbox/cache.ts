/**
 * Spec section 9: messages are cached for 60 seconds, the unread count for 50 (CACHE_SECONDS).
 * Answers are kept per integration and query; any change this process makes to the integration's
 * messages (a flag, a delete, a send, a sync that stored or changed mail) drops its entries.
 */
export interface TtlCache {
  get<T>(scope: string, key: string, ttlSeconds: number, load: () => Promise<T>): Promise<T>;
  invalidate(scope: string): void;
}

export function createTtlCache(now: () => number = Date.now): TtlCache {
  const scopes = new Map<string, Map<string, { expires: number; value: Promise<unknown> }>>();
  return {
    async get<T>(scope: string, key: string, ttlSeconds: number, load: () => Promise<T>) {
      let entries = scopes.get(scope);
      if (!entries) scopes.set(scope, (entries = new Map()));
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value as Promise<T>;
      const value = load();
      const entry = { expires: now() + ttlSeconds * 1000, value };
      entries.set(key, entry);
      // A failed load is not kept.
      value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
      return value;
    },
    invalidate(scope: string) {
      scopes.delete(scope);
    },
  };
}
