import { describe, expect, it } from 'vitest';
import { uidSet } from './sync';

describe('uidSet', () => {
  it('writes runs of UIDs as ranges and the rest one by one', () => {
    expect(uidSet([1, 2, 3, 4])).toBe('1:4');
    expect(uidSet([5, 7, 8, 9, 12])).toBe('5,7:9,12');
    expect(uidSet([42])).toBe('42');
    expect(uidSet([])).toBe('');
  });
});
