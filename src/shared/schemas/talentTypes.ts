/**
 * A talent type's fields (delivery-side spec: role, hourly_rate), checked at the server's boundary
 * and by the renderer's form. The spec words no message for these; the ones here say what to fix.
 * Money is integer cents.
 */
import { z } from 'zod';
import { text } from './input';

/** The highest hourly rate a talent type may carry: $100,000.00 an hour, in cents. */
export const MAX_HOURLY_RATE_CENTS = 10_000_000;

export const TALENT_TYPE_MESSAGES = {
  roleMissing: 'Enter a role, for example "Senior developer".',
  roleTooLong: 'Keep the role to 100 characters or fewer.',
  rateMissing: 'Enter an hourly rate.',
  rateNotWhole: 'The hourly rate is whole cents: 45.50 an hour is 4550.',
  rateNegative: 'The hourly rate cannot be negative.',
  rateTooHigh: 'The hourly rate cannot be more than $100,000.00 an hour.',
} as const;

const role = () =>
  text({ error: TALENT_TYPE_MESSAGES.roleMissing })
    .trim()
    .min(1, TALENT_TYPE_MESSAGES.roleMissing)
    .max(100, TALENT_TYPE_MESSAGES.roleTooLong);

const hourlyRate = () =>
  z
    .number({ error: TALENT_TYPE_MESSAGES.rateMissing })
    .int(TALENT_TYPE_MESSAGES.rateNotWhole)
    .min(0, TALENT_TYPE_MESSAGES.rateNegative)
    .max(MAX_HOURLY_RATE_CENTS, TALENT_TYPE_MESSAGES.rateTooHigh);

export const talentTypeInputSchema = z.object({ role: role(), hourly_rate: hourlyRate() });
export type TalentTypeInput = z.output<typeof talentTypeInputSchema>;

export const talentTypeUpdateSchema = z.object({
  role: role().optional(),
  hourly_rate: hourlyRate().optional(),
});
export type TalentTypeUpdate = z.output<typeof talentTypeUpdateSchema>;
