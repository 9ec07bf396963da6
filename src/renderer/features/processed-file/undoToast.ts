/** A toast with an "Undo" action (the shared toaster has none), for soft deletes. */
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

const UNDO_TIMEOUT_MS = 10_000;

export function toastWithUndo(message: string, onUndo: () => void): void {
  toaster ??= OverlayToaster.createAsync({ position: Position.BOTTOM, maxToasts: 3 });
  void toaster.then((t) =>
    t.show({
      message,
      icon: 'trash',
      intent: Intent.NONE,
      timeout: UNDO_TIMEOUT_MS,
      action: { text: 'Undo', icon: 'undo', onClick: onUndo },
    }),
  );
}
