import { describe, expect, it } from 'vitest';
import { Rng, hashString } from './rng';

describe('Rng', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = new Rng(42);
    const b = new Rng(42);
    const xs = Array.from({ length: 50 }, () => a.nextU32());
    const ys = Array.from({ length: 50 }, () => b.nextU32());
    expect(xs).toEqual(ys);
    expect(new Rng(43).nextU32()).not.toBe(xs[0]);
  });

  it('keeps int() inside its inclusive range and reaches both ends', () => {
    const rng = new Rng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 2000; i++) {
      const v = rng.int(3, 9);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(9);
      seen.add(v);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6, 7, 8, 9]);
  });

  it('forks independent, reproducible streams', () => {
    const base = new Rng(5);
    const f1 = base.fork('a').nextU32();
    base.nextU32();
    expect(base.fork('a').nextU32()).toBe(f1);
    expect(base.fork('b').nextU32()).not.toBe(f1);
  });

  it('shuffles without losing items and hashes strings stably', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    const shuffled = new Rng(1).shuffle(items);
    expect(shuffled).not.toEqual(items);
    expect([...shuffled].sort((x, y) => x - y)).toEqual(items);
    expect(hashString('ADJ123')).toBe(hashString('ADJ123'));
    expect(hashString('ADJ123')).not.toBe(hashString('ADJ124'));
  });
});
