/**
 * Per-request look-ups batched with DataLoader: keys asked for while one GraphQL request resolves
 * a level of fields are loaded in one call, and each key once per loader. A loader lives as long as
 * the request that made it (`perRequest`), so nothing is cached across requests or callers.
 */
import DataLoader from 'dataloader';

/**
 * A DataLoader over a look-up that answers a Map for the keys it was given; a key the look-up
 * does not find loads as undefined. A failed look-up fails every key of its batch (and is not cached).
 */
export function keyedLoader<V>(
  lookUp: (keys: string[]) => Promise<ReadonlyMap<string, V>>,
): DataLoader<string, V | undefined> {
  return new DataLoader<string, V | undefined>(async (keys) => {
    const found = await lookUp([...keys]);
    return keys.map((key) => found.get(key));
  });
}

/**
 * A memo of one value per request: the first call for a request object (the GraphQL context) runs
 * `make`, later calls with the same object get the same value, and it goes away with the request.
 */
export function perRequest<T>(): (request: object, make: () => T) => T {
  const made = new WeakMap<object, T>();
  return (request, make) => {
    if (made.has(request)) return made.get(request) as T;
    const value = make();
    made.set(request, value);
    return value;
  };
}
