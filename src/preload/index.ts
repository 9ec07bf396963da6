/**
 * The preload: exposes `window.desktop` (DesktopApi from the IPC contract) and nothing else.
 * Each contract channel becomes a named method `desktop.<namespace>.<method>(request)`, plus
 * `desktop.on(event, listener)` returning an unsubscribe function. ipcRenderer itself never
 * reaches the page, and listeners get the event payload only, never the IPC event object.
 *
 * A failed call rejects with the contract's IpcError `{ code, message }` as a plain object,
 * because contextBridge would strip the `code` from an Error. Runs sandboxed, so it is bundled
 * to CommonJS (dist/preload/index.cjs) by scripts/build-desktop.mjs.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
import {
  channelParts,
  ipcChannels,
  ipcEvents,
  IPC_EVENT_CHANNEL,
  type DesktopApi,
  type IpcChannel,
  type IpcError,
} from '../shared/ipc/contract';

type CallResult = { ok: true; response: unknown } | { ok: false; error: IpcError };

function isCallResult(value: unknown): value is CallResult {
  return !!value && typeof value === 'object' && 'ok' in value && typeof value.ok === 'boolean';
}

async function call(channel: IpcChannel, request: unknown): Promise<unknown> {
  const result: unknown = await ipcRenderer.invoke(channel, request ?? {});
  if (!isCallResult(result)) {
    throw {
      code: 'INVALID_RESPONSE',
      message: `The desktop app gave an invalid answer to "${channel}".`,
    };
  }
  if (result.ok) return result.response;
  throw { code: result.error.code, message: result.error.message };
}

function isEventMessage(value: unknown): value is { event: string; payload: unknown } {
  return (
    !!value &&
    typeof value === 'object' &&
    'event' in value &&
    typeof value.event === 'string' &&
    'payload' in value
  );
}

const on: DesktopApi['on'] = (event, listener) => {
  if (!Object.prototype.hasOwnProperty.call(ipcEvents, event)) {
    throw new Error(`Unknown desktop event "${String(event)}".`);
  }
  const handler = (_event: Electron.IpcRendererEvent, message: unknown): void => {
    if (isEventMessage(message) && message.event === event) listener(message.payload as never);
  };
  ipcRenderer.on(IPC_EVENT_CHANNEL, handler);
  return () => {
    ipcRenderer.removeListener(IPC_EVENT_CHANNEL, handler);
  };
};

const api: Record<string, Record<string, (request?: unknown) => Promise<unknown>>> = {};
for (const channel of Object.keys(ipcChannels) as IpcChannel[]) {
  const [namespace, method] = channelParts(channel);
  const methods = (api[namespace] ??= {});
  methods[method] = (request?: unknown) => call(channel, request);
}

const getPathForFile = (file: File): string => webUtils.getPathForFile(file);

contextBridge.exposeInMainWorld('desktop', { ...api, on, getPathForFile });
