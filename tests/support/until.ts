/**
 * Waits for a condition the test cannot be told about by an event (a row's status, a lock held
 * by another process): checks it every 50 ms, and fails naming `what` when it has not held
 * within `timeoutMs`, which is a generous bound, never the thing under test.
 */
export async function until(
  check: () => Promise<boolean>,
  timeoutMs = 60_000,
  what = 'a condition',
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
