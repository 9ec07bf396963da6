/**
 * Folds bursts of "something changed" into few refetches: the first trigger opens a short window,
 * every trigger inside it joins it, and `run` starts once when it closes. Triggers while `run` is
 * in flight make exactly one more run after it (never two at once, never one per event). So 100
 * events in a burst cost one refetch, or two when they straddle a refetch. Pure: the timer is
 * injected, so tests drive it by hand.
 */

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

export const realTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Coalescer {
  /** Something changed: `run` will start once, after the window (or after the run in flight). */
  trigger(): void;
  /** No run starts any more (a run in flight finishes). */
  dispose(): void;
}

export function createCoalescer(
  run: () => Promise<unknown>,
  options: { windowMs: number; timers?: Timers },
): Coalescer {
  const timers = options.timers ?? realTimers;
  let timer: unknown = null;
  let running = false;
  let again = false;
  let disposed = false;

  function open(): void {
    if (timer !== null || disposed) return;
    timer = timers.set(fire, options.windowMs);
  }

  function fire(): void {
    timer = null;
    if (disposed) return;
    running = true;
    again = false;
    void run()
      .catch(() => undefined)
      .finally(() => {
        running = false;
        if (again) open();
      });
  }

  return {
    trigger() {
      if (running) again = true;
      else open();
    },
    dispose() {
      disposed = true;
      if (timer !== null) timers.clear(timer);
      timer = null;
    },
  };
}
