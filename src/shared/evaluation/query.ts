/**
 * The query of GET /admin/eval (spec section 7): startDate, endDate and company_id, with an
 * optional compare range compare_start_date + compare_end_date (both or neither). A period is
 * whole calendar days, YYYY-MM-DD, both ends included, counted in UTC. Server and renderer parse
 * with the same schema, so the screen refuses what the server would refuse, in the same words.
 */
import { z } from 'zod';
import { DAY_MESSAGE, isCalendarDay } from '../documents/days';

/** The longest period one comparison may cover: about ten years, in days. */
export const EVAL_MAX_DAYS = 3660;

export const EVAL_MESSAGES = {
  END_BEFORE_START: 'The end date is before the start date.',
  COMPARE_PAIR: 'Give both ends of the compare period, or neither.',
  TOO_LONG: `A period can cover at most ${EVAL_MAX_DAYS} days.`,
  COMPANY: 'Choose a company.',
} as const;

/** One day by the calendar-day rule (documents/days.ts), one issue when it is not one. */
const day = z.string({ error: DAY_MESSAGE }).refine(isCalendarDay, { error: DAY_MESSAGE });
const DAY_MS = 86_400_000;

/** Days from `start` to `end`, both included (1 for one day). */
export function periodDays(start: string, end: string): number {
  return (
    Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / DAY_MS) + 1
  );
}

/** Accepts a non-empty text only: an empty query value means "not given". */
const optionalDay = z.preprocess((value) => (value === '' ? undefined : value), day.optional());

export const evalQuery = z
  .object({
    company_id: z.uuid({ error: EVAL_MESSAGES.COMPANY }),
    startDate: day,
    endDate: day,
    compare_start_date: optionalDay,
    compare_end_date: optionalDay,
  })
  .superRefine((q, ctx) => {
    const check = (start: string, end: string, endPath: string) => {
      // A range is checked only once both of its ends are days (else only they are named).
      if (!isCalendarDay(start) || !isCalendarDay(end)) return;
      if (end < start)
        ctx.addIssue({ code: 'custom', path: [endPath], message: EVAL_MESSAGES.END_BEFORE_START });
      else if (periodDays(start, end) > EVAL_MAX_DAYS)
        ctx.addIssue({ code: 'custom', path: [endPath], message: EVAL_MESSAGES.TOO_LONG });
    };
    check(q.startDate, q.endDate, 'endDate');
    const { compare_start_date: from, compare_end_date: to } = q;
    if ((from === undefined) !== (to === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [from === undefined ? 'compare_start_date' : 'compare_end_date'],
        message: EVAL_MESSAGES.COMPARE_PAIR,
      });
    } else if (from !== undefined && to !== undefined) {
      check(from, to, 'compare_end_date');
    }
  });

export type EvalQuery = z.output<typeof evalQuery>;

/** One period as the server reads it: [start 00:00 UTC, the day after end 00:00 UTC). */
export interface EvalPeriod {
  start_date: string;
  end_date: string;
}

/** The same length of time just before `period` (the screen's "previous period" shortcut). */
export function previousPeriod(period: EvalPeriod): EvalPeriod {
  const days = periodDays(period.start_date, period.end_date);
  const startMs = Date.parse(`${period.start_date}T00:00:00Z`);
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return { start_date: iso(startMs - days * DAY_MS), end_date: iso(startMs - DAY_MS) };
}
