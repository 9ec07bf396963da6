/**
 * When leaving a screen would lose what a person typed: only while the form holds unsaved
 * changes, and only for a move to another screen (a change of the query or hash part on the same
 * screen keeps the form). Pure, so the rule is tested without a router.
 */
export interface Place {
  pathname: string;
}

export function leavesUnsaved(dirty: boolean, current: Place, next: Place): boolean {
  return dirty && current.pathname !== next.pathname;
}

/** The words of the question (one home, so every form asks the same way). */
export const UNSAVED_TEXT = {
  title: 'Discard unsaved changes?',
  body: 'You have changes on this screen that are not saved. If you leave now, they are lost.',
  keep: 'Keep editing',
  discard: 'Discard changes',
} as const;
