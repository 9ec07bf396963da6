/**
 * startHost: the headless host as a function (the CLI in ../host.ts and the tests call it).
 * It starts the server child unless a server URL is given, builds the same desktop runtime the
 * Electron main process builds, and serves the renderer plus the WebSocket bridge on 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createDesktopRuntime, spoolDirOf } from '../runtime';
import { buildCsp } from '../services/csp';
import type { EventHub } from '../services/events';
import { isErrnoException } from '../services/atomicFile';
import { noNativeNotifier } from '../services/notifier';
import { sourceServerCommand } from '../services/serverCommand';
import {
  startServerProcess,
  ServerStartError,
  type ExitInfo,
  type ServerCommand,
  type ServerProcess,
} from '../services/serverProcess';
import { createMemorySessionStore } from '../services/sessionStore';
import { INDEX_FILE } from '../services/staticFiles';
import { createBridge } from './bridge';
import { createHostRequestHandler } from './httpServer';
import { handleSpool, SPOOL_PATH } from './spool';
import { createWindowGate } from './windowSession';

export const LOOPBACK = '127.0.0.1';

export interface HostOptions {
  /** Repository root (package.json, dist/renderer, src/server). */
  root: string;
  dataDir: string;
  /** 0 picks a free port. With `fallbackToFreePort`, a taken port falls back to a free one. */
  port: number;
  fallbackToFreePort?: boolean;
  /** Use this running server; no child is started. */
  serverUrl?: string;
  demo?: boolean;
  rendererDir?: string;
  /** Override how the server child is launched (tests). */
  serverCommand?: ServerCommand;
  serverReadyTimeoutMs?: number;
  onServerOutput?: (line: string, stream: 'stdout' | 'stderr') => void;
  /** The server child ended on its own after start-up. */
  onServerExit?: (info: ExitInfo) => void;
  log?: (line: string) => void;
}

export interface RunningHost {
  url: string;
  serverUrl: string;
  bridgeToken: string;
  events: EventHub;
  close(): Promise<void>;
}

/** A start-up failure with a message meant for the user. */
export class HostStartError extends Error {
  override name = 'HostStartError';
  constructor(
    message: string,
    /** The server child failed (its log may say more). */
    readonly serverFailed = false,
  ) {
    super(message);
  }
}

function readVersion(root: string): string {
  try {
    const parsed: unknown = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    if (
      parsed &&
      typeof parsed === 'object' &&
      'version' in parsed &&
      typeof parsed.version === 'string'
    ) {
      return parsed.version;
    }
  } catch {
    // fall through
  }
  return '0.0.0';
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, LOOPBACK, () => {
      server.off('error', onError);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

async function listenWithFallback(
  server: Server,
  port: number,
  fallback: boolean,
): Promise<number> {
  try {
    return await listen(server, port);
  } catch (error) {
    if (isErrnoException(error) && error.code === 'EADDRINUSE') {
      if (fallback && port !== 0) return listen(server, 0);
      throw new HostStartError(`Port ${port} is already in use. Pick another one with --port.`);
    }
    throw error;
  }
}

async function startServer(
  options: HostOptions,
): Promise<{ url: string; child: ServerProcess | null }> {
  if (options.serverUrl) return { url: options.serverUrl, child: null };
  const command =
    options.serverCommand ??
    sourceServerCommand(options.root, { dataDir: options.dataDir, demo: options.demo ?? false });
  try {
    const child = await startServerProcess({
      ...command,
      readyTimeoutMs: options.serverReadyTimeoutMs,
      onOutput: options.onServerOutput,
      onUnexpectedExit: options.onServerExit,
    });
    return { url: child.url, child };
  } catch (error) {
    if (error instanceof ServerStartError) throw new HostStartError(error.message, true);
    throw error;
  }
}

export async function startHost(options: HostOptions): Promise<RunningHost> {
  const log = options.log ?? ((line: string) => console.error(line));
  const rendererDir = options.rendererDir ?? path.join(options.root, 'dist', 'renderer');
  if (!existsSync(path.join(rendererDir, INDEX_FILE))) {
    throw new HostStartError(
      `The browser build is missing (${path.join(rendererDir, INDEX_FILE)}). Build it with "npm run build:renderer", or run "npm start", which builds it.`,
    );
  }

  const server = await startServer(options);
  const bridgeToken = randomBytes(32).toString('base64url');
  let allowedHosts = new Set<string>();
  const isAllowedHost = (host: string | undefined): boolean =>
    host !== undefined && allowedHosts.has(host.toLowerCase());
  const version = readVersion(options.root);
  const runtime = createDesktopRuntime({
    dataDir: options.dataDir,
    appInfo: () => ({
      version,
      platform: process.platform,
      serverUrl: server.url,
      transport: 'websocket',
    }),
    session: createMemorySessionStore(),
    notifier: noNativeNotifier,
    log,
  });
  const gate = createWindowGate(runtime.dispatch);
  const bridge = createBridge({
    token: bridgeToken,
    gate,
    events: runtime.events,
    isAllowedOrigin: (origin, host) =>
      isAllowedHost(host) && origin === `http://${host?.toLowerCase()}`,
  });

  let wsOrigins: string[] = [];
  const handler = createHostRequestHandler({
    rendererDir,
    bridgeToken,
    isAllowedHost,
    csp: () => buildCsp({ serverUrl: server.url, extraConnectSrc: wsOrigins }),
    log,
  });
  const spool = (req: IncomingMessage, res: ServerResponse): Promise<void> =>
    handleSpool(req, res, {
      spoolDir: spoolDirOf(options.dataDir),
      bridgeToken,
      isSignedInWindow: gate.holds,
      uploads: () => runtime.services.uploads,
    });
  const http = createServer((req, res) => {
    const isSpool =
      isAllowedHost(req.headers.host) && (req.url ?? '').split('?', 1)[0] === SPOOL_PATH;
    (isSpool ? spool(req, res) : handler(req, res)).catch((error: unknown) => {
      log(`Host request failed: ${error instanceof Error ? error.message : String(error)}`);
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end('The LexDesk host could not answer this request.');
    });
  });
  http.on('upgrade', (req, socket, head) => bridge.handleUpgrade(req, socket, head));

  let port: number;
  try {
    port = await listenWithFallback(http, options.port, options.fallbackToFreePort ?? false);
  } catch (error) {
    await runtime.close();
    await server.child?.stop();
    throw error;
  }
  allowedHosts = new Set([`${LOOPBACK}:${port}`, `localhost:${port}`]);
  wsOrigins = [...allowedHosts].map((host) => `ws://${host}`);

  let closing: Promise<void> | null = null;
  return {
    url: `http://${LOOPBACK}:${port}`,
    serverUrl: server.url,
    bridgeToken,
    events: runtime.events,
    close() {
      closing ??= (async () => {
        await bridge.close();
        http.closeAllConnections();
        await new Promise<void>((resolve) => http.close(() => resolve()));
        await runtime.close();
        await server.child?.stop();
      })();
      return closing;
    },
  };
}
