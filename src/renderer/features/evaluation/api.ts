/**
 * GET /admin/eval over REST (spec section 7, "Admin"): the answer is checked with zod against the
 * metric catalogue of src/shared/evaluation; a failure carries the server's message (a refused
 * range names its field in `problems`) or FETCH_EVAL_FAILED.
 */
import { z } from 'zod';
import { PRODUCT_ERRORS } from '../../../shared/errors';
import { EVAL_METRICS, type EvalResult, type MetricKey } from '../../../shared/evaluation';
import { call, type Connection } from '../workflows/rest';

const metrics = z.object(
  Object.fromEntries(EVAL_METRICS.map((metric) => [metric.key, z.number().nullable()])) as Record<
    MetricKey,
    z.ZodNullable<z.ZodNumber>
  >,
);
const periodAnswer = z.object({ start_date: z.string(), end_date: z.string(), metrics });
const EvalAnswer = z.object({
  data: z.object({
    company_id: z.string(),
    period: periodAnswer,
    compare: periodAnswer.nullable(),
  }),
});

export interface EvalRequest {
  company_id: string;
  startDate: string;
  endDate: string;
  compare_start_date?: string;
  compare_end_date?: string;
}

export function fetchEvaluation(connection: Connection, request: EvalRequest): Promise<EvalResult> {
  const query = new URLSearchParams(
    Object.entries(request).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  return call(
    connection,
    `/admin/eval?${query.toString()}`,
    { method: 'GET' },
    EvalAnswer.transform((answer) => answer.data),
    PRODUCT_ERRORS.FETCH_EVAL_FAILED,
  );
}
