import { describe, expect, it } from 'vitest';
import { backoffCeilingMs, backoffDelayMs } from './backoff';

const limits = { baseDelayMs: 1_000, maxDelayMs: 30_000 };

describe('backoff', () => {
  it('given growing attempts, when the ceiling is computed, then it doubles and stops at the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => backoffCeilingMs(n, limits));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('given random values across [0, 1), when delays are drawn, then each lies in [0, ceiling)', () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      for (const r of [0, 0.25, 0.5, 0.999999, 1]) {
        const delay = backoffDelayMs(attempt, { ...limits, random: () => r });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(backoffCeilingMs(attempt, limits));
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('given the same random draw, when the attempt grows, then the delay grows until the cap', () => {
    const delays = [1, 2, 3, 4].map((n) => backoffDelayMs(n, { ...limits, random: () => 0.5 }));
    expect(delays).toEqual([500, 1_000, 2_000, 4_000]);
  });
});
