import { describe, expect, it } from 'vitest';
import { estimateHoursSchema, estimateTotals, formatCents, lineCostCents } from './estimates';

describe('estimate arithmetic', () => {
  it('prices hours × hourly rate in integer cents and sums lines', () => {
    const totals = estimateTotals([
      { talent_type_id: 1, hours: 10, hourly_rate_cents: 7500 },
      { talent_type_id: 3, hours: 2.5, hourly_rate_cents: 4000 },
    ]);
    expect(totals.lines.map((l) => l.cost_cents)).toEqual([75_000, 10_000]);
    expect(totals.total_estimated_hours).toBe(12.5);
    expect(totals.total_estimated_cost).toBe(85_000);
  });

  it('rounds each line half up to a cent, then sums the rounded lines', () => {
    // 0.01 h × 50 c = 0.5 c → 1 c; 0.01 h × 49 c = 0.49 c → 0 c; 0.01 h × 150 c = 1.5 c → 2 c.
    expect(lineCostCents(0.01, 50)).toBe(1);
    expect(lineCostCents(0.01, 49)).toBe(0);
    expect(lineCostCents(0.01, 150)).toBe(2);
    const totals = estimateTotals([
      { talent_type_id: 1, hours: 0.01, hourly_rate_cents: 50 },
      { talent_type_id: 2, hours: 0.01, hourly_rate_cents: 50 },
    ]);
    // Summed before rounding it would be 1 c; per line it is 2 c.
    expect(totals.total_estimated_cost).toBe(2);
  });

  it('keeps hours exact where floats would drift (0.1 + 0.2)', () => {
    const totals = estimateTotals([
      { talent_type_id: 1, hours: 0.1, hourly_rate_cents: 10_000 },
      { talent_type_id: 2, hours: 0.2, hourly_rate_cents: 10_000 },
    ]);
    expect(totals.total_estimated_hours).toBe(0.3);
    expect(totals.total_estimated_cost).toBe(3_000);
  });

  it('no lines: zero hours and zero cost', () => {
    expect(estimateTotals([])).toEqual({
      lines: [],
      total_estimated_hours: 0,
      total_estimated_cost: 0,
    });
  });

  it('refuses more than two decimals, negative hours and bad rates', () => {
    expect(estimateHoursSchema.safeParse(0.125).success).toBe(false);
    expect(estimateHoursSchema.safeParse(-1).success).toBe(false);
    expect(estimateHoursSchema.safeParse(10_001).success).toBe(false);
    expect(estimateHoursSchema.safeParse(1.25).success).toBe(true);
    expect(() => lineCostCents(1, 10.5)).toThrow(RangeError);
    expect(() => lineCostCents(1, -1)).toThrow(RangeError);
    expect(() => lineCostCents(0.125, 100)).toThrow(RangeError);
  });

  it('the largest line stays exact', () => {
    expect(lineCostCents(10_000, 100_000_000)).toBe(1_000_000_000_000);
  });

  it('formats cents as dollars', () => {
    expect(formatCents(123_456)).toBe('$1,234.56');
    expect(formatCents(5)).toBe('$0.05');
  });
});
