/**
 * The one guard of unsaved edits: while `dirty`, a move to another screen inside the app (Back, a
 * sidebar link, a link on the page) is held by the router's blocker until the person decides, and
 * leaving the page (reload, closing the tab or window) asks the browser's own question.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { leavesUnsaved } from './rules';

export function useUnsavedChanges(dirty: boolean) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    leavesUnsaved(dirty, currentLocation, nextLocation),
  );

  useEffect(() => {
    if (!dirty) return undefined;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older Chromium (and Electron) ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved (or changed back) while the question was open: the move may go on.
  const { state, proceed } = blocker;
  useEffect(() => {
    if (state === 'blocked' && !dirty) proceed();
  }, [state, dirty, proceed]);

  return {
    asking: blocker.state === 'blocked',
    keepEditing: () => blocker.reset?.(),
    discard: () => blocker.proceed?.(),
  };
}
