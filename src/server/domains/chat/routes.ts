/**
 * REST of intake scripts (spec section 7 "Users, integrations and intake"), the same reads as
 * Query.intakeScripts and Query.intakeScript (intake.ts). Replies are {data: ...} or
 * {error: {code, message}}.
 * - GET /legal-intake?page&pageSize&company_id (page 1, page size 5 by default; company_id defaults
 *   to the caller's own company): {items, total, page, page_size, total_pages}
 * - GET /legal-intake/:id: one script with its metadata
 */
import type { FastifyInstance } from 'fastify';
import { intakeListQuery } from '../../../shared/chat';
import { parseInput } from '../../errors';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';

export const INTAKE_ROUTES = ['GET /legal-intake', 'GET /legal-intake/:id'] as const;

export function registerIntakeRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const intake = services.intakeScripts;
  const handle = viewerRoute(services.auth, 'intake script request');
  app.get(
    '/legal-intake',
    handle(
      'FETCH_INTAKE_SCRIPTS_FAILED',
      (viewer, request) => {
        const query = parseInput(intakeListQuery, request.query ?? {});
        return intake.list(viewer, {
          company_id: query.company_id,
          page: query.page,
          page_size: query.pageSize,
        });
      },
      { readOnly: true },
    ),
  );
  app.get(
    '/legal-intake/:id',
    handle('FETCH_INTAKE_SCRIPTS_FAILED', (viewer, request) => intake.get(viewer, request.params), {
      readOnly: true,
    }),
  );
}
