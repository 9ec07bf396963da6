/**
 * Starting and staying signed in while the server cannot be reached (review issue: "nothing is
 * lost, including when the app is closed while offline").
 *
 * - After every online start and sign-in the viewer is handed to the desktop
 *   (review:rememberViewer), which keeps it tied to the hash of the saved token; the renderer
 *   itself keeps nothing.
 * - At start-up without a server, review:lastViewer gives it back for the same token only; it is
 *   read with the same schema as the server's answer.
 * - Started offline, the session is checked again (the Viewer query) as soon as the desktop
 *   reports the server answers: a viewer means the app continues online; none means the session
 *   is over. A session the server refuses with an error code is reported by the Apollo session
 *   itself (its session-ended link), so it is not reported here a second time.
 */
import type { DesktopApi } from '../../../shared/ipc/contract';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { SESSION_ENDED_CODES } from '../../app/apollo';
import { readErrorCode } from '../../app/errors';
import { parseFragmentValue } from '../../../shared/graphql/check';
import { VIEWER_FIELDS, type ViewerData } from './operations';

type ReviewBridge = Pick<DesktopApi, 'review'>;

/** The viewer the desktop remembers for the saved token, or null (also when it cannot tell). */
export async function readRememberedViewer(bridge: ReviewBridge): Promise<ViewerData | null> {
  try {
    const { viewer } = await bridge.review.lastViewer({});
    if (!viewer) return null;
    // A viewer remembered before managed_company_ids existed manages nothing.
    const stored =
      typeof viewer === 'object' && viewer !== null
        ? { managed_company_ids: [], ...viewer }
        : viewer;
    return parseFragmentValue(VIEWER_FIELDS, stored, (problems) =>
      console.warn('[auth] the remembered viewer is out of shape', problems),
    );
  } catch (error) {
    console.warn('[auth] the desktop could not tell the last viewer', error);
    return null;
  }
}

/** Hands the viewer of the saved session to the desktop (failures only logged). */
export function rememberViewer(bridge: ReviewBridge, viewer: ViewerData): Promise<void> {
  return bridge.review.rememberViewer({ viewer }).then(
    () => undefined,
    (error: unknown) => console.warn('[auth] the desktop could not keep the viewer', error),
  );
}

export interface ReconnectOptions {
  bridge: Pick<DesktopApi, 'on' | 'review'>;
  /** The Viewer query on the offline session, from the network. */
  fetchViewer(): Promise<ViewerData | null>;
  /** The server knows the session: continue online with this viewer. */
  onValid(viewer: ViewerData): void;
  /** The server does not know the session (no viewer): sign in again, with this notice. */
  onGone(notice: string): void;
}

/**
 * Checks the offline session again whenever the desktop reports the server answers (now, if it
 * already does), one check at a time, until the server has decided. Returns the stop function.
 */
export function revalidateWhenOnline(options: ReconnectOptions): () => void {
  let stopped = false;
  let running = false;

  const attempt = async (): Promise<void> => {
    if (stopped || running) return;
    running = true;
    try {
      const viewer = await options.fetchViewer();
      if (stopped) return;
      stopped = true;
      if (viewer) options.onValid(viewer);
      else options.onGone(PRODUCT_ERRORS.SESSION_EXPIRED);
    } catch (error) {
      if (SESSION_ENDED_CODES.has(readErrorCode(error)?.code ?? '')) {
        // The server refused the session with a code: the Apollo session reports that itself.
        stopped = true;
        return;
      }
      // Still no answer (or a server failure): wait for the desktop's next word.
      console.warn('[auth] the session could not be checked yet', error);
    } finally {
      running = false;
    }
  };

  const off = options.bridge.on('review:changed', (status) => {
    if (status.online) void attempt();
  });
  options.bridge.review.status({}).then(
    (status) => {
      if (status.online) void attempt();
    },
    (error: unknown) => console.warn('[auth] the desktop status is not available', error),
  );
  return () => {
    stopped = true;
    off();
  };
}
