/**
 * Which browser origins may call the API. Auth is a bearer token (no cookies), so CORS only decides
 * which pages may read responses. 'loopback' allows http(s) pages on localhost, 127.0.0.1 or [::1]
 * (the browser build served by the host) and the desktop's app:// scheme; '*' allows all.
 */
type OriginCallback = (error: Error | null, allow: boolean) => void;

export function isLoopbackOrigin(origin: string): boolean {
  if (origin.startsWith('app://')) return true;
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
    return url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]';
  } catch {
    return false;
  }
}

export function isAllowedOrigin(allowed: readonly string[], origin: string | undefined): boolean {
  if (!origin) return true; // not a browser page (curl, the desktop main process, tests)
  return allowed.some(
    (rule) => rule === '*' || rule === origin || (rule === 'loopback' && isLoopbackOrigin(origin)),
  );
}

export function corsOriginCheck(allowed: readonly string[]) {
  return (origin: string | undefined, callback: OriginCallback) =>
    callback(null, isAllowedOrigin(allowed, origin));
}
