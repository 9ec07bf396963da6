import { describe, expect, it } from 'vitest';
import { formatCents, parseDollars } from './money';

describe('money in cents', () => {
  it('given cents, then dollars with two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(4550)).toBe('$45.50');
  });
  it('given typed dollars, then cents; nonsense is null', () => {
    expect(parseDollars('45')).toBe(4500);
    expect(parseDollars('45.5')).toBe(4550);
    expect(parseDollars('45.05')).toBe(4505);
    expect(parseDollars('-1')).toBeNull();
    expect(parseDollars('4.555')).toBeNull();
  });
});
