import { describe, expect, it } from 'vitest';
import { keyedLoader, perRequest } from './loaders';

describe('keyedLoader', () => {
  it('given keys asked in one turn, then they are looked up in one call and each once', async () => {
    const calls: string[][] = [];
    const loader = keyedLoader(async (keys) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    const values = await Promise.all(['a', 'b', 'a', 'c'].map((key) => loader.load(key)));
    expect(values).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
    // Known keys come from the loader's cache; a new one is a new batch.
    expect(await loader.load('b')).toBe('B');
    expect(calls).toHaveLength(1);
    expect(await loader.load('d')).toBe('D');
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('given a failing look-up, then every key of that batch sees the error and a later ask tries again', async () => {
    let fail = true;
    const loader = keyedLoader(async (keys) => {
      if (fail) throw new Error('database down');
      return new Map(keys.map((key) => [key, key.length]));
    });
    const results = await Promise.allSettled([loader.load('x'), loader.load('y')]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(results[0]).toMatchObject({ reason: new Error('database down') });
    fail = false;
    expect(await loader.load('x')).toBe(1);
  });

  it('given a key the look-up does not find, then it loads undefined', async () => {
    const loader = keyedLoader(async () => new Map<string, number>());
    expect(await loader.load('missing')).toBeUndefined();
  });
});

describe('perRequest', () => {
  it('given one request, then every call gets the same value; another request gets its own', () => {
    let made = 0;
    const memo = perRequest<{ n: number }>();
    const valueOf = (request: object) => memo(request, () => ({ n: ++made }));
    const first = {};
    expect(valueOf(first)).toBe(valueOf(first));
    expect(valueOf({})).toEqual({ n: 2 });
    expect(made).toBe(2);
  });
});
