/**
 * Ctrl+Z undoes and Ctrl+Shift+Z (or Ctrl+Y) redoes the last change on the canvas; Cmd on macOS.
 * While a text field has the focus the keys stay the field's own.
 */
import { useEffect } from 'react';

export function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

export type HistoryKey = 'undo' | 'redo' | null;

/** Which history step a key press asks for (pure, for the test). */
export function historyKey(event: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
}): HistoryKey {
  if (!(event.ctrlKey || event.metaKey)) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  if (key === 'y' && !event.shiftKey) return 'redo';
  return null;
}

export function useEditorKeys(onKey: (key: 'undo' | 'redo') => void) {
  useEffect(() => {
    const listener = (event: KeyboardEvent) => {
      const key = historyKey(event);
      if (!key || isTextTarget(event.target)) return;
      event.preventDefault();
      onKey(key);
    };
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, [onKey]);
}
