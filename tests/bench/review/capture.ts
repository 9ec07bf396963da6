/**
 * Records the SQL the in-process server sends while a request runs, so the bench can run exactly
 * the same statements directly on PostgreSQL afterwards and compare. It wraps pg's Client#query
 * (the pool's clients are Clients); recording is off unless a capture is open.
 */
import pg from 'pg';

export interface CapturedQuery {
  text: string;
  values: unknown[];
  /** The connection's statement_timeout (ms) when it had one: replayed with the same limit. */
  timeoutMs?: number;
}

let active: CapturedQuery[] | null = null;
let installed = false;

function asCaptured(args: unknown[]): CapturedQuery | null {
  const [first, second] = args;
  if (typeof first === 'string')
    return { text: first, values: Array.isArray(second) ? [...(second as unknown[])] : [] };
  if (first && typeof first === 'object' && 'text' in first) {
    const config = first as { text: unknown; values?: unknown };
    if (typeof config.text !== 'string') return null;
    const values = Array.isArray(config.values)
      ? config.values
      : Array.isArray(second)
        ? second
        : [];
    return { text: config.text, values: [...(values as unknown[])] };
  }
  return null;
}

export function installQueryCapture(): void {
  if (installed) return;
  installed = true;
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function capturingQuery(this: pg.Client, ...args: unknown[]) {
    if (active) {
      const captured = asCaptured(args);
      const timeout = Number(
        (this as unknown as { connectionParameters?: { statement_timeout?: unknown } })
          .connectionParameters?.statement_timeout ?? 0,
      );
      if (captured) active.push(timeout > 0 ? { ...captured, timeoutMs: timeout } : captured);
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Runs `work` and returns the statements sent meanwhile (transaction control included). */
export async function captureQueries<T>(
  work: () => Promise<T>,
): Promise<{ value: T; queries: CapturedQuery[] }> {
  const queries: CapturedQuery[] = [];
  active = queries;
  try {
    return { value: await work(), queries };
  } finally {
    active = null;
  }
}
