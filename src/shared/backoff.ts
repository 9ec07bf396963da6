/**
 * Retry delays, the one formula every retry loop uses (uploads, the offline review outbox and its
 * health probe, the renderer's bridge reconnect, the server's notification listener, pipeline
 * restarts and re-runs), each with its own numbers.
 *
 * Retry number n (1-based) may wait up to min(cap, base * 2^(n-1)). Jitter picks the delay under
 * that ceiling: `none` waits the ceiling, `full` a uniform point in [0, ceiling) (spreads many
 * clients that failed together the most), `equal` a uniform point in [ceiling/2, ceiling) (never
 * much shorter than planned). Delays are in whatever unit base and cap are in (ms, or seconds for
 * the pipeline's re-runs); a jittered delay is rounded down to a whole unit.
 */
export type Jitter = 'none' | 'full' | 'equal';

export interface BackoffOptions {
  /** The first retry's ceiling. */
  base: number;
  /** No ceiling grows past this. */
  cap: number;
  /** Default `none`. */
  jitter?: Jitter;
  /** Uniform in [0, 1) (Math.random by default); injected so tests are deterministic. */
  random?: () => number;
}

/** The longest wait before retry number `attempt` (1-based; below 1 counts as 1). */
export function backoffCeiling(attempt: number, options: Pick<BackoffOptions, 'base' | 'cap'>) {
  const exponent = Math.max(0, Math.floor(attempt) - 1);
  // 2^exponent overflows to Infinity long after the cap applies, so Math.min keeps it finite.
  return Math.min(options.cap, options.base * 2 ** exponent);
}

/** The wait before retry number `attempt` (1-based), in the unit of base and cap. */
export function backoffDelay(attempt: number, options: BackoffOptions): number {
  const ceiling = backoffCeiling(attempt, options);
  const jitter = options.jitter ?? 'none';
  if (jitter === 'none') return ceiling;
  const unit = Math.min(Math.max((options.random ?? Math.random)(), 0), 1 - Number.EPSILON);
  const floor = jitter === 'equal' ? ceiling / 2 : 0;
  return Math.floor(floor + unit * (ceiling - floor));
}
