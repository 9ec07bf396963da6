import { describe, expect, it } from 'vitest';
import { backoffCeiling, backoffDelay } from './backoff';

const limits = { base: 1_000, cap: 30_000 };

describe('backoff ceiling', () => {
  it('given growing attempts, when the ceiling is computed, then it doubles from base and stops at the cap', () => {
    const ceilings = [1, 2, 3, 4, 5, 6, 7, 50, 5000].map((n) => backoffCeiling(n, limits));
    expect(ceilings).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000]);
  });

  it('given an attempt below 1 or fractional, then it counts as the whole attempt below it (at least 1)', () => {
    expect([0, -3, 1.9, 2.5].map((n) => backoffCeiling(n, limits))).toEqual([
      1_000, 1_000, 1_000, 2_000,
    ]);
  });

  it('given no cap, then the ceiling keeps doubling', () => {
    expect(backoffCeiling(4, { base: 10, cap: Number.POSITIVE_INFINITY })).toBe(80);
  });

  it('given a fractional base (seconds), then the ceiling is not rounded', () => {
    expect([1, 2].map((n) => backoffDelay(n, { base: 0.5, cap: 60 }))).toEqual([0.5, 1]);
  });
});

describe('backoff delay', () => {
  it('given no jitter, then the delay is the ceiling and random is never asked', () => {
    const random = () => {
      throw new Error('not used');
    };
    expect([1, 2, 3, 9].map((n) => backoffDelay(n, { base: 250, cap: 10_000, random }))).toEqual([
      250, 500, 1_000, 10_000,
    ]);
  });

  it('given full jitter and random values across [0, 1], then each delay is a whole number in [0, ceiling)', () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      for (const r of [0, 0.25, 0.5, 0.999999, 1]) {
        const delay = backoffDelay(attempt, { ...limits, jitter: 'full', random: () => r });
        expect(delay).toBeGreaterThanOrEqual(0);
        expect(delay).toBeLessThan(backoffCeiling(attempt, limits));
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
  });

  it('given full jitter and the same random draw, when the attempt grows, then the delay grows until the cap', () => {
    const delays = [1, 2, 3, 4, 6, 7].map((n) =>
      backoffDelay(n, { ...limits, jitter: 'full', random: () => 0.5 }),
    );
    expect(delays).toEqual([500, 1_000, 2_000, 4_000, 15_000, 15_000]);
  });

  it('given equal jitter and random values across [0, 1], then each delay lies in [ceiling/2, ceiling)', () => {
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const ceiling = backoffCeiling(attempt, limits);
      for (const r of [0, 0.25, 0.5, 0.999999, 1]) {
        const delay = backoffDelay(attempt, { ...limits, jitter: 'equal', random: () => r });
        expect(delay).toBeGreaterThanOrEqual(ceiling / 2);
        expect(delay).toBeLessThan(ceiling);
        expect(Number.isInteger(delay)).toBe(true);
      }
    }
    expect(backoffDelay(2, { ...limits, jitter: 'equal', random: () => 0.5 })).toBe(1_500);
  });

  it('given random out of range (below 0), then it is held to the range', () => {
    expect(backoffDelay(1, { ...limits, jitter: 'full', random: () => -1 })).toBe(0);
    expect(backoffDelay(1, { ...limits, jitter: 'equal', random: () => -1 })).toBe(500);
  });
});
