/**
 * The start of provider one's sign-in: a PKCE verifier and its S256 challenge, a random state, and
 * the authorization address the browser is sent to (Clio: GET /oauth/authorize).
 */
import { createHash, randomBytes } from 'node:crypto';

export interface AuthorizationStart {
  authUrl: string;
  state: string;
  verifier: string;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

export function startAuthorization(input: {
  baseUrl: string;
  clientId: string;
  redirectUri: string;
}): AuthorizationStart {
  const verifier = randomBytes(48).toString('base64url');
  const state = randomBytes(24).toString('base64url');
  const url = new URL('/oauth/authorize', input.baseUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', input.clientId);
  url.searchParams.set('redirect_uri', input.redirectUri);
  url.searchParams.set('state', state);
  url.searchParams.set('code_challenge', sha256(verifier));
  url.searchParams.set('code_challenge_method', 'S256');
  return { authUrl: url.toString(), state, verifier };
}
