import { describe, expect, it } from 'vitest';
import { compareGroups, groupStatus, placeNewGroup } from './runs';

describe('workflow log groups (spec section 4)', () => {
  it('derives the group status in the spec order', () => {
    expect(groupStatus(['Queued', 'Queued'])).toBe('Queued');
    expect(groupStatus(['Queued', 'Failed', 'In Progress'])).toBe('Failed');
    expect(groupStatus(['Completed', 'In Progress', 'Queued'])).toBe('In Progress');
    expect(groupStatus(['Completed', 'Queued'])).toBe('Completed');
    expect(groupStatus([])).toBe('');
  });

  it('sorts unfinished groups first, then newest end first', () => {
    const groups = [
      { id: 'old', ended_at: '2026-01-01T00:00:00Z' },
      { id: 'open', ended_at: null },
      { id: 'new', ended_at: '2026-02-01T00:00:00Z' },
    ];
    expect([...groups].sort(compareGroups).map((g) => g.id)).toEqual(['open', 'new', 'old']);
  });

  it('puts an unseen group on top and drops the last of a full page', () => {
    const page = [{ key: 'a' }, { key: 'b' }];
    expect(placeNewGroup(page, { key: 'c' }, 2)).toEqual([{ key: 'c' }, { key: 'a' }]);
    expect(placeNewGroup(page, { key: 'b' }, 2)).toEqual(page);
  });
});
