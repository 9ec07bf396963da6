/** Ctrl/Cmd+S calls `save` (and never opens the browser's "save page"). */
import { useEffect, useRef } from 'react';

export function useSaveShortcut(save: () => void): void {
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        event.preventDefault();
        // A number still being typed is added when its field loses focus: let that happen first.
        const active = document.activeElement;
        if (active instanceof HTMLInputElement) active.blur();
        setTimeout(() => saveRef.current(), 0);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
