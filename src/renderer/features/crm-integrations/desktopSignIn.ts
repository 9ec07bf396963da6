/**
 * Provider one's sign-in from the desktop (RFC 8252): the main process listens on a loopback
 * port for the CRM's return and opens the authorization address in the system browser; the
 * headless host has no browser of its own, so this page opens it in a new tab. Answers the
 * callback route's hash with the code and state that came back, or null when this way is not
 * available (no desktop bridge, or the tab was blocked): the caller then signs in in this window.
 */
import type { DesktopApi } from '../../../shared/ipc/contract';
import { oauthReturnHash } from './oauthReturn';

export async function signInThroughDesktop(options: {
  bridge: Pick<DesktopApi, 'oauth'>;
  companyId: string;
  /** Asks the server for the authorization address with this redirect URI. */
  authUrlFor: (redirectUri: string) => Promise<string>;
  openTab: (url: string) => boolean;
}): Promise<string | null> {
  const { bridge } = options;
  let begun: { id: string; redirectUri: string };
  try {
    begun = await bridge.oauth.begin({});
  } catch {
    return null;
  }
  const { id, redirectUri } = begun;
  try {
    const authUrl = await options.authUrlFor(redirectUri);
    const { opened, url } = await bridge.oauth.open({ id, url: authUrl });
    if (!opened && !options.openTab(url)) {
      await bridge.oauth.cancel({ id });
      return null;
    }
    const { code, state } = await bridge.oauth.wait({ id });
    const query = new URLSearchParams({ code, state });
    return oauthReturnHash(`?${query.toString()}`, options.companyId);
  } catch (error) {
    await bridge.oauth.cancel({ id }).catch(() => undefined);
    throw error;
  }
}
