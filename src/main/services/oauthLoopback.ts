/**
 * A CRM sign-in from the desktop (OAuth 2.0 for native apps, RFC 8252: the system browser and a
 * loopback redirect). `begin` listens on 127.0.0.1 on a free port and answers the redirect URI
 * the server puts into the authorization address; `open` hands that address to the system
 * browser (Electron's shell.openExternal) or, where the app has none (the headless host), says so
 * and the renderer opens it itself; `wait` resolves with the code and state the browser brought
 * back to the listener, which then closes. The server checks the state (it keeps it hashed); this
 * side only carries it. Plain Node: the Electron seam is the `browser` given.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DesktopError } from '../ipc/errors';

/** Opens an address in the system browser; false when this app cannot (the renderer will). */
export interface ExternalBrowser {
  open(url: string): Promise<boolean>;
}

export const noExternalBrowser: ExternalBrowser = { open: () => Promise.resolve(false) };

export const OAUTH_CALLBACK_PATH = '/oauth/callback';
/** A sign-in must come back within this long (the server keeps its state for 10 minutes). */
export const OAUTH_WAIT_MS = 10 * 60_000;

export interface OAuthReturn {
  code: string;
  state: string;
}

interface Pending {
  server: Server;
  result: Promise<OAuthReturn>;
  reject(error: DesktopError): void;
  timer: NodeJS.Timeout;
  closed: boolean;
}

const PAGE = (title: string, text: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body style="font-family:sans-serif;margin:3em"><h1>${title}</h1><p>${text}</p></body></html>`;

/** http(s) only, no credentials in it: what may be handed to the system browser. */
export function isBrowserUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      !parsed.username &&
      !parsed.password
    );
  } catch {
    return false;
  }
}

export function createOAuthLoopback(options: { browser: ExternalBrowser; timeoutMs?: number }) {
  const timeoutMs = options.timeoutMs ?? OAUTH_WAIT_MS;
  const pending = new Map<string, Pending>();

  /** Closes the listener; the outcome stays for `wait` (which may come after the return). */
  function finish(id: string): void {
    const entry = pending.get(id);
    if (!entry || entry.closed) return;
    entry.closed = true;
    clearTimeout(entry.timer);
    entry.server.closeAllConnections();
    entry.server.close();
  }

  function entryOf(id: string): Pending {
    const entry = pending.get(id);
    if (!entry)
      throw new DesktopError('OAUTH_UNKNOWN', 'This sign-in is over; start connecting again.');
    return entry;
  }

  return {
    async begin(): Promise<{ id: string; redirectUri: string }> {
      const id = randomUUID();
      let settle!: { resolve(r: OAuthReturn): void; reject(e: DesktopError): void };
      const result = new Promise<OAuthReturn>((resolve, reject) => {
        settle = { resolve, reject };
      });
      // Nobody may be waiting yet: a rejection must not go unhandled.
      result.catch(() => undefined);
      const server = createServer((req, res) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        if (req.method !== 'GET' || url.pathname !== OAUTH_CALLBACK_PATH) {
          res.writeHead(404, { 'content-type': 'text/plain' });
          res.end('Not found');
          return;
        }
        const code = url.searchParams.get('code');
        const state = url.searchParams.get('state');
        const refused = url.searchParams.get('error');
        res.writeHead(code && state ? 200 : 400, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
        });
        if (code && state) {
          res.end(PAGE('Signed in', 'You can close this tab and return to LexDesk.'));
          settle.resolve({ code, state });
        } else {
          res.end(
            PAGE('Not signed in', 'The sign-in did not finish. Return to LexDesk and try again.'),
          );
          settle.reject(
            new DesktopError(
              'OAUTH_REFUSED',
              refused
                ? `The CRM did not sign you in (${refused.slice(0, 100)}).`
                : 'The CRM came back without a sign-in code.',
            ),
          );
        }
        finish(id);
      });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
      const { port } = server.address() as AddressInfo;
      const timer = setTimeout(() => {
        settle.reject(
          new DesktopError('OAUTH_TIMEOUT', 'The sign-in took too long; start connecting again.'),
        );
        finish(id);
      }, timeoutMs);
      timer.unref();
      const redirectUri = `http://127.0.0.1:${port}${OAUTH_CALLBACK_PATH}`;
      pending.set(id, { server, result, reject: settle.reject, timer, closed: false });
      return { id, redirectUri };
    },

    /** Opens the authorization address in the system browser; `opened` false: the caller does. */
    async open(id: string, url: string): Promise<{ opened: boolean; url: string }> {
      if (entryOf(id).closed)
        throw new DesktopError('OAUTH_UNKNOWN', 'This sign-in is over; start connecting again.');
      if (!isBrowserUrl(url))
        throw new DesktopError('OAUTH_BAD_URL', 'The sign-in address is not a web address.');
      return { opened: await options.browser.open(url), url };
    },

    /** The code and state the browser brought back (rejects on refusal, timeout or cancel). */
    wait(id: string): Promise<OAuthReturn> {
      const { result } = entryOf(id);
      // Its outcome is told once.
      return result.finally(() => pending.delete(id));
    },

    /** Stops a sign-in that was given up (and every one, on quit). */
    cancel(id?: string): void {
      for (const key of id ? [id] : [...pending.keys()]) {
        pending.get(key)?.reject(new DesktopError('OAUTH_CANCELLED', 'The sign-in was stopped.'));
        finish(key);
        pending.delete(key);
      }
    },
  };
}

export type OAuthLoopback = ReturnType<typeof createOAuthLoopback>;
