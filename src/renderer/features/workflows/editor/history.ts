/**
 * Undo/redo for the editor: a present value with the states before it (`past`) and the states
 * undone since (`future`). Every change that a person makes is one `commit`; a drag is committed
 * once when it ends, so one Ctrl+Z puts a dragged node back where it started. `replace` changes
 * the present without an undo step (selection, a drag in progress, a saved answer).
 */
export interface History<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
}

/** How many steps back a person can go; older steps are dropped. */
export const HISTORY_LIMIT = 100;

export function startHistory<T>(present: T): History<T> {
  return { past: [], present, future: [] };
}

/** A new state after a change: the old present becomes undoable, the redo list is dropped. */
export function commit<T>(history: History<T>, next: T): History<T> {
  if (next === history.present) return history;
  const past = [...history.past, history.present];
  return {
    past: past.length > HISTORY_LIMIT ? past.slice(past.length - HISTORY_LIMIT) : past,
    present: next,
    future: [],
  };
}

/** Changes the present in place, with no undo step. */
export function replace<T>(history: History<T>, next: T): History<T> {
  return next === history.present ? history : { ...history, present: next };
}

/**
 * Commits `next` as one step whose "before" is `before` (a drag: the present moved while the
 * pointer was down, but undo must return to where the drag started).
 */
export function commitFrom<T>(history: History<T>, before: T, next: T): History<T> {
  return commit({ ...history, present: before }, next);
}

export function canUndo<T>(history: History<T>): boolean {
  return history.past.length > 0;
}

export function canRedo<T>(history: History<T>): boolean {
  return history.future.length > 0;
}

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest };
}
