/**
 * The host's one desktop session belongs to the browser window (tab) that signed in, not to
 * whoever can load the page. The bridge token only proves a client got the host's page, which any
 * new tab (or any local process that can reach the port) can do; the session is bound to a second,
 * per-window secret, the window key:
 *
 * - `session:save` (a sign-in) issues a fresh window key and answers it beside the result; the page
 *   keeps it in sessionStorage, which a new tab does not share. The previous key stops working.
 * - Every later call carries the key. Without the current key, `session:load` answers no token,
 *   `session:clear` signs nothing out, and every other channel but the few below is refused.
 * - `session:clear` with the current key ends the binding.
 *
 * Electron does not come here: its one window reaches the dispatcher through the preload.
 */
import { randomBytes } from 'node:crypto';
import { isIpcChannel, WINDOW_NOT_SIGNED_IN } from '../../shared/ipc/contract';
import type { Dispatch, DispatchResult } from '../ipc/dispatcher';
import { tokensMatch } from './bridge';

/** Channels any page of the host may call: nothing in them belongs to a session. */
export const WINDOWLESS_CHANNELS: ReadonlySet<string> = new Set(['app:info', 'settings:get']);

export { WINDOW_NOT_SIGNED_IN };

export interface WindowCallOutcome {
  result: DispatchResult;
  /** A sign-in: the key the calling window must present from now on. */
  issued?: string;
  /** The key that stopped working with this call (windows holding it are signed out). */
  ended?: string;
}

export interface WindowGate {
  /** Whether `key` is the key of the window that signed in. */
  holds(key: string | null | undefined): boolean;
  call(
    channel: string,
    request: unknown,
    key: string | null | undefined,
  ): Promise<WindowCallOutcome>;
}

const ok = (response: unknown): DispatchResult => ({ ok: true, response });

export function createWindowGate(dispatch: Dispatch): WindowGate {
  let current: string | null = null;
  const holds = (key: string | null | undefined): boolean =>
    current !== null && tokensMatch(current, key);

  return {
    holds,
    async call(channel, request, key) {
      const bound = holds(key);
      if (channel === 'session:save') {
        const result = await dispatch(channel, request);
        if (!result.ok) return { result };
        const ended = current ?? undefined;
        current = randomBytes(32).toString('base64url');
        return { result, issued: current, ended };
      }
      if (channel === 'session:load' && !bound) return { result: ok({ token: null }) };
      if (channel === 'session:clear') {
        // Signing out a window that is not signed in changes nothing for the one that is.
        if (!bound) return { result: ok({ ok: true }) };
        const result = await dispatch(channel, request);
        if (!result.ok) return { result };
        const ended = current ?? undefined;
        current = null;
        return { result, ended };
      }
      // (An unknown channel is the dispatcher's to refuse, as it is for a signed-in window.)
      if (!bound && isIpcChannel(channel) && !WINDOWLESS_CHANNELS.has(channel)) {
        return { result: { ok: false, error: WINDOW_NOT_SIGNED_IN } };
      }
      return { result: await dispatch(channel, request) };
    },
  };
}
