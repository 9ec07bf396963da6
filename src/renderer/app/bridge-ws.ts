/**
 * The WebSocket transport of the desktop bridge: the same DesktopApi the Electron preload exposes,
 * spoken to the headless host (src/main/host.ts) as WsClientMessage / WsServerMessage from the IPC
 * contract. Each call gets a request id and a promise; events go to listeners; the connection is
 * re-opened with exponential backoff (equal jitter, src/shared/backoff.ts); requests, responses and event payloads are all checked with
 * the contract's zod schemas. Native notifications are shown by the browser here, not the host.
 * Every call carries this window's key (windowKey.ts), which the host answers at sign-in and
 * forgets at sign-out or when another window signs in ('session:ended').
 */
import {
  ipcChannels,
  ipcEvents,
  NativeNotification,
  WINDOW_NOT_SIGNED_IN,
  WsServerMessage,
  type DesktopApi,
  type IpcChannel,
  type IpcEvent,
} from '../../shared/ipc/contract';
import { backoffDelay } from '../../shared/backoff';
import { ERRORS, PRODUCT_ERRORS } from '../../shared/errors';
import { BridgeError, BRIDGE_MESSAGES, buildDesktopApi, createListeners } from './bridge-api';
import { memoryWindowKeyStore, type WindowKeyStore } from './windowKey';

/** The part of the browser WebSocket the transport uses (a fake one in tests). */
export interface BridgeSocket {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

/** Shows a system notification; resolves whether it was shown. `onClick` runs when clicked. */
export interface NativeNotifier {
  show(notification: NativeNotification, onClick: () => void): Promise<boolean>;
}

export interface WsBridgeOptions {
  /** The socket URL; a function is asked again at each (re)connect. */
  url: string | (() => string);
  createSocket(url: string): BridgeSocket;
  notifier: NativeNotifier;
  /** Where this window keeps the key the host answers at sign-in (memory when absent). */
  windowKey?: WindowKeyStore;
  callTimeoutMs?: number;
  backoff?: { initialMs: number; maxMs: number };
  random?: () => number;
}

export type WsBridge = DesktopApi & { dispose(): void; isConnected(): boolean };

const OPEN = 1;

function isSignedOut(response: unknown): boolean {
  return typeof response === 'object' && response !== null && 'token' in response
    ? response.token === null
    : false;
}

interface Pending {
  channel: IpcChannel;
  message: string;
  sent: boolean;
  resolve(value: unknown): void;
  reject(error: BridgeError): void;
  timer: ReturnType<typeof setTimeout>;
}

export function createWsBridge(options: WsBridgeOptions): WsBridge {
  const { url, createSocket, notifier } = options;
  const windowKey = options.windowKey ?? memoryWindowKeyStore();
  const callTimeoutMs = options.callTimeoutMs ?? 15_000;
  const backoff = options.backoff ?? { initialMs: 250, maxMs: 10_000 };
  const random = options.random ?? Math.random;
  const listeners = createListeners();
  const pending = new Map<number, Pending>();
  let socket: BridgeSocket | null = null;
  let nextId = 1;
  let attempt = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;

  function settle(id: number): Pending | undefined {
    const entry = pending.get(id);
    if (entry) {
      clearTimeout(entry.timer);
      pending.delete(id);
    }
    return entry;
  }

  function flush(): void {
    for (const entry of pending.values()) {
      if (!entry.sent && socket?.readyState === OPEN) {
        socket.send(entry.message);
        entry.sent = true;
      }
    }
  }

  function onServerMessage(raw: unknown): void {
    let json: unknown;
    try {
      json = JSON.parse(typeof raw === 'string' ? raw : String(raw));
    } catch {
      console.warn('[bridge] ignored a message that is not JSON');
      return;
    }
    const parsed = WsServerMessage.safeParse(json);
    if (!parsed.success) {
      console.warn('[bridge] ignored a message outside the contract', parsed.error.issues);
      return;
    }
    const message = parsed.data;
    if (message.kind === 'event') {
      if (!Object.prototype.hasOwnProperty.call(ipcEvents, message.event)) return;
      if (message.event === 'session:ended') windowKey.set(null);
      const event = message.event as IpcEvent;
      const payload = ipcEvents[event].safeParse(message.payload);
      if (payload.success) listeners.emit(event, payload.data);
      else console.warn(`[bridge] ignored a malformed ${event} event`, payload.error.issues);
      return;
    }
    const entry = settle(message.id);
    if (!entry) return;
    if (message.kind === 'error') {
      // The host no longer knows this window's key (it restarted, or an end was missed).
      if (message.error.code === WINDOW_NOT_SIGNED_IN.code && windowKey.get() !== null) {
        windowKey.set(null);
        listeners.emit('session:ended', { reason: 'ended' });
      }
      entry.reject(new BridgeError(message.error.code, message.error.message));
      return;
    }
    const response = ipcChannels[entry.channel].response.safeParse(message.response);
    if (response.success) {
      if (entry.channel === 'session:save' && message.window) windowKey.set(message.window);
      if (entry.channel === 'session:clear') windowKey.set(null);
      // No session for this window: a key kept from before (a host restart) means nothing now.
      if (entry.channel === 'session:load' && isSignedOut(response.data)) windowKey.set(null);
      entry.resolve(response.data);
    } else
      entry.reject(
        new BridgeError('INVALID_RESPONSE_STRUCTURE', ERRORS.INVALID_RESPONSE_STRUCTURE),
      );
  }

  function scheduleReconnect(): void {
    if (disposed || reconnectTimer) return;
    attempt += 1;
    const delay = backoffDelay(attempt, {
      base: backoff.initialMs,
      cap: backoff.maxMs,
      jitter: 'equal',
      random,
    });
    reconnectTimer = setTimeout(() => {
      reconnectTimer = null;
      connect();
    }, delay);
  }

  function connect(): void {
    if (disposed) return;
    let current: BridgeSocket;
    try {
      current = createSocket(typeof url === 'string' ? url : url());
    } catch {
      scheduleReconnect();
      return;
    }
    socket = current;
    current.onopen = () => {
      attempt = 0;
      flush();
    };
    current.onmessage = (event) => onServerMessage(event.data);
    current.onerror = () => undefined; // a close event always follows
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      // Calls already sent may or may not have run on the host: fail them rather than resend.
      for (const [id, entry] of pending) {
        if (entry.sent) {
          settle(id);
          entry.reject(new BridgeError('BRIDGE_DISCONNECTED', BRIDGE_MESSAGES.BRIDGE_DISCONNECTED));
        }
      }
      scheduleReconnect();
    };
  }

