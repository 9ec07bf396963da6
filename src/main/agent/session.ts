/**
 * The headless agent's server session. It signs in once at start; when the server later refuses
 * the token (401: the session expired or was revoked) the uploader releases the job and calls
 * `unauthorized`, and:
 * - with --email / --password-env the agent signs in again (one sign-in for all workers, retried
 *   at most every `retryMs`) and carries on;
 * - with a fixed --token-env token there is nothing to renew: it says so once, and the workers
 *   stop claiming (connection() answers null) so every job stays queued until a restart with a
 *   valid token. Watched folders keep queueing new files meanwhile; nothing is dropped.
 */
import type { ServerConnection } from '../services/uploader/serverApi';
import type { AgentArgs } from './args';

export interface AgentSessionOptions {
  serverUrl: string;
  auth: AgentArgs['auth'];
  signIn: (credentials: { email: string; password: string }) => Promise<string>;
  /** Lines for stderr. */
  report: (line: string) => void;
  /** Least time between two sign-ins (after a failure, or a token refused right after one). Default 10 s. */
  retryMs?: number;
  now?: () => number;
}

export interface AgentSession {
  /** The first sign-in (password mode); throws when it fails, so the agent does not start. */
  start(): Promise<void>;
  /** For the uploader: the current token, or null while there is none (workers then wait). */
  connection(): Promise<ServerConnection | null>;
  /** For the uploader: the server answered 401 to a request made with `refused`. */
  unauthorized(refused: ServerConnection): Promise<void>;
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : String(error);

export function createAgentSession(options: AgentSessionOptions): AgentSession {
  const { auth } = options;
  const now = options.now ?? Date.now;
  const retryMs = options.retryMs ?? 10_000;
  let token: string | null = auth.kind === 'token' ? auth.token : null;
  let signingIn: Promise<void> | null = null;
  let nextSignInAt = 0;
  let tokenRefused = false;

  /** One sign-in at a time; a failure waits retryMs before the next try. */
  const renew = (): Promise<void> => {
    if (auth.kind !== 'password') return Promise.resolve();
    signingIn ??= options
      .signIn({ email: auth.email, password: auth.password })
      .then(
        (fresh) => {
          token = fresh;
          nextSignInAt = now() + retryMs;
          options.report(`Signed in again as ${auth.email}; uploads continue.`);
        },
        (error: unknown) => {
          nextSignInAt = now() + retryMs;
          options.report(
            `Signing in again as ${auth.email} failed (${describe(error)}); uploads stay queued and it is tried again in ${Math.round(retryMs / 1000)} s.`,
          );
        },
      )
      .finally(() => {
        signingIn = null;
      });
    return signingIn;
  };

  return {
    async start() {
      if (auth.kind === 'password')
        token = await options.signIn({ email: auth.email, password: auth.password });
    },
    async connection() {
      if (token === null && auth.kind === 'password' && now() >= nextSignInAt) await renew();
      return token === null ? null : { serverUrl: options.serverUrl, token };
    },
    async unauthorized(refused) {
      // Another worker already renewed (or dropped) this token.
      if (refused.token !== token) return;
      token = null;
      if (auth.kind === 'password') {
        options.report(
          `The server refused the agent's session (expired or revoked); signing in again as ${auth.email}.`,
        );
        if (now() >= nextSignInAt) await renew();
        return;
      }
      if (tokenRefused) return;
      tokenRefused = true;
      const source = auth.variable ? ` from ${auth.variable}` : '';
      options.report(
        `The server refused the session token${source} (expired or revoked). Nothing is uploaded ` +
          'until the agent is restarted with a valid token; files stay queued (and new ones are ' +
          'still queued), none are dropped.',
      );
    },
  };
}
