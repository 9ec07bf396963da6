/**
 * Provider one's sign-in leaves the app for the CRM's authorization page and comes back to this
 * app's own address with `?code=…&state=…` (the redirect URI is the app's origin and path: OAuth
 * allows no fragment there, and the router is a hash router). Before leaving, the company is kept
 * in sessionStorage; on return, `oauthReturnHash` turns the query into the callback route, which
 * completes the sign-in. The desktop opening the system browser and catching the return on a
 * loopback port is `desktopSignIn.ts`; this window's own return is the fallback when that is not available.
 */
export const PENDING_KEY = 'lexdesk.crm.oauth.pending';
export const CALLBACK_PATH = '/crm-integrations/callback';

export function redirectUriOf(location: { origin: string; pathname: string }): string {
  return `${location.origin}${location.pathname}`;
}

/** The hash route for a return from the CRM, or null when this load is not one. */
export function oauthReturnHash(search: string, pending: string | null): string | null {
  const params = new URLSearchParams(search);
  const code = params.get('code');
  const state = params.get('state');
  if (!code || !state || !pending) return null;
  const next = new URLSearchParams({ code, state, company_id: pending });
  return `#${CALLBACK_PATH}?${next.toString()}`;
}
