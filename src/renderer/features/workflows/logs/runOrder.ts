/** A run's nodes in the order they were queued (the trigger first). */
export function inRunOrder<T extends { queued_at: string; started_at: string | null }>(
  nodes: readonly T[],
): T[] {
  const at = (value: string | null) => (value ? Date.parse(value) : Number.POSITIVE_INFINITY);
  return [...nodes].sort(
    (a, b) => at(a.queued_at) - at(b.queued_at) || at(a.started_at) - at(b.started_at),
  );
}
