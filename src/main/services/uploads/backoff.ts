/**
 * Retry delays for transient upload failures: exponential growth with "full jitter".
 *
 * The ceiling for attempt n is min(maxDelayMs, baseDelayMs * 2^(n-1)); the delay is a uniform
 * random point in [0, ceiling). Full jitter spreads retries of many jobs that failed together
 * (the server went down) so they do not all come back at the same instant.
 */
export interface BackoffOptions {
  baseDelayMs: number;
  maxDelayMs: number;
  /** Uniform in [0, 1); injected so tests are deterministic. */
  random: () => number;
}

/** The largest delay attempt `attempt` (1-based) may wait. */
export function backoffCeilingMs(attempt: number, options: Omit<BackoffOptions, 'random'>): number {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2^exponent overflows to Infinity long after the cap applies, so Math.min keeps it finite.
  return Math.min(options.maxDelayMs, options.baseDelayMs * 2 ** exponent);
}

export function backoffDelayMs(attempt: number, options: BackoffOptions): number {
  const ceiling = backoffCeilingMs(attempt, options);
  const unit = Math.min(Math.max(options.random(), 0), 1 - Number.EPSILON);
  return Math.floor(unit * ceiling);
}
