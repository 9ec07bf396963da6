/**
 * Native notifications through Electron. A click focuses the window and tells the renderer
 * (notifications:clicked with the redirect), which navigates there. Shown notifications are
 * kept referenced until closed: a garbage-collected Notification loses its click handler.
 */
import { Notification } from 'electron';
import type { NativeNotification } from '../../shared/ipc/contract';
import type { EventHub } from '../services/events';
import type { Notifier } from '../services/notifier';

export interface ElectronNotifierOptions {
  events: EventHub;
  focusWindow: () => void;
  icon?: string;
}

export function createElectronNotifier(options: ElectronNotifierOptions): Notifier {
  const live = new Set<Notification>();
  return {
    show(request: NativeNotification) {
      if (!Notification.isSupported()) return Promise.resolve(false);
      const notification = new Notification({
        title: request.title,
        body: request.body,
        icon: options.icon,
      });
      live.add(notification);
      notification.on('click', () => {
        live.delete(notification);
        options.focusWindow();
        options.events.emit('notifications:clicked', { redirect: request.redirect });
      });
      notification.on('close', () => live.delete(notification));
      notification.on('failed', () => live.delete(notification));
      notification.show();
      return Promise.resolve(true);
    },
  };
}
