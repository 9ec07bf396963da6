/**
 * The desktop bridge: one DesktopApi (src/shared/ipc/contract.ts), two transports.
 * - In the Electron window the preload exposes it as `window.desktop` (IPC to the main process).
 * - In a browser, the headless host serves the same contract over a WebSocket at /desktop-bridge;
 *   the page authenticates with the token the host writes into <meta name="lexdesk-bridge-token">.
 * Screens use the bridge from AppServices and never know which transport they talk to.
 */
import { WS_BRIDGE_PATH, type DesktopApi } from '../../shared/ipc/contract';
import { browserNotifierEnv, createBrowserNotifier } from './bridge-notifier';
import { createWsBridge, type BridgeSocket } from './bridge-ws';
import { sessionWindowKeyStore, type WindowKeyStore } from './windowKey';

export const BRIDGE_TOKEN_META = 'lexdesk-bridge-token';

/** The token the host wrote into the page, or '' when there is none. */
export function readBridgeToken(doc: Document): string {
  return doc.querySelector(`meta[name="${BRIDGE_TOKEN_META}"]`)?.getAttribute('content') ?? '';
}

/** ws(s)://<page origin>/desktop-bridge?token=<token>[&window=<this window's key>] */
export function bridgeSocketUrl(
  origin: string,
  token: string,
  window: string | null = null,
): string {
  const base = `${origin.replace(/^http/, 'ws')}${WS_BRIDGE_PATH}`;
  const query = new URLSearchParams();
  if (token) query.set('token', token);
  if (window) query.set('window', window);
  const search = query.toString();
  return search ? `${base}?${search}` : base;
}

/** This tab's window key (the browser build's spool asks for it). */
export function windowKeyStore(win: Window): WindowKeyStore {
  return sessionWindowKeyStore(win.sessionStorage);
}

/** Adapts a browser WebSocket to the small socket interface the transport uses. */
function openSocket(url: string): BridgeSocket {
  const ws = new WebSocket(url);
  const socket: BridgeSocket = {
    get readyState() {
      return ws.readyState;
    },
    send: (data) => ws.send(data),
    close: (code, reason) => ws.close(code, reason),
    onopen: null,
    onmessage: null,
    onclose: null,
    onerror: null,
  };
  ws.onopen = (event) => socket.onopen?.(event);
  ws.onmessage = (event: MessageEvent<unknown>) => socket.onmessage?.({ data: event.data });
  ws.onclose = (event) => socket.onclose?.(event);
  ws.onerror = (event) => socket.onerror?.(event);
  return socket;
}

export function createBridge(win: Window): DesktopApi {
  const preload = (win as Window & { desktop?: DesktopApi }).desktop;
  if (preload) return preload;
  const windowKey = windowKeyStore(win);
  return createWsBridge({
    url: () => bridgeSocketUrl(win.location.origin, readBridgeToken(win.document), windowKey.get()),
    windowKey,
    createSocket: openSocket,
    notifier: createBrowserNotifier(browserNotifierEnv(win)),
  });
}
