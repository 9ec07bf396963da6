/**
 * The one way a connector calls a CRM over HTTP. Every attempt is written to the integration log
 * (operation, outcome, HTTP status, attempt, duration, and a summary: method and path, never a
 * header, body, token or query value). 429 waits for Retry-After (seconds or a date, at most
 * `maxWaitMs`), 5xx and network failures wait a backoff (shared/backoff.ts, equal jitter), up to
 * `maxAttempts`. A 401 on a signed call refreshes the tokens once and tries again. A bearer token
 * is only ever sent to the CRM's own origin.
 */
import { backoffDelay } from '../../../shared/backoff';
import { CrmCallError, type CrmTokens } from './connector';

export type CallOutcome = 'ok' | 'retried' | 'failed';

export interface CallLogEntry {
  operation: string;
  outcome: CallOutcome;
  http_status: number | null;
  attempt: number;
  duration_ms: number;
  details: Record<string, unknown>;
}

export type CallLogger = (entry: CallLogEntry) => Promise<void>;

export interface CrmHttpOptions {
  baseUrl: string;
  log: CallLogger;
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass one that records and returns at once). */
  sleep?: (ms: number) => Promise<void>;
  maxAttempts?: number;
  retryBaseMs?: number;
  maxWaitMs?: number;
  timeoutMs?: number;
  /** The signed calls' bearer token, and what renews it after a 401. */
  auth?: { token(): Promise<string>; refresh(): Promise<void> };
}

/** Where a connector's sealed tokens live (the integration row). */
export interface TokenStore {
  load(): Promise<CrmTokens | null>;
  save(tokens: CrmTokens): Promise<void>;
}

/**
 * Bearer auth from the stored tokens: renewed through `renew` when they end within `marginMs`,
 * and after a 401 (createCrmHttp calls `refresh` once, then retries the call).
 */
export function storedTokenAuth(
  store: TokenStore,
  renew: () => Promise<CrmTokens>,
  marginMs: number,
): NonNullable<CrmHttpOptions['auth']> {
  return {
    async token() {
      const tokens = await store.load();
      if (!tokens) throw new CrmCallError('Authentication failed', 401, false);
      const due = tokens.expires_at && tokens.expires_at.getTime() - Date.now() < marginMs;
      return due ? (await renew()).access_token : tokens.access_token;
    },
    async refresh() {
      await renew();
    },
  };
}

export interface CrmRequest {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** A path under the base URL, or an absolute URL (a next-page link, an upload URL). */
  path: string;
  query?: Record<string, string>;
  json?: unknown;
  form?: Record<string, string>;
  body?: Buffer;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  signed?: boolean;
  /** Extra facts for the log (counts, ids; never secrets). */
  detail?: Record<string, unknown>;
}

export interface CrmResponse {
  status: number;
  json: unknown;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Retry-After as milliseconds (delta seconds or an HTTP date), or undefined. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const trimmed = header.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function createCrmHttp(options: CrmHttpOptions) {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 4;
  const retryBaseMs = options.retryBaseMs ?? 500;
  const maxWaitMs = options.maxWaitMs ?? 60_000;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const base = new URL(options.baseUrl);

  function urlOf(request: CrmRequest): URL {
    const url = /^https?:\/\//.test(request.path)
      ? new URL(request.path)
      : new URL(request.path.replace(/^\//, ''), base.href.endsWith('/') ? base : `${base.href}/`);
    for (const [key, value] of Object.entries(request.query ?? {}))
      url.searchParams.set(key, value);
    return url;
  }

  async function send(request: CrmRequest, url: URL): Promise<Response> {
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    let body: BodyInit | undefined;
    if (request.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(request.json);
    } else if (request.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(request.form).toString();
    } else if (request.body) body = new Uint8Array(request.body);
    if (request.signed !== false) {
      if (!options.auth) throw new Error('a signed CRM call needs auth');
      if (url.origin !== base.origin)
        throw new CrmCallError('The CRM sent a link to another address.', null, false);
      headers.authorization = `Bearer ${await options.auth.token()}`;
    }
    return doFetch(url, {
      method: request.method,
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  return {
    async call(operation: string, request: CrmRequest): Promise<CrmResponse> {
      const url = urlOf(request);
      const summary = { method: request.method, path: url.pathname, ...request.detail };
      let refreshed = false;
      for (let attempt = 1; ; attempt += 1) {
        const started = Date.now();
        let status: number | null = null;
        let wait: number | undefined;
        let failure: CrmCallError;
        try {
          const response = await send(request, url);
          status = response.status;
          const text = await response.text();
          if (response.ok) {
            await options.log({
              operation,
              outcome: 'ok',
              http_status: status,
              attempt,
              duration_ms: Date.now() - started,
              details: summary,
            });
            return { status, json: text ? parseJson(text) : null };
          }
          const retryable = status === 429 || status >= 500;
          if (status === 429) wait = retryAfterMs(response.headers.get('retry-after'));
          failure = new CrmCallError(
            messageOf(text, response.statusText, status),
            status,
            retryable,
          );
          if (status === 401 && request.signed !== false && options.auth && !refreshed) {
            await options.log({
              operation,
              outcome: 'retried',
              http_status: status,
              attempt,
              duration_ms: Date.now() - started,
              details: { ...summary, reason: 'token refused; refreshing' },
            });
            refreshed = true;
            await options.auth.refresh();
            continue;
          }
        } catch (error) {
          if (error instanceof CrmCallError) failure = error;
          else
            failure = new CrmCallError(
              `The CRM could not be reached: ${error instanceof Error ? error.message : String(error)}`,
              null,
              true,
            );
        }
        const again = failure.retryable && attempt < maxAttempts;
        await options.log({
          operation,
          outcome: again ? 'retried' : 'failed',
          http_status: status,
          attempt,
          duration_ms: Date.now() - started,
          details: { ...summary, error: failure.message },
        });
        if (!again) throw failure;
        await sleep(
          Math.min(
            maxWaitMs,
            wait ?? backoffDelay(attempt, { base: retryBaseMs, cap: maxWaitMs, jitter: 'equal' }),
          ),
        );
      }
    },
  };
}

export type CrmHttp = ReturnType<typeof createCrmHttp>;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CrmCallError('Invalid response structure', null, false);
  }
}

/** The CRM's own message when it sent one (short, no secrets), else the status text. */
function messageOf(text: string, statusText: string, status: number): string {
  try {
    const body = JSON.parse(text) as { error?: unknown; message?: unknown };
    const candidate =
      typeof body.error === 'object' && body.error !== null
        ? (body.error as { message?: unknown }).message
        : (body.error ?? body.message);
    if (typeof candidate === 'string' && candidate.trim()) return candidate.slice(0, 300);
  } catch {
    // not JSON: the status text speaks
  }
  return statusText || `HTTP error! status: ${status}`;
}
