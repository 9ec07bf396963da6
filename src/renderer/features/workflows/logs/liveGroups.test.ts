import { describe, expect, it } from 'vitest';
import { applyLiveGroup } from './liveGroups';

interface Group {
  key: string;
  ended_at: string | null;
}
const done = (key: string, day: string): Group => ({ key, ended_at: `2026-01-0${day}T00:00:00Z` });
const open = (key: string): Group => ({ key, ended_at: null });
const paged = (total: number, limit: number) => ({
  page: 1,
  limit,
  total,
  totalPages: Math.max(1, Math.ceil(total / limit)),
});

describe('a live log group on the logs screen', () => {
  it('given a full page 1, when a group not shown starts, then it goes on top, the last row drops and the count grows', () => {
    const items = [open('a'), done('b', '3'), done('c', '2')];
    const next = applyLiveGroup({ items, pagination: paged(3, 3) }, open('d'), 1);
    expect(next.items.map((g) => g.key)).toEqual(['d', 'a', 'b']);
    expect(next.pagination).toEqual({ page: 1, limit: 3, total: 4, totalPages: 2 });
  });

  it('given an empty page 1, when the first group starts, then it is shown', () => {
    const next = applyLiveGroup({ items: [], pagination: paged(0, 10) }, open('a'), 1);
    expect(next.items).toEqual([open('a')]);
    expect(next.pagination?.total).toBe(1);
  });

  it('given a shown unfinished group, when it completes, then it moves below the unfinished ones and the count stays', () => {
    const items = [open('a'), open('b'), done('c', '2')];
    const next = applyLiveGroup({ items, pagination: paged(3, 10) }, done('a', '5'), 1);
    expect(next.items.map((g) => g.key)).toEqual(['b', 'a', 'c']);
    expect(next.items[1]!.ended_at).toBe('2026-01-05T00:00:00Z');
    expect(next.pagination?.total).toBe(3);
  });

  it('given page 2, when a group not shown changes, then the page stays as it is', () => {
    const items = [done('b', '3'), done('c', '2')];
    const pagination = { ...paged(12, 10), page: 2 };
    expect(applyLiveGroup({ items, pagination }, open('d'), 2)).toEqual({ items, pagination });
    const updated = applyLiveGroup({ items, pagination }, done('c', '1'), 2);
    expect(updated.items[1]!.ended_at).toBe('2026-01-01T00:00:00Z');
  });
});
