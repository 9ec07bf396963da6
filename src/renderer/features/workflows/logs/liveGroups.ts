/**
 * A live log group applied to the shown page (spec section 4): on page 1 a group not shown yet goes
 * on top, dropping the last row when the page is full, and a shown group is replaced in place; the
 * page then keeps the screen's order (unfinished groups first, then newest end first). Other pages
 * only update the groups they show: a new group belongs on page 1. A group new to page 1 is one
 * more group in all (the pager's count follows).
 */
import { compareGroups, placeNewGroup, type Pagination } from '../../../../shared/workflows';

export function applyLiveGroup<T extends { key: string; ended_at: string | null }>(
  shown: { items: readonly T[]; pagination: Pagination | null },
  group: T,
  page: number,
): { items: T[]; pagination: Pagination | null } {
  const { items, pagination } = shown;
  const seen = items.some((g) => g.key === group.key);
  if (page !== 1 || seen) {
    const replaced = items.map((g) => (g.key === group.key ? group : g));
    return { items: page === 1 ? replaced.sort(compareGroups) : replaced, pagination };
  }
  const limit = pagination?.limit ?? items.length + 1;
  const total = (pagination?.total ?? items.length) + 1;
  return {
    items: placeNewGroup(items, group, limit).sort(compareGroups),
    pagination: {
      page,
      limit,
      total,
      totalPages: Math.max(pagination?.totalPages ?? 1, Math.ceil(total / limit)),
    },
  };
}
