/**
 * Native notifications in the browser build: the browser's Notification API stands in for the
 * desktop's system notifications. Permission is asked once, the first time one is needed;
 * clicking a notification focuses the window and runs the caller's handler (which navigates).
 * Notifications are shown only while the page is in the background: in front, the badge and the
 * list already tell the user.
 */
import type { NativeNotifier } from './bridge-ws';

export interface BrowserNotifierEnv {
  /** The Notification constructor, or undefined where the browser has none. */
  NotificationApi: typeof Notification | undefined;
  isInForeground(): boolean;
  focusWindow(): void;
}

export function browserNotifierEnv(win: Window): BrowserNotifierEnv {
  return {
    NotificationApi: typeof Notification === 'undefined' ? undefined : Notification,
    isInForeground: () => win.document.visibilityState === 'visible' && win.document.hasFocus(),
    focusWindow: () => win.focus(),
  };
}

export function createBrowserNotifier(env: BrowserNotifierEnv): NativeNotifier {
  let asked: Promise<NotificationPermission> | null = null;

  function permission(api: typeof Notification): Promise<NotificationPermission> {
    if (api.permission !== 'default') return Promise.resolve(api.permission);
    asked ??= api.requestPermission().catch((): NotificationPermission => 'denied');
    return asked;
  }

  return {
    async show(notification, onClick) {
      const api = env.NotificationApi;
      if (!api || env.isInForeground()) return false;
      if ((await permission(api)) !== 'granted') return false;
      const shown = new api(notification.title, { body: notification.body });
      shown.onclick = () => {
        env.focusWindow();
        onClick();
        shown.close();
      };
      return true;
    },
  };
}
