/**
 * HTTP side of the headless host: serves the built renderer with the bridge token filled into
 * index.html, a strict CSP on HTML, and refuses requests whose Host header is not ours (so a
 * DNS-rebinding page cannot read the token).
 */
import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { lookupStaticFile } from '../services/staticFiles';
import { injectBridgeToken } from './indexHtml';

export interface HostHttpOptions {
  rendererDir: string;
  bridgeToken: string;
  /** The CSP for HTML responses (it names the server URL, known once the server runs). */
  csp: () => string;
  isAllowedHost: (hostHeader: string | undefined) => boolean;
  log?: (line: string) => void;
}

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;

function sendText(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, {
    ...COMMON_HEADERS,
    'Content-Type': 'text/plain; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(text);
}

export function createHostRequestHandler(options: HostHttpOptions) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (!options.isAllowedHost(req.headers.host)) {
      sendText(res, 403, 'This LexDesk host only answers on its own address.');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendText(res, 405, 'Method not allowed.');
      return;
    }
    const pathname = (req.url ?? '/').split(/[?#]/, 1)[0] ?? '/';
    const found = await lookupStaticFile(options.rendererDir, pathname);
    if (found.status === 'bad-request') return sendText(res, 400, 'Bad request path.');
    if (found.status === 'forbidden') return sendText(res, 403, 'Forbidden.');
    if (found.status === 'not-found') return sendText(res, 404, 'Not found.');

    if (found.isIndex) {
      const html = injectBridgeToken(await readFile(found.file, 'utf8'), options.bridgeToken);
      res.writeHead(200, {
        ...COMMON_HEADERS,
        'Content-Type': found.contentType,
        'Content-Security-Policy': options.csp(),
        'X-Frame-Options': 'DENY',
        // The token changes with every host run: never cache the page that carries it.
        'Cache-Control': 'no-store',
      });
      res.end(req.method === 'HEAD' ? undefined : html);
      return;
    }
    res.writeHead(200, {
      ...COMMON_HEADERS,
      'Content-Type': found.contentType,
      'Cache-Control': pathname.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'no-cache',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(found.file)
      .on('error', (error) => {
        options.log?.(`Could not read ${found.file}: ${error.message}`);
        res.destroy(error);
      })
      .pipe(res);
  };
}
