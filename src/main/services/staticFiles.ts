/**
 * Maps a request path to a file of the built renderer (dist/renderer), for the headless host's
 * HTTP server and Electron's app:// protocol alike. Paths are decoded once and any `..` segment,
 * NUL byte or dotfile is refused, so nothing outside the root can be reached. Unknown paths
 * without a file extension fall back to index.html (client-side routes).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';

export type StaticLookup =
  | { status: 'ok'; file: string; contentType: string; isIndex: boolean }
  | { status: 'not-found' }
  | { status: 'forbidden' }
  | { status: 'bad-request' };

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.eot': 'application/vnd.ms-fontobject',
  '.wasm': 'application/wasm',
};

export const INDEX_FILE = 'index.html';

export function contentTypeFor(file: string): string {
  return CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** `pathname` is the URL path without query or fragment, still percent-encoded. */
export async function lookupStaticFile(root: string, pathname: string): Promise<StaticLookup> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return { status: 'bad-request' };
  }
  if (decoded.includes('\0') || !decoded.startsWith('/')) return { status: 'bad-request' };

  const segments = decoded.split(/[\\/]+/).filter((segment) => segment.length > 0);
  if (segments.some((segment) => segment === '..' || segment.startsWith('.')))
    return { status: 'forbidden' };

  const base = path.resolve(root);
  const index = path.join(base, INDEX_FILE);
  const indexHit = {
    status: 'ok',
    file: index,
    contentType: contentTypeFor(index),
    isIndex: true,
  } as const;
  if (segments.length === 0) return indexHit;

  const file = path.resolve(base, ...segments);
  // Belt and braces: whatever the segments were, the result must lie inside the root.
  if (!file.startsWith(base + path.sep)) return { status: 'forbidden' };
  if (file === index) return indexHit;
  if (await isFile(file))
    return { status: 'ok', file, contentType: contentTypeFor(file), isIndex: false };

  const last = segments[segments.length - 1] ?? '';
  return path.extname(last) === '' ? indexHit : { status: 'not-found' };
}
