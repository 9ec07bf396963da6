import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './rateLimit';

/** A limiter on a clock the test moves by hand (milliseconds). */
function limiter(burst: number, perSecond: number) {
  let time = 0;
  const limits = createRateLimiter({ burst, perSecond }, () => time);
  return { limits, advance: (ms: number) => (time += ms) };
}

describe('createRateLimiter', () => {
  it('given a full bucket, then `burst` single takes pass and the next is refused with the seconds until one is back', () => {
    const { limits } = limiter(3, 0.5);
    expect([1, 2, 3].map(() => limits.take('user-a').ok)).toEqual([true, true, true]);
    expect(limits.take('user-a')).toEqual({ ok: false, retryAfterSeconds: 2 });
  });

  it('given time passing, then the bucket refills at perSecond, never above burst', () => {
    const { limits, advance } = limiter(2, 1);
    limits.take('u', 2);
    expect(limits.take('u').ok).toBe(false);
    advance(1000);
    expect(limits.take('u').ok).toBe(true);
    expect(limits.take('u').ok).toBe(false);
    advance(60_000);
    expect(limits.take('u', 2).ok).toBe(true);
    expect(limits.take('u').ok).toBe(false);
  });

  it('given a cost above what is left, then nothing is taken: a smaller request still passes', () => {
    const { limits } = limiter(5, 1);
    limits.take('u', 3);
    expect(limits.take('u', 3)).toEqual({ ok: false, retryAfterSeconds: 1 });
    expect(limits.take('u', 2).ok).toBe(true);
    expect(limits.take('u').ok).toBe(false);
  });

  it('given a cost above burst, then it needs a full bucket (it can pass), and waits for one', () => {
    const { limits } = limiter(4, 2);
    expect(limits.take('u', 10).ok).toBe(true);
    expect(limits.take('u', 10)).toEqual({ ok: false, retryAfterSeconds: 2 });
  });

  it('given two keys, then each has its own bucket', () => {
    const { limits } = limiter(1, 1);
    expect(limits.take('a').ok).toBe(true);
    expect(limits.take('a').ok).toBe(false);
    expect(limits.take('b').ok).toBe(true);
  });
});
