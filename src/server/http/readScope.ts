/**
 * Read-only REST routes run inside the database's read scope (DatabaseHandle.readScope): every
 * statement they issue stops after the read timeout, and a stopped one answers QUERY_TIMEOUT
 * (http/errors.ts). Those routes are every GET and HEAD, and the POSTs of READ_ONLY_POST_ROUTES.
 * GET /graphql is left to GraphQL's own plugin, which scopes query operations only.
 */
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import type { ReadScope } from '../db/connection';
import { GRAPHQL_PATH } from '../graphql/yoga';
import { READ_ONLY_POST_ROUTES } from './routes';

export function isReadOnlyRoute(methods: readonly string[], url: string): boolean {
  if (url === GRAPHQL_PATH || methods.length === 0) return false;
  return methods.every(
    (method) =>
      method === 'GET' || method === 'HEAD' || READ_ONLY_POST_ROUTES.has(`${method} ${url}`),
  );
}

/** Wraps the handler of each read-only route added after this call. */
export function installReadScope(app: FastifyInstance, readScope: ReadScope): void {
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!isReadOnlyRoute(methods, route.url)) return;
    const handler = route.handler;
    const scoped: RouteHandlerMethod = function (request, reply) {
      return readScope(() => handler.call(this, request, reply));
    };
    route.handler = scoped;
  });
}
