/**
 * Keyboard work on the review queue: which key does what (↓/j next, ↑/k previous, Enter open,
 * r mark reviewed) and the selection as a reducer over the listed ids: it starts on the first
 * document, survives a reload while its document is still listed, and when the selected document
 * leaves the list (marked reviewed) moves to the one that followed it (or the new last one).
 */

export type KeyCommand = 'next' | 'previous' | 'open' | 'review';

export interface KeyLike {
  key: string;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
  /** The focused element's tag name and whether it is editable. */
  targetTag?: string;
  targetEditable?: boolean;
}

const TYPING_TAGS = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

/** The command of a key press, or null (modifiers held, or typing in a field). */
export function commandOf(event: KeyLike): KeyCommand | null {
  if (event.altKey || event.ctrlKey || event.metaKey) return null;
  if (event.targetEditable || (event.targetTag && TYPING_TAGS.has(event.targetTag))) return null;
  switch (event.key) {
    case 'ArrowDown':
    case 'j':
      return 'next';
    case 'ArrowUp':
    case 'k':
      return 'previous';
    case 'Enter':
      return 'open';
    case 'r':
      return 'review';
    default:
      return null;
  }
}

export interface SelectionState {
  ids: readonly string[];
  selectedId: string | null;
}

export type SelectionAction =
  | { type: 'listed'; ids: readonly string[] }
  | { type: 'move'; delta: 1 | -1 }
  | { type: 'select'; id: string }
  | { type: 'removed'; id: string };

export const INITIAL_SELECTION: SelectionState = { ids: [], selectedId: null };

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'listed': {
      const { ids } = action;
      if (state.selectedId && ids.includes(state.selectedId))
        return { ids, selectedId: state.selectedId };
      if (state.selectedId) {
        // The selected document is gone: the first one after it that is still listed.
        const listed = new Set(ids);
        const from = state.ids.indexOf(state.selectedId);
        const after =
          from >= 0 ? state.ids.slice(from + 1).find((id) => listed.has(id)) : undefined;
        return { ids, selectedId: after ?? ids[ids.length - 1] ?? null };
      }
      return { ids, selectedId: ids[0] ?? null };
    }
    case 'move': {
      if (state.ids.length === 0) return state;
      const index = state.selectedId ? state.ids.indexOf(state.selectedId) : -1;
      if (index < 0) return { ...state, selectedId: state.ids[0] ?? null };
      const next = Math.min(state.ids.length - 1, Math.max(0, index + action.delta));
      return { ...state, selectedId: state.ids[next] ?? null };
    }
    case 'select':
      return state.ids.includes(action.id) ? { ...state, selectedId: action.id } : state;
    case 'removed': {
      const index = state.ids.indexOf(action.id);
      if (index < 0) return state;
      const ids = state.ids.filter((id) => id !== action.id);
      if (state.selectedId !== action.id) return { ids, selectedId: state.selectedId };
      return { ids, selectedId: ids[index] ?? ids[index - 1] ?? null };
    }
  }
}
