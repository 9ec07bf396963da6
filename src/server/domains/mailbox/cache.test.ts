import { describe, expect, it } from 'vitest';
import { createTtlCache } from './cache';

describe('the inbox cache', () => {
  it('keeps an answer for its seconds, and drops a scope on change', async () => {
    let now = 0;
    let loads = 0;
    const cache = createTtlCache(() => now);
    const load = () => Promise.resolve((loads += 1));
    expect(await cache.get('m', 'list', 60, load)).toBe(1);
    now = 59_999;
    expect(await cache.get('m', 'list', 60, load)).toBe(1);
    now = 60_000;
    expect(await cache.get('m', 'list', 60, load)).toBe(2);
    cache.invalidate('m');
    expect(await cache.get('m', 'list', 60, load)).toBe(3);
  });

  it('does not keep a failed load', async () => {
    const cache = createTtlCache(() => 0);
    await expect(cache.get('m', 'u', 50, () => Promise.reject(new Error('down')))).rejects.toThrow(
      'down',
    );
    expect(await cache.get('m', 'u', 50, () => Promise.resolve(7))).toBe(7);
  });
});
