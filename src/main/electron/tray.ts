/**
 * The tray icon: open the window, switch native notifications on or off, quit. The checkbox
 * follows the settings, whether they change here or in the renderer.
 */
import { Menu, nativeImage, Tray } from 'electron';
import type { DesktopSettings } from '../../shared/ipc/contract';
import type { EventHub } from '../services/events';
import type { SettingsStore } from '../services/settings';

export interface TrayOptions {
  icon: string;
  settings: SettingsStore;
  events: EventHub;
  showWindow: () => void;
  quit: () => void;
  log: (line: string) => void;
}

export function createTray(options: TrayOptions): { destroy(): void } {
  const image = nativeImage.createFromPath(options.icon).resize({ width: 16, height: 16 });
  const tray = new Tray(image);
  tray.setToolTip('LexDesk');
  tray.on('click', options.showWindow);

  const render = (settings: DesktopSettings): void => {
    tray.setContextMenu(
      Menu.buildFromTemplate([
        { label: 'Open LexDesk', click: options.showWindow },
        {
          label: 'Desktop notifications',
          type: 'checkbox',
          checked: settings.nativeNotifications,
          click: (item) => {
            options.settings
              .update({ nativeNotifications: item.checked })
              .then((next) => options.events.emit('settings:changed', next))
              .catch((error: unknown) =>
                options.log(`Could not save the notification setting: ${String(error)}`),
              );
          },
        },
        { type: 'separator' },
        { label: 'Quit LexDesk', click: options.quit },
      ]),
    );
  };

  const unsubscribe = options.events.subscribe((message) => {
    if (message.event === 'settings:changed') void options.settings.get().then(render);
  });
  void options.settings.get().then(render);
  return {
    destroy() {
      unsubscribe();
      tray.destroy();
    },
  };
}
