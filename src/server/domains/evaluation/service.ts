/**
 * GET /admin/eval: a company's measures over a period and, when asked, over a compare period,
 * for its managers (company admins, the customer account, the provider's admins and its managers
 * of that company). Another tenant's company answers like a missing one ("No Company Found").
 */
import { AppError } from '../../../shared/errors';
import { evalQuery, type EvalPeriodResult, type EvalResult } from '../../../shared/evaluation';
import type { Database } from '../../db/connection';
import { isUuid, parseInput } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import { measurePeriod } from './queries';

const DAY_MS = 86_400_000;

/** A period of whole UTC days as [first day 00:00, the day after the last 00:00). */
export function periodBounds(start: string, end: string): { lo: Date; hi: Date } {
  const lo = new Date(`${start}T00:00:00Z`);
  const hi = new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS);
  return { lo, hi };
}

export function createEvaluationService(db: Database) {
  const measure = async (
    companyId: string,
    start: string,
    end: string,
  ): Promise<EvalPeriodResult> => {
    const { lo, hi } = periodBounds(start, end);
    return {
      start_date: start,
      end_date: end,
      metrics: await measurePeriod(db, companyId, lo, hi),
    };
  };

  return {
    async evaluate(viewer: Viewer, raw: unknown): Promise<EvalResult> {
      const query = parseInput(evalQuery, raw ?? {});
      const companyId = query.company_id;
      if (!isUuid(companyId) || !canViewCompany(viewer, companyId))
        throw new AppError('NO_COMPANY', 404);
      if (!canManageCompany(viewer, companyId)) throw new AppError('FORBIDDEN', 403);
      const period = await measure(companyId, query.startDate, query.endDate);
      const compare =
        query.compare_start_date && query.compare_end_date
          ? await measure(companyId, query.compare_start_date, query.compare_end_date)
          : null;
      return { company_id: companyId, period, compare };
    },
  };
}

export type EvaluationService = ReturnType<typeof createEvaluationService>;
