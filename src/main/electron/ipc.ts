/**
 * ipcMain wiring: one handler per contract channel, all going through the shared dispatcher,
 * and only for messages from a top-level frame of our own app:// origin. Events from the
 * services go to every window on IPC_EVENT_CHANNEL.
 */
import { BrowserWindow, ipcMain, type WebFrameMain } from 'electron';
import { ipcChannels, IPC_EVENT_CHANNEL } from '../../shared/ipc/contract';
import type { Dispatch, DispatchResult } from '../ipc/dispatcher';
import type { EventHub } from '../services/events';
import { isAppUrl } from './protocol';

const UNTRUSTED: DispatchResult = {
  ok: false,
  error: { code: 'UNTRUSTED_SENDER', message: 'This page may not use the desktop app.' },
};

export function isTrustedFrame(frame: WebFrameMain | null | undefined): boolean {
  return !!frame && frame.parent === null && isAppUrl(frame.url);
}

/** Returns a function that removes the handlers again. */
export function registerIpcHandlers(dispatch: Dispatch): () => void {
  const channels = Object.keys(ipcChannels);
  for (const channel of channels) {
    ipcMain.handle(channel, (event, request: unknown) =>
      isTrustedFrame(event.senderFrame) ? dispatch(channel, request) : Promise.resolve(UNTRUSTED),
    );
  }
  return () => channels.forEach((channel) => ipcMain.removeHandler(channel));
}

export function forwardEventsToWindows(events: EventHub): () => void {
  return events.subscribe((message) => {
    for (const window of BrowserWindow.getAllWindows()) {
      const contents = window.webContents;
      if (!contents.isDestroyed() && isAppUrl(contents.getURL()))
        contents.send(IPC_EVENT_CHANNEL, message);
    }
  });
}
