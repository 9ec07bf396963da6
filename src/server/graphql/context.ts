/** What every resolver receives besides yoga's own fields: who calls, from where. */
import type { YogaInitialContext } from 'graphql-yoga';
import { AppError } from '../../shared/errors';
import type { Authentication } from '../domains/auth/service';
import type { Viewer } from '../permissions';

export interface RequestContext {
  auth: Authentication;
  /** Client address, for sign-in rate limiting. */
  ip: string;
  /** Origin of this server as the client reached it, for absolute file links. */
  origin: string;
}

export type GraphQLContext = YogaInitialContext & RequestContext;

/** The signed-in caller, or the error a client must act on (sign in / sign in again). */
export function requireViewer(context: RequestContext): Viewer {
  if (context.auth.kind === 'signed-in') return context.auth.viewer;
  if (context.auth.kind === 'invalid') throw new AppError('SESSION_EXPIRED', 401);
  // A chat guest reaches their room's chat fields only (domains/chat), nothing else.
  if (context.auth.kind === 'guest') throw new AppError('FORBIDDEN', 403);
  throw new AppError('NOT_AUTHENTICATED', 401);
}
