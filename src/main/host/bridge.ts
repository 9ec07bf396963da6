/**
 * The WebSocket transport of the IPC contract (path /desktop-bridge). A client must come from the
 * host's own origin and present this run's bridge token, in the `token` query parameter or as
 * its first message. After that each WsClientMessage goes through the window gate
 * (windowSession.ts: the session belongs to the window that signed in, known by its window key)
 * to the same dispatcher Electron's ipcMain uses; service events reach only the clients of the
 * signed-in window.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import {
  WsAuthMessage,
  WsClientMessage,
  WS_BRIDGE_PATH,
  type WsServerMessage,
} from '../../shared/ipc/contract';
import type { EventHub } from '../services/events';
import type { WindowGate } from './windowSession';

/** Close code for a client that failed to authenticate (4000-4999 are application codes). */
export const CLOSE_UNAUTHORIZED = 4401;
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface BridgeOptions {
  token: string;
  /** Whether the Origin header of an upgrade request is the host's own origin. */
  isAllowedOrigin: (origin: string | undefined, hostHeader: string | undefined) => boolean;
  /** Binds the session to the window that signed in (every call goes through it). */
  gate: WindowGate;
  events: EventHub;
  authTimeoutMs?: number;
}

export interface Bridge {
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  clientCount(): number;
  close(): Promise<void>;
}

export function tokensMatch(expected: string, given: string | null | undefined): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}

function send(ws: WebSocket, message: WsServerMessage): void {
  if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(message));
}

function parseJson(data: RawData): unknown {
  try {
    return JSON.parse(data.toString()) as unknown;
  } catch {
    return undefined;
  }
}

/** The id of a message we could not accept, so the client can fail the right call; else -1. */
function idOf(json: unknown): number {
  if (json && typeof json === 'object' && 'id' in json && typeof json.id === 'number')
    return json.id;
  return -1;
}

export function createBridge(options: BridgeOptions): Bridge {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
  const authenticated = new Set<WebSocket>();
  /** The window key each client last presented. */
  const windowOf = new Map<WebSocket, string>();
  const authTimeoutMs = options.authTimeoutMs ?? 5000;
  const gate = options.gate;
  const signedIn = (ws: WebSocket): boolean => gate.holds(windowOf.get(ws));

  const unsubscribe = options.events.subscribe(({ event, payload }) => {
    for (const ws of authenticated) if (signedIn(ws)) send(ws, { kind: 'event', event, payload });
  });

  /** Tells the other clients that held `ended` that their window is signed out. */
  function endWindow(ended: string, caller: WebSocket, channel: string): void {
    const reason = channel === 'session:save' ? 'signed-in-elsewhere' : 'signed-out-elsewhere';
    for (const ws of authenticated) {
      if (ws === caller || windowOf.get(ws) !== ended) continue;
      windowOf.delete(ws);
      send(ws, { kind: 'event', event: 'session:ended', payload: { reason } });
    }
  }

  async function onCall(ws: WebSocket, json: unknown): Promise<void> {
    const parsed = WsClientMessage.safeParse(json);
    if (!parsed.success) {
      send(ws, {
        kind: 'error',
        id: idOf(json),
        error: {
          code: 'INVALID_MESSAGE',
          message: 'The message is not a desktop bridge call ({ id, channel, request }).',
        },
      });
      return;
    }
    const { id, channel, request, window } = parsed.data;
    if (window === undefined) windowOf.delete(ws);
    else windowOf.set(ws, window);
    const { result, issued, ended } = await gate.call(channel, request, window);
    if (issued !== undefined) windowOf.set(ws, issued);
    if (ended !== undefined) endWindow(ended, ws, channel);
    send(
      ws,
      result.ok
        ? { kind: 'result', id, response: result.response, ...(issued ? { window: issued } : {}) }
        : { kind: 'error', id, error: result.error },
    );
  }

  function accept(ws: WebSocket, preAuthenticated: boolean, window: string | null): void {
    let timer: NodeJS.Timeout | null = null;
    if (window !== null) windowOf.set(ws, window);
    if (preAuthenticated) authenticated.add(ws);
    else
      timer = setTimeout(
        () => ws.close(CLOSE_UNAUTHORIZED, 'Bridge token required'),
        authTimeoutMs,
      );

    ws.on('message', (data) => {
      const json = parseJson(data);
      if (!authenticated.has(ws)) {
        const auth = WsAuthMessage.safeParse(json);
        if (timer) clearTimeout(timer);
        if (auth.success && tokensMatch(options.token, auth.data.token)) authenticated.add(ws);
        else ws.close(CLOSE_UNAUTHORIZED, 'Invalid bridge token');
        return;
      }
      void onCall(ws, json);
    });
    ws.on('close', () => {
      if (timer) clearTimeout(timer);
      authenticated.delete(ws);
      windowOf.delete(ws);
    });
    ws.on('error', () => ws.terminate());
  }

  return {
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://bridge.invalid');
      if (url.pathname !== WS_BRIDGE_PATH) return refuse(socket, 404, 'Not Found');
      if (!options.isAllowedOrigin(req.headers.origin, req.headers.host))
        return refuse(socket, 403, 'Forbidden');
      const queryToken = url.searchParams.get('token');
      if (queryToken !== null && !tokensMatch(options.token, queryToken))
        return refuse(socket, 401, 'Unauthorized');
      const window = url.searchParams.get('window');
      wss.handleUpgrade(req, socket, head, (ws) =>
        accept(ws, queryToken !== null, window && window.length <= 200 ? window : null),
      );
    },
    clientCount: () => wss.clients.size,
    close() {
      unsubscribe();
      for (const ws of wss.clients) ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
