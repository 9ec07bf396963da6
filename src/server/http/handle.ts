/**
 * The REST routes' common shape: authenticate the caller, run the work, answer {data: ...}. An
 * AppError (validation, not found, forbidden...) answers as itself; any other fault is logged and
 * answers `code`'s catalogue message (src/server/errors.ts failAs).
 *
 * A route declared `readOnly` (a GET that only reads) of a caller seen recently runs as the viewer
 * that caller's token last resolved to while the fresh session check runs beside it, and answers
 * only if the fresh check resolves to the very same viewer (as GraphQL reads do, graphql/http.ts);
 * otherwise it runs again with the fresh result.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ErrorCode } from '../../shared/errors';
import type { AuthService } from '../domains/auth/service';
import { bearerToken } from '../domains/auth/tokens';
import { sameViewer } from '../domains/auth/viewerHints';
import { failAs } from '../errors';
import type { Viewer } from '../permissions';
import { settle } from '../settle';
import { requireRequestViewer, viewerOf } from './auth';

export type ViewerWork<T> = (viewer: Viewer, request: FastifyRequest) => Promise<T>;

/** Returns a `handle(code, work)` for one domain's routes; `what` names it in the log. */
export function viewerRoute(auth: AuthService, what: string) {
  return function handle<T>(
    code: ErrorCode,
    work: ViewerWork<T>,
    options: { readOnly?: boolean } = {},
  ) {
    const run = (viewer: Viewer, request: FastifyRequest) =>
      failAs(
        code,
        () => work(viewer, request),
        (error) =>
          request.log.error({ err: error, url: request.url.split('?')[0] }, `${what} failed`),
      );

    return async (request: FastifyRequest, reply: FastifyReply) => {
      const token = bearerToken(request.headers.authorization);
      const hint = options.readOnly ? auth.recentViewer(token) : undefined;
      if (!hint)
        return reply.send({ data: await run(await requireRequestViewer(auth, request), request) });
      const fresh = settle(auth.authenticate(token));
      const early = await settle(run(hint, request));
      const checked = await fresh;
      if (!checked.ok) throw checked.error;
      const viewer = viewerOf(checked.value);
      if (!sameViewer(viewer, hint)) return reply.send({ data: await run(viewer, request) });
      if (!early.ok) throw early.error;
      return reply.send({ data: early.value });
    };
  };
}
