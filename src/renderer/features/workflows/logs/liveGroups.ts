/**
 * A live log group applied to the shown page (spec section 4): on page 1 a group not shown yet goes
 * on top, dropping the last row when the page is full, and a shown group is replaced in place; the
 * page then keeps the screen's order (unfinished groups first, then newest end first). Other pages
 * only update the groups they show: a new group belongs on page 1.
 */
import { compareGroups, placeNewGroup } from '../../../../shared/workflows';

export function applyLiveGroup<T extends { key: string; ended_at: string | null }>(
  items: readonly T[],
  group: T,
  page: number,
  limit: number,
): T[] {
  if (page !== 1) return items.map((g) => (g.key === group.key ? group : g));
  return placeNewGroup(items, group, limit).sort(compareGroups);
}
