import { describe, expect, it } from 'vitest';
import { mergeParams } from './useUrlParams';

describe('mergeParams', () => {
  it('given a filter change, then it is set, emptied keys go and the page goes back to the first', () => {
    const merged = mergeParams(new URLSearchParams('status=open&q=x&page=3'), {
      status: 'done',
      q: '',
    });
    expect(merged.toString()).toBe('status=done');
  });

  it('given a page change, then the other filters stay', () => {
    const merged = mergeParams(new URLSearchParams('status=open&page=3'), { page: '4' });
    expect(merged.toString()).toBe('status=open&page=4');
  });
});
