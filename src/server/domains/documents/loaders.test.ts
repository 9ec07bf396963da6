import { describe, expect, it } from 'vitest';
import { batched } from './loaders';

describe('batched', () => {
  it('given keys asked in one turn, then they are loaded in one call and each once', async () => {
    const calls: string[][] = [];
    const load = batched(async (keys) => {
      calls.push(keys);
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    const values = await Promise.all(['a', 'b', 'a', 'c'].map(load));
    expect(values).toEqual(['A', 'B', 'A', 'C']);
    expect(calls).toEqual([['a', 'b', 'c']]);
    expect(await load('b')).toBe('B');
    expect(calls).toHaveLength(1);
    expect(await load('d')).toBe('D');
    expect(calls).toEqual([['a', 'b', 'c'], ['d']]);
  });

  it('given a failing load, then every waiter of that batch sees the error', async () => {
    const load = batched<string>(() => Promise.reject(new Error('database down')));
    await expect(Promise.all([load('x'), load('y')])).rejects.toThrow('database down');
  });

  it('given a key the load does not find, then it resolves undefined', async () => {
    const load = batched(async () => new Map<string, number>());
    expect(await load('missing')).toBeUndefined();
  });
});
