/**
 * The words of the one question asked before unsaved edits are lost: by the renderer's guard
 * (src/renderer/components/unsaved) and by the desktop window when a reload or close would drop them.
 */
export const UNSAVED_TEXT = {
  title: 'Discard unsaved changes?',
  body: 'You have changes on this screen that are not saved. If you leave now, they are lost.',
  keep: 'Keep editing',
  discard: 'Discard changes',
} as const;
