/**
 * The app:// scheme: the renderer is served from app://lexdesk/ instead of file://, so it has a
 * real origin (CSP 'self', storage, CORS) and cannot read arbitrary files. Files come from the
 * built renderer through the same lookup the headless host uses (no traversal, SPA fallback).
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { lookupStaticFile } from '../services/staticFiles';

export const APP_SCHEME = 'app';
export const APP_HOST = 'lexdesk';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before the app is ready. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
    },
  ]);
}

/** Whether `url` is a page of our own app (checked by parts: Node gives custom schemes a null origin). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST;
  } catch {
    return false;
  }
}

function plain(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}

export function serveAppProtocol(rendererDir: string, csp: () => string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    if (!isAppUrl(request.url)) return plain(404, 'Not found.');
    if (request.method !== 'GET' && request.method !== 'HEAD')
      return plain(405, 'Method not allowed.');
    const found = await lookupStaticFile(rendererDir, new URL(request.url).pathname);
    if (found.status === 'bad-request') return plain(400, 'Bad request path.');
    if (found.status === 'forbidden') return plain(403, 'Forbidden.');
    if (found.status === 'not-found') return plain(404, 'Not found.');
    const headers: Record<string, string> = {
      'Content-Type': found.contentType,
      'X-Content-Type-Options': 'nosniff',
    };
    if (found.isIndex) {
      headers['Content-Security-Policy'] = csp();
      headers['Cache-Control'] = 'no-store';
    }
    return new Response(request.method === 'HEAD' ? null : await readFile(found.file), {
      status: 200,
      headers,
    });
  });
}
