/**
 * What the app does when it starts (and after a failed start, on retry):
 * 1. ask the bridge for app info (the server URL) and the saved session token;
 * 2. with a token, load the viewer: a viewer means authenticated; none (or an "expired" error)
 *    means the saved session is gone, so it is cleared from the desktop's safe storage;
 * 3. without a usable session, ask the server whether it still needs setting up, which decides
 *    between the first-run screen and sign-in.
 * When the viewer query gets no answer at all (the server cannot be reached) and the desktop
 * remembers the viewer of this very session token, the app starts offline with that viewer: the
 * token is kept, the screens work from the desktop's cache, and the caller checks the session
 * again once the server answers. Any other failure (host unreachable, server unreachable with
 * nothing remembered, server errors) rejects, and the caller shows the error screen.
 */
import { ServerError } from '@apollo/client/errors';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import type { AppInfo, DesktopApi } from '../../../shared/ipc/contract';
import { readErrorCode } from '../../app/errors';
import type { ViewerData } from './operations';

export interface StartupDeps<S> {
  bridge: Pick<DesktopApi, 'app' | 'session'>;
  openSession(info: AppInfo, token: string | null): S;
  closeSession(session: S): Promise<void>;
  fetchViewer(session: S): Promise<ViewerData | null>;
  fetchNeedsSetup(session: S): Promise<boolean>;
  /**
   * The viewer the desktop remembers for the saved token (null when none, another token's, or
   * the desktop cannot tell). Asked only when the server cannot be reached.
   */
  rememberedViewer(): Promise<ViewerData | null>;
}

export type StartupOutcome<S> =
  | { kind: 'authenticated'; info: AppInfo; session: S; token: string; viewer: ViewerData }
  /** The server cannot be reached; the last known viewer of the saved session stands in. */
  | { kind: 'offline'; info: AppInfo; session: S; token: string; viewer: ViewerData }
  | { kind: 'signed-out'; info: AppInfo; session: S; needsSetup: boolean; notice: string | null };

const SESSION_GONE = new Set(['NOT_AUTHENTICATED', 'SESSION_EXPIRED', 'ACCOUNT_DEACTIVATED']);

/**
 * The request got no answer from the server: fetch failed (refused, reset, no route), or a
 * gateway in between said the server is down. Answers from the server itself (GraphQL errors,
 * other HTTP statuses) are not this.
 */
export function isServerUnreachable(error: unknown): boolean {
  if (ServerError.is(error)) return [502, 503, 504].includes(error.statusCode);
  return error instanceof TypeError && /fetch|network|load failed/i.test(error.message);
}

export async function startUp<S>(deps: StartupDeps<S>): Promise<StartupOutcome<S>> {
  const info = await deps.bridge.app.info({});
  const { token } = await deps.bridge.session.load({});
  let notice: string | null = null;

  if (token) {
    const session = deps.openSession(info, token);
    let viewer: ViewerData | null = null;
    try {
      viewer = await deps.fetchViewer(session);
    } catch (error) {
      const coded = readErrorCode(error);
      if (!coded && isServerUnreachable(error)) {
        const remembered = await deps.rememberedViewer().catch(() => null);
        if (remembered) return { kind: 'offline', info, session, token, viewer: remembered };
      }
      if (!coded || !SESSION_GONE.has(coded.code ?? '')) {
        await deps.closeSession(session);
        throw error;
      }
      notice = coded.message;
    }
    if (viewer) return { kind: 'authenticated', info, session, token, viewer };
    await deps.closeSession(session);
    await deps.bridge.session.clear({});
    notice ??= PRODUCT_ERRORS.SESSION_EXPIRED;
  }

  const anonymous = deps.openSession(info, null);
  try {
    const needsSetup = await deps.fetchNeedsSetup(anonymous);
    return {
      kind: 'signed-out',
      info,
      session: anonymous,
      needsSetup,
      notice: needsSetup ? null : notice,
    };
  } catch (error) {
    await deps.closeSession(anonymous);
    throw error;
  }
}
