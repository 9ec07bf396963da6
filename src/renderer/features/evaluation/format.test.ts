import { describe, expect, it } from 'vitest';
import { formatChange, formatSeconds, formatValue } from './format';

describe('formatValue', () => {
  it('given each unit, then it is written for a person; nothing to compute is a dash', () => {
    expect(formatValue('count', 12345)).toBe('12,345');
    expect(formatValue('percent', 1 / 3)).toBe('33.3%');
    expect(formatValue('seconds', 8)).toBe('8 s');
    expect(formatValue('percent', null)).toBe('—');
  });

  it('given durations, then seconds, minutes or hours', () => {
    expect(formatSeconds(8.5)).toBe('8.5 s');
    expect(formatSeconds(90)).toBe('1 min 30 s');
    expect(formatSeconds(120)).toBe('2 min');
    expect(formatSeconds(7500)).toBe('2 h 5 min');
  });
});

describe('formatChange', () => {
  it('given a rise of a rate where higher is better, then percentage points and better', () => {
    expect(formatChange({ unit: 'percent', better: 'higher' }, 0.5, 0.25)).toEqual({
      text: '+25.0 pts',
      verdict: 'better',
    });
  });

  it('given more corrections, then worse; the same count, no change; a missing side, a dash', () => {
    expect(formatChange({ unit: 'count', better: 'lower' }, 7, 3)).toEqual({
      text: '+4',
      verdict: 'worse',
    });
    expect(formatChange({ unit: 'count', better: 'lower' }, 3, 3)).toEqual({
      text: 'no change',
      verdict: 'same',
    });
    expect(formatChange({ unit: 'seconds', better: 'lower' }, null, 3).text).toBe('—');
    expect(formatChange({ unit: 'seconds', better: 'lower' }, 30, 90)).toEqual({
      text: '−1 min',
      verdict: 'better',
    });
  });
});
