/**
 * Token buckets by key, in this process's memory: each key holds up to `burst` tokens and gains
 * `perSecond` a second. A request costing n tokens passes only when n are there (then they are
 * taken), else it is refused whole and told when enough will be back. Several server processes
 * each keep their own buckets, so a caller spread over them gets up to that many times the rate.
 */
export interface RateLimitSettings {
  burst: number;
  perSecond: number;
}

export type Take = { ok: true } | { ok: false; retryAfterSeconds: number };

/** Buckets idle long enough to be full again are forgotten once the map grows past this. */
const SWEEP_ABOVE = 10_000;

export function createRateLimiter(
  settings: RateLimitSettings,
  now: () => number = () => performance.now(),
) {
  const buckets = new Map<string, { tokens: number; at: number }>();

  function level(key: string, time: number): number {
    const bucket = buckets.get(key);
    if (!bucket) return settings.burst;
    const gained = ((time - bucket.at) / 1000) * settings.perSecond;
    return Math.min(settings.burst, bucket.tokens + gained);
  }

  function sweep(time: number) {
    for (const key of [...buckets.keys()])
      if (level(key, time) >= settings.burst) buckets.delete(key);
  }

  return {
    /**
     * Takes `cost` tokens from `key`'s bucket, or none when it holds fewer. A cost above `burst`
     * counts as `burst` (it needs a full bucket), so every request can pass some time.
     */
    take(key: string, requested = 1): Take {
      const cost = Math.min(requested, settings.burst);
      const time = now();
      const tokens = level(key, time);
      if (tokens < cost) {
        const retryAfterSeconds = Math.max(1, Math.ceil((cost - tokens) / settings.perSecond));
        return { ok: false, retryAfterSeconds };
      }
      if (buckets.size >= SWEEP_ABOVE) sweep(time);
      buckets.set(key, { tokens: tokens - cost, at: time });
      return { ok: true };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
