import { describe, expect, it } from 'vitest';
import { applyLiveGroup } from './liveGroups';

const done = (key: string, ended: string) => ({ key, ended_at: `2026-01-0${ended}T00:00:00Z` });
const open = (key: string) => ({ key, ended_at: null });

describe('a live log group on the logs screen', () => {
  it('given a full page 1, when a group not shown starts, then it goes on top and the last row drops', () => {
    const page = [open('a'), done('b', '3'), done('c', '2')];
    expect(applyLiveGroup(page, open('d'), 1, 3).map((g) => g.key)).toEqual(['d', 'a', 'b']);
  });

  it('given a shown unfinished group, when it completes, then it moves below the unfinished ones', () => {
    const page = [open('a'), open('b'), done('c', '2')];
    const next = applyLiveGroup(page, done('a', '5'), 1, 10);
    expect(next.map((g) => g.key)).toEqual(['b', 'a', 'c']);
    expect(next[1]!.ended_at).toBe('2026-01-05T00:00:00Z');
  });

  it('given page 2, when a group not shown changes, then the page stays as it is', () => {
    const page = [done('b', '3'), done('c', '2')];
    expect(applyLiveGroup(page, open('d'), 2, 2)).toEqual(page);
    expect(applyLiveGroup(page, done('c', '1'), 2, 2)[1]!.ended_at).toBe('2026-01-01T00:00:00Z');
  });
});
