/**
 * GET /admin/eval?startDate&endDate&company_id[&compare_start_date&compare_end_date] (spec
 * section 7, "Admin"): {data: EvalResult}; bad input is INVALID_INPUT (400) naming the field.
 */
import type { FastifyInstance } from 'fastify';
import { viewerRoute } from '../../http/handle';
import type { RouteDeps } from '../../http/routeDeps';

export const EVALUATION_ROUTES = ['GET /admin/eval'] as const;

export function registerEvaluationRoutes(app: FastifyInstance, { services }: RouteDeps): void {
  const handle = viewerRoute(services.auth, 'evaluation request');
  app.get(
    '/admin/eval',
    handle(
      'FETCH_EVAL_FAILED',
      (viewer, request) => services.evaluation.evaluate(viewer, request.query),
      {
        readOnly: true,
      },
    ),
  );
}
