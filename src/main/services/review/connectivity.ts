/**
 * Is the server reachable? A request that gets no answer makes main offline at once; from then
 * on GET /health is probed with exponential backoff (full jitter, capped) until it answers, and
 * any success makes main online again (the caller then sends the outbox). While online, a
 * health check every `onlineCheckMs` notices a server that went away while nothing was sent.
 */
import { backoffDelay } from '../../../shared/backoff';

export interface ConnectivityOptions {
  /** GET /health: true when it answered 200. */
  check: () => Promise<boolean>;
  onChange: (online: boolean) => void;
  now?: () => number;
  random?: () => number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  onlineCheckMs?: number;
}

export interface Connectivity {
  online(): boolean;
  lastContactAt(): number | null;
  /** A request got an answer from the server. */
  succeeded(): void;
  /** A request got no answer (refused, reset, timed out). */
  failed(): void;
  /** Check now (start-up, sign-in); resolves with the outcome. */
  checkNow(): Promise<boolean>;
  stop(): void;
}

export function createConnectivity(options: ConnectivityOptions): Connectivity {
  const now = options.now ?? Date.now;
  const backoff = {
    base: options.baseDelayMs ?? 1_000,
    cap: options.maxDelayMs ?? 30_000,
    jitter: 'full',
    random: options.random ?? Math.random,
  } as const;
  const onlineCheckMs = options.onlineCheckMs ?? 15_000;
  let online = true;
  let lastContact: number | null = null;
  let failures = 0;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let checking: Promise<boolean> | null = null;

  const schedule = (delayMs: number): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void checkNow();
    }, delayMs);
    timer.unref();
  };

  const succeeded = (): void => {
    lastContact = now();
    failures = 0;
    const changed = !online;
    online = true;
    schedule(onlineCheckMs);
    if (changed) options.onChange(true);
  };

  const failed = (): void => {
    failures += 1;
    const changed = online;
    online = false;
    // The first probe comes soon (a restart of the server takes seconds); then it backs off.
    schedule(Math.max(200, backoffDelay(failures, backoff)));
    if (changed) options.onChange(false);
  };

  const checkNow = (): Promise<boolean> => {
    checking ??= options
      .check()
      .catch(() => false)
      .then((ok) => {
        checking = null;
        if (stopped) return ok;
        if (ok) succeeded();
        else failed();
        return ok;
      });
    return checking;
  };

  return {
    online: () => online,
    lastContactAt: () => lastContact,
    succeeded,
    failed,
    checkNow,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
