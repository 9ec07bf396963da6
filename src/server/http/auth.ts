/** The REST side of authentication: the bearer token of a request, resolved to a Viewer. */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { AuthService, Authentication } from '../domains/auth/service';
import { bearerToken } from '../domains/auth/tokens';
import type { Viewer } from '../permissions';
import { serverOrigin } from './origin';

export function authenticateRequest(
  auth: AuthService,
  request: FastifyRequest,
): Promise<Authentication> {
  return auth.authenticate(bearerToken(request.headers.authorization));
}

/** The signed-in viewer of an authentication, or the 401 the caller must act on. */
export function viewerOf(result: Authentication): Viewer {
  if (result.kind === 'signed-in') return result.viewer;
  if (result.kind === 'guest') throw new AppError('FORBIDDEN', 403);
  throw new AppError(result.kind === 'invalid' ? 'SESSION_EXPIRED' : 'NOT_AUTHENTICATED', 401);
}

export async function requireRequestViewer(
  auth: AuthService,
  request: FastifyRequest,
): Promise<Viewer> {
  return viewerOf(await authenticateRequest(auth, request));
}

/**
 * This server's origin for links in the answer to `request`: the configured public URL, else the
 * address the connection reached (origin.ts), never the request's Host header.
 */
export function requestOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return serverOrigin(publicUrl, request.raw.socket, request.server.server.address());
}
