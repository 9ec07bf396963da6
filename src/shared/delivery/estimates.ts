/**
 * Task estimate arithmetic (spec delivery-side section 3: a task estimate is hours of a talent
 * type, priced at that type's hourly_rate). Money is integer cents and hours are handled as
 * integer hundredths, so no floating-point sum can drift.
 *
 * Rounding, stated: each line's hours may carry at most two decimals (0.25 h is fine, 0.125 h is
 * refused); a line costs hours × hourly rate, rounded half up to a whole cent per line; the
 * totals are the sums of the lines (total_estimated_hours exact to 0.01 h, total_estimated_cost
 * the sum of the rounded line costs).
 */
import { z } from 'zod';

/** At most 10,000 hours per line and $1,000,000 an hour: products stay far inside 2^53. */
export const MAX_ESTIMATE_HOURS = 10_000;
export const MAX_HOURLY_RATE_CENTS = 100_000_000;

export const estimateHoursSchema = z
  .number()
  .min(0, 'Hours cannot be negative.')
  .max(MAX_ESTIMATE_HOURS, `At most ${MAX_ESTIMATE_HOURS} hours.`)
  .refine(
    (h) => Math.abs(h * 100 - Math.round(h * 100)) < 1e-6,
    'Hours take at most two decimals.',
  );

export interface EstimateLine {
  talent_type_id: number;
  hours: number;
  /** The talent type's hourly rate, in cents. */
  hourly_rate_cents: number;
}

export interface PricedEstimateLine extends EstimateLine {
  cost_cents: number;
}

export interface EstimateTotals {
  lines: PricedEstimateLine[];
  total_estimated_hours: number;
  /** Integer cents. */
  total_estimated_cost: number;
}

/** Hours as integer hundredths (hours must already satisfy estimateHoursSchema). */
export function hundredthsOf(hours: number): number {
  return Math.round(hours * 100);
}

/** One line's cost: hundredths × rate / 100, rounded half up to a cent (all values ≥ 0). */
export function lineCostCents(hours: number, hourlyRateCents: number): number {
  if (
    !Number.isInteger(hourlyRateCents) ||
    hourlyRateCents < 0 ||
    hourlyRateCents > MAX_HOURLY_RATE_CENTS
  )
    throw new RangeError('hourly rate must be whole cents between 0 and the maximum');
  if (!estimateHoursSchema.safeParse(hours).success) throw new RangeError('hours out of range');
  return Math.floor((hundredthsOf(hours) * hourlyRateCents + 50) / 100);
}

export function estimateTotals(lines: readonly EstimateLine[]): EstimateTotals {
  const priced = lines.map((line) => ({
    ...line,
    cost_cents: lineCostCents(line.hours, line.hourly_rate_cents),
  }));
  const hundredths = priced.reduce((sum, line) => sum + hundredthsOf(line.hours), 0);
  return {
    lines: priced,
    total_estimated_hours: hundredths / 100,
    total_estimated_cost: priced.reduce((sum, line) => sum + line.cost_cents, 0),
  };
}

/** Cents as money text, e.g. 123456 → "$1,234.56". */
export function formatCents(cents: number): string {
  const whole = Math.trunc(cents / 100).toLocaleString('en-US');
  return `$${whole}.${String(Math.abs(cents % 100)).padStart(2, '0')}`;
}