  function call(channel: IpcChannel, request: unknown): Promise<unknown> {
    if (disposed)
      return Promise.reject(
        new BridgeError('BRIDGE_DISCONNECTED', BRIDGE_MESSAGES.BRIDGE_DISCONNECTED),
      );
    const checked = ipcChannels[channel].request.safeParse(request);
    if (!checked.success)
      return Promise.reject(new BridgeError('INVALID_INPUT', PRODUCT_ERRORS.INVALID_INPUT));
    if (channel === 'notifications:showNative') return showNative(checked.data);
    const id = nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        settle(id);
        reject(new BridgeError('BRIDGE_TIMEOUT', BRIDGE_MESSAGES.BRIDGE_TIMEOUT));
      }, callTimeoutMs);
      const window = windowKey.get();
      const message = JSON.stringify({
        id,
        channel,
        request: checked.data,
        ...(window ? { window } : {}),
      });
      pending.set(id, { channel, message, sent: false, resolve, reject, timer });
      flush();
    });
  }

  async function showNative(request: unknown): Promise<{ shown: boolean }> {
    const notification = NativeNotification.parse(request);
    const shown = await notifier.show(notification, () => {
      listeners.emit('notifications:clicked', { redirect: notification.redirect });
    });
    return { shown };
  }

  connect();
  const api = buildDesktopApi((channel, request) => call(channel, request), listeners.on);
  return Object.assign(api, {
    isConnected: () => socket?.readyState === OPEN,
    dispose() {
      disposed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      for (const [id, entry] of pending) {
        settle(id);
        entry.reject(new BridgeError('BRIDGE_DISCONNECTED', BRIDGE_MESSAGES.BRIDGE_DISCONNECTED));
      }
      socket?.close();
      socket = null;
    },
  });
}
