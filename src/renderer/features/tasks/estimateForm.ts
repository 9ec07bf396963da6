/**
 * The estimate editor's pure part: typed hours per talent type, checked by the same schema as the
 * server and priced by the same arithmetic (shared/delivery/estimates.ts), so the total on screen
 * is the total the server will store.
 */
import {
  estimateHoursSchema,
  estimateTotals,
  type EstimateTotals,
} from '../../../shared/delivery/estimates';

export interface EstimateRow {
  talent_type_id: number;
  /** As typed. */
  hours: string;
}

export interface EstimatePreview {
  /** Per row: the problem with it, or null. */
  problems: Array<string | null>;
  /** Totals when every row is valid. */
  totals: EstimateTotals | null;
}

export function previewEstimates(
  rows: readonly EstimateRow[],
  rates: ReadonlyMap<number, number>,
): EstimatePreview {
  const seen = new Set<number>();
  const problems = rows.map((row): string | null => {
    if (!rates.has(row.talent_type_id)) return 'Choose a talent type.';
    if (seen.has(row.talent_type_id)) return 'One estimate per talent type.';
    seen.add(row.talent_type_id);
    if (row.hours.trim() === '') return 'Enter hours.';
    const parsed = estimateHoursSchema.safeParse(Number(row.hours));
    if (!/^\s*\d+(\.\d+)?\s*$/.test(row.hours)) return 'Hours are a number like 2.5.';
    return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Not valid hours.');
  });
  if (rows.length === 0 || problems.some((p) => p !== null)) return { problems, totals: null };
  return {
    problems,
    totals: estimateTotals(
      rows.map((row) => ({
        talent_type_id: row.talent_type_id,
        hours: Number(row.hours),
        hourly_rate_cents: rates.get(row.talent_type_id) ?? 0,
      })),
    ),
  };
}

/** What the server takes, once the preview has no problems. */
export function estimateInput(rows: readonly EstimateRow[]) {
  return rows.map((row) => ({ talent_type_id: row.talent_type_id, hours: Number(row.hours) }));
}
