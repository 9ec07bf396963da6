/**
 * The REST routes' common shape: authenticate the caller, run the work, answer {data: ...}. An
 * AppError (validation, not found, forbidden...) answers as itself; any other fault is logged and
 * answers `code`'s catalogue message (src/server/errors.ts failAs).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../shared/errors';
import type { AuthService } from '../domains/auth/service';
import { failAs } from '../errors';
import type { Viewer } from '../permissions';
import { requireRequestViewer } from './auth';

export type ViewerWork<T> = (viewer: Viewer, request: FastifyRequest) => Promise<T>;

/** Returns a `handle(code, work)` for one domain's routes; `what` names it in the log. */
export function viewerRoute(auth: AuthService, what: string) {
  return function handle<T>(code: ErrorCode, work: ViewerWork<T>) {
    return async (request: FastifyRequest, reply: FastifyReply) => {
      const viewer = await requireRequestViewer(auth, request);
      const data = await failAs(
        code,
        () => work(viewer, request),
        (error) =>
          request.log.error({ err: error, url: request.url.split('?')[0] }, `${what} failed`),
      );
      return reply.send({ data });
    };
  };
}
