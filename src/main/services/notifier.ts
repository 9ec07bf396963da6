/**
 * Native (operating-system) notifications, behind an interface so the IPC handlers stay plain
 * Node. Electron provides the real one (src/main/electron/notifications.ts); the headless host has
 * no desktop to show one on, so it uses `noNativeNotifier` and the renderer's WebSocket bridge
 * falls back to the browser's Notification API.
 */
import type { NativeNotification } from '../../shared/ipc/contract';

export interface Notifier {
  /** Shows the notification; resolves false when this platform cannot show one. */
  show(notification: NativeNotification): Promise<boolean>;
}

export const noNativeNotifier: Notifier = {
  show: () => Promise.resolve(false),
};
