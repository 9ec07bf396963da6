/**
 * The Content-Security-Policy of the renderer document, shared by the Electron app:// protocol
 * and the headless host. Scripts come only from our own origin; the network is limited to our
 * origin and the LexDesk server (HTTP for REST/GraphQL, ws:// for live subscriptions).
 */

/** `http://h:p` -> `ws://h:p`, `https://h` -> `wss://h`. */
export function webSocketOrigin(httpUrl: string): string {
  const url = new URL(httpUrl);
  const protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${protocol}//${url.host}`;
}

export interface CspOptions {
  /** Base URL of the LexDesk server. */
  serverUrl: string;
  /** More connect-src sources, e.g. the host's own ws:// origin. */
  extraConnectSrc?: string[];
}

export function buildCsp(options: CspOptions): string {
  const server = new URL(options.serverUrl).origin;
  const connect = ["'self'", server, webSocketOrigin(server), ...(options.extraConnectSrc ?? [])];
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', server]],
    ['connect-src', [...new Set(connect)]],
    ['font-src', ["'self'", 'data:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${sources.join(' ')}`).join('; ');
}
