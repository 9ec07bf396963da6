/**
 * One async handler per contract channel, written against plain-Node services so the Electron
 * main process and the headless host run exactly the same code. Requests arrive here already
 * validated by the dispatcher; responses are validated on the way out.
 */
import type { z } from 'zod';
import type { AppInfo, IpcChannel, IpcChannels, IpcResponse } from '../../shared/ipc/contract';
import type { EventHub } from '../services/events';
import type { Notifier } from '../services/notifier';
import type { SessionStore } from '../services/sessionStore';
import type { SettingsStore } from '../services/settings';

export interface DesktopServices {
  appInfo: () => AppInfo;
  session: SessionStore;
  settings: SettingsStore;
  notifier: Notifier;
  events: EventHub;
}

export type IpcHandler<C extends IpcChannel> = (
  request: z.output<IpcChannels[C]['request']>,
) => Promise<IpcResponse<C>>;

export type IpcHandlers = { [C in IpcChannel]: IpcHandler<C> };

const OK = { ok: true } as const;

export function createIpcHandlers(services: DesktopServices): IpcHandlers {
  return {
    'app:info': () => Promise.resolve(services.appInfo()),
    'session:load': async () => ({ token: await services.session.load() }),
    'session:save': async ({ token }) => {
      await services.session.save(token);
      return OK;
    },
    'session:clear': async () => {
      await services.session.clear();
      return OK;
    },
    'settings:get': () => services.settings.get(),
    'settings:update': async (patch) => {
      const next = await services.settings.update(patch);
      services.events.emit('settings:changed', next);
      return next;
    },
    'notifications:showNative': async (notification) => {
      const settings = await services.settings.get();
      if (!settings.nativeNotifications) return { shown: false };
      return { shown: await services.notifier.show(notification) };
    },
  };
}
