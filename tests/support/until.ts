/**
 * The project's one wait for a condition the test cannot be told about by an event (a row's
 * status, a lock held by another process, a queue's state): checks it every 25 ms, and fails
 * naming `what` when it has not held within `timeoutMs`, which is a generous bound, never the
 * thing under test. Tests under src/** and tests/** both import it from here.
 */
const POLL_MS = 25;

export async function until(
  check: () => Promise<boolean> | boolean,
  timeoutMs = 60_000,
  what = 'a condition',
): Promise<void> {
  await untilValue(check, (held) => held, what, timeoutMs);
}

/** As `until`, for a value: reads it until `done(value)` holds, and returns that value. */
export function untilValue<T, U extends T>(
  read: () => Promise<T> | T,
  done: (value: T) => value is U,
  what?: string,
  timeoutMs?: number,
): Promise<U>;
export function untilValue<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what?: string,
  timeoutMs?: number,
): Promise<T>;
export async function untilValue<T>(
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  what = 'a value',
  timeoutMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
