import { describe, expect, it } from 'vitest';
import {
  MAX_HOURLY_RATE_CENTS,
  TALENT_TYPE_MESSAGES as M,
  talentTypeInputSchema,
  talentTypeUpdateSchema,
} from './talentTypes';

const problem = (value: unknown) => {
  const r = talentTypeInputSchema.safeParse(value);
  return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('talent type input', () => {
  it('given a role with spaces and a rate in cents, then the role is trimmed', () => {
    expect(talentTypeInputSchema.parse({ role: '  Designer ', hourly_rate: 5_550 })).toEqual({
      role: 'Designer',
      hourly_rate: 5_550,
    });
  });

  it('given each mistake, then the message says what to fix', () => {
    expect(problem({ role: ' ', hourly_rate: 1 })).toEqual([`role: ${M.roleMissing}`]);
    expect(problem({ hourly_rate: 1 })).toEqual([`role: ${M.roleMissing}`]);
    expect(problem({ role: 'x'.repeat(101), hourly_rate: 1 })).toEqual([`role: ${M.roleTooLong}`]);
    expect(problem({ role: 'A' })).toEqual([`hourly_rate: ${M.rateMissing}`]);
    expect(problem({ role: 'A', hourly_rate: 45.5 })).toEqual([`hourly_rate: ${M.rateNotWhole}`]);
    expect(problem({ role: 'A', hourly_rate: -1 })).toEqual([`hourly_rate: ${M.rateNegative}`]);
    expect(problem({ role: 'A', hourly_rate: MAX_HOURLY_RATE_CENTS + 1 })).toEqual([
      `hourly_rate: ${M.rateTooHigh}`,
    ]);
    expect(problem({ role: 'A', hourly_rate: MAX_HOURLY_RATE_CENTS })).toBeNull();
  });

  it('given an update with only a rate, then the role is left out', () => {
    expect(talentTypeUpdateSchema.parse({ hourly_rate: 0 })).toEqual({ hourly_rate: 0 });
  });
});
