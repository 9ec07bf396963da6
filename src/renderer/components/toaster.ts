/** One app-wide toaster for short confirmations and failures that have no inline place. */
import { Intent, OverlayToaster, Position, type Toaster } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

function getToaster(): Promise<Toaster> {
  toaster ??= OverlayToaster.createAsync({ position: Position.TOP, maxToasts: 4 });
  return toaster;
}

export function toastSuccess(message: string): void {
  void getToaster().then((t) =>
    t.show({ message, intent: Intent.SUCCESS, icon: 'tick-circle', timeout: 3000 }),
  );
}

export function toastError(message: string): void {
  void getToaster().then((t) =>
    t.show({ message, intent: Intent.DANGER, icon: 'error', timeout: 6000 }),
  );
}
