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
