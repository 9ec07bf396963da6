import { describe, expect, it } from 'vitest';
import { DAY_MESSAGE } from '../documents/days';
import {
  compareMetric,
  EVAL_MAX_DAYS,
  EVAL_MESSAGES,
  EVAL_METRICS,
  evalQuery,
  periodDays,
  previousPeriod,
} from './index';

const COMPANY = '8f14e45f-ceea-467f-a0e6-7a1b2c3d4e5f';
const issuesOf = (value: unknown) => {
  const parsed = evalQuery.safeParse(value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
};

describe('evalQuery', () => {
  it('given a period without a compare range, then it parses; empty compare values are not given', () => {
    const parsed = evalQuery.parse({
      company_id: COMPANY,
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      compare_start_date: '',
      compare_end_date: '',
    });
    expect(parsed.compare_start_date).toBeUndefined();
    expect(parsed.compare_end_date).toBeUndefined();
  });

  it('given one day (start = end), then it is a period of one day', () => {
    expect(
      issuesOf({ company_id: COMPANY, startDate: '2025-01-01', endDate: '2025-01-01' }),
    ).toEqual([]);
    expect(periodDays('2025-01-01', '2025-01-01')).toBe(1);
    expect(periodDays('2024-02-01', '2024-03-01')).toBe(30);
  });

  it('given bad ranges, then each names its field once', () => {
    expect(
      issuesOf({ company_id: COMPANY, startDate: '2025-01-02', endDate: '2025-01-01' }),
    ).toEqual([{ path: 'endDate', message: EVAL_MESSAGES.END_BEFORE_START }]);
    expect(
      issuesOf({ company_id: COMPANY, startDate: '01/02/2025', endDate: '2025-01-01' }),
    ).toEqual([{ path: 'startDate', message: DAY_MESSAGE }]);
    expect(
      issuesOf({
        company_id: COMPANY,
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        compare_end_date: '2024-12-31',
      }),
    ).toEqual([{ path: 'compare_start_date', message: EVAL_MESSAGES.COMPARE_PAIR }]);
    expect(
      issuesOf({
        company_id: COMPANY,
        startDate: '2025-01-01',
        endDate: '2025-01-31',
        compare_start_date: '2024-12-31',
        compare_end_date: '2024-12-01',
      }),
    ).toEqual([{ path: 'compare_end_date', message: EVAL_MESSAGES.END_BEFORE_START }]);
    expect(issuesOf({ startDate: '2025-01-01', endDate: '2025-01-31' })[0]?.path).toBe(
      'company_id',
    );
  });

  it('given a period of exactly the longest length, then it passes; one day more does not', () => {
    const start = '2000-01-01';
    const last = new Date(Date.parse(`${start}T00:00:00Z`) + (EVAL_MAX_DAYS - 1) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const over = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(issuesOf({ company_id: COMPANY, startDate: start, endDate: last })).toEqual([]);
    expect(issuesOf({ company_id: COMPANY, startDate: start, endDate: over })).toEqual([
      { path: 'endDate', message: EVAL_MESSAGES.TOO_LONG },
    ]);
  });
});

describe('previousPeriod', () => {
  it('given a month, then the same number of days just before it', () => {
    expect(previousPeriod({ start_date: '2025-03-01', end_date: '2025-03-31' })).toEqual({
      start_date: '2025-01-29',
      end_date: '2025-02-28',
    });
    expect(previousPeriod({ start_date: '2025-01-01', end_date: '2025-01-01' })).toEqual({
      start_date: '2024-12-31',
      end_date: '2024-12-31',
    });
  });
});

describe('compareMetric', () => {
  it('given a metric where lower is better, then a drop is better and a rise worse', () => {
    expect(compareMetric({ better: 'lower' }, 2, 5)).toEqual({ difference: -3, verdict: 'better' });
    expect(compareMetric({ better: 'lower' }, 5, 2)).toEqual({ difference: 3, verdict: 'worse' });
    expect(compareMetric({ better: 'higher' }, 0.5, 0.25)).toEqual({
      difference: 0.25,
      verdict: 'better',
    });
  });

  it('given equal values, a neutral metric or a missing value, then no verdict of direction', () => {
    expect(compareMetric({ better: 'higher' }, 3, 3)).toEqual({ difference: 0, verdict: 'same' });
    expect(compareMetric({ better: 'neither' }, 4, 3)).toEqual({
      difference: 1,
      verdict: 'neither',
    });
    expect(compareMetric({ better: 'higher' }, null, 3)).toEqual({
      difference: null,
      verdict: 'unknown',
    });
  });

  it('given the catalogue, then every key is unique', () => {
    const keys = EVAL_METRICS.map((metric) => metric.key);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
