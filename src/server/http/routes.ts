/** Every REST route of the server. The tenant-isolation test enumerates ROUTES; add new ones here. */
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config';
import { registerCompanyRoutes } from '../domains/companies/routes';
import { registerFileRoutes } from '../domains/files/routes';
import { registerUserRoutes } from '../domains/users/routes';
import type { Services } from '../services';

export interface RouteDeps {
  services: Services;
  config: ServerConfig;
}

/** The REST surface besides /health and /graphql, as `METHOD path`. */
export const ROUTES = [
  'POST /files/upload',
  'GET /files/:key',
  'POST /companies/:id/icon',
  'POST /users/:id/avatar',
] as const;

export function registerRoutes(app: FastifyInstance, deps: RouteDeps): void {
  registerFileRoutes(app, deps);
  registerCompanyRoutes(app, deps);
  registerUserRoutes(app, deps);
}
