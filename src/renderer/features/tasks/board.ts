/**
 * The board's pure parts: columns in the machine's order, which drop is a move the server will
 * accept (the task's allowed_moves, computed by the shared status machine for this viewer), and
 * the keyboard's next/previous allowed column.
 */
import { TASK_STATUSES } from '../../../shared/delivery/taskStatus';
import type { BoardKind } from '../../../shared/delivery/inputs';

export interface CardMoves {
  status_id: number;
  allowed_moves: ReadonlyArray<{ to_status_id: number; label: string; needs_reason: boolean }>;
}

export const BOARD_TABS: ReadonlyArray<{ kind: BoardKind; label: string }> = [
  { kind: 'developer', label: 'My tasks' },
  { kind: 'qa', label: 'QA' },
  { kind: 'tech_lead', label: 'Tech lead' },
];

/** The board a user type opens first. */
export function defaultBoard(userType: string): BoardKind {
  if (userType === 'qa') return 'qa';
  if (userType === 'tech_lead') return 'tech_lead';
  return 'developer';
}

/** One status column as the server answered it: its count and the pages loaded so far. */
export interface LoadedColumn<T> {
  status_id: number;
  total_count: number;
  cards: readonly T[];
  next_cursor: string | null;
}

export interface ShownColumn<T> {
  id: number;
  name: string;
  /** Cards on the board in this column, loaded or not. */
  total: number;
  tasks: T[];
  next_cursor: string | null;
}

/**
 * The columns in the machine's order, from the first pages (`loaded`), the pages "load more"
 * added (`more`, by status id) and the cards moves answered since (`moved`, by id, oldest move
 * first). A moved card leaves its column and goes to the top of its new one (the server orders a
 * column newest first, and a move makes it the newest); the counts follow.
 */
export function columns<T extends { id: string; status_id: number }>(
  loaded: ReadonlyArray<LoadedColumn<T>>,
  more: Readonly<Record<number, LoadedColumn<T> | undefined>> = {},
  moved: ReadonlyMap<string, T> = new Map(),
): Array<ShownColumn<T>> {
  const origin = new Map<string, number>();
  const pages = TASK_STATUSES.map((status) => {
    const first = loaded.find((c) => c.status_id === status.id);
    const next = more[status.id];
    const seen = new Set<string>();
    const cards = [...(first?.cards ?? []), ...(next?.cards ?? [])].filter((t) => {
      if (seen.has(t.id) || origin.has(t.id)) return false;
      seen.add(t.id);
      origin.set(t.id, status.id);
      return true;
    });
    return {
      status,
      cards,
      total: next?.total_count ?? first?.total_count ?? 0,
      next_cursor: next ? next.next_cursor : (first?.next_cursor ?? null),
    };
  });
  const arrivals = [...moved.values()].reverse();
  return pages.map(({ status, cards, total, next_cursor }) => {
    const stayed = cards.map((t) => moved.get(t.id) ?? t).filter((t) => t.status_id === status.id);
    const came = arrivals.filter(
      (t) => t.status_id === status.id && origin.get(t.id) !== status.id,
    );
    return {
      id: status.id,
      name: status.name,
      total: total - (cards.length - stayed.length) + came.length,
      tasks: [...came, ...stayed],
      next_cursor,
    };
  });
}

/** The move a drop of `card` on column `toStatusId` makes, or undefined when it is not allowed. */
export function moveTo(card: CardMoves, toStatusId: number) {
  return card.allowed_moves.find((m) => m.to_status_id === toStatusId);
}

/** The allowed move to the nearest column in `direction` (-1 left, 1 right) for the keyboard. */
export function neighbourMove(card: CardMoves, direction: -1 | 1) {
  const order = TASK_STATUSES.map((s) => s.id);
  const here = order.indexOf(card.status_id as (typeof order)[number]);
  const candidates = card.allowed_moves
    .map((m) => ({ move: m, at: order.indexOf(m.to_status_id as (typeof order)[number]) }))
    .filter(({ at }) => (direction === 1 ? at > here : at < here) && at >= 0)
    .sort((a, b) => (direction === 1 ? a.at - b.at : b.at - a.at));
  return candidates[0]?.move;
}

/** Which key moves keyboard focus where on the board (Shift+← / → move the card instead). */
export type FocusKey = 'ArrowUp' | 'ArrowDown' | 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End';

/**
 * The card keyboard focus goes to from `taskId`: up and down within its column, left and right
 * to the nearest non-empty column at the same row (or its last card), Home and End to the
 * column's ends. Undefined when there is nowhere to go.
 */
export function nextFocus(
  cols: ReadonlyArray<{ tasks: ReadonlyArray<{ id: string }> }>,
  taskId: string,
  key: FocusKey,
): string | undefined {
  const col = cols.findIndex((c) => c.tasks.some((t) => t.id === taskId));
  if (col < 0) return undefined;
  const tasks = cols[col]!.tasks;
  const row = tasks.findIndex((t) => t.id === taskId);
  if (key === 'ArrowUp') return tasks[row - 1]?.id;
  if (key === 'ArrowDown') return tasks[row + 1]?.id;
  if (key === 'Home') return row > 0 ? tasks[0]?.id : undefined;
  if (key === 'End') return row < tasks.length - 1 ? tasks[tasks.length - 1]?.id : undefined;
  const step = key === 'ArrowRight' ? 1 : -1;
  for (let c = col + step; c >= 0 && c < cols.length; c += step) {
    const other = cols[c]!.tasks;
    if (other.length > 0) return other[Math.min(row, other.length - 1)]!.id;
  }
  return undefined;
}
