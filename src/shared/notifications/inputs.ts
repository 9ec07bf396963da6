/** Inputs of the notification-rule and digest calls (server checks them; screens reuse them). */
import { z } from 'zod';
import { int32, text, uuid } from '../schemas/input';
import { emailSchema, LEGAL_USER_TYPES } from '../schemas/user';
import { DELIVERY_CHANNELS, DIGEST_FREQUENCIES, TRIGGER_TYPES } from './rules';

const name = text().trim().min(1, 'Enter a name.').max(200, 'The name is too long.');
/** Rules JSON text; its content is checked by parseRulesText. */
const rulesText = text().max(100_000, 'The rules are too long.');

export const createRuleInput = z.strictObject({
  company_id: uuid(),
  name,
  rules: rulesText,
  is_active: z.boolean().nullish(),
});

export const updateRuleInput = z.strictObject({
  id: uuid(),
  input: z.strictObject({
    name: name.nullish(),
    rules: rulesText.nullish(),
    is_active: z.boolean().nullish(),
  }),
});

export const toggleRuleInput = z.strictObject({ id: uuid(), is_active: z.boolean().nullish() });

const dateTime = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform((v) => new Date(v));

export const ruleFilterSchema = z
  .strictObject({
    trigger_type: z.enum(TRIGGER_TYPES).nullish(),
    delivery: z.enum(DELIVERY_CHANNELS).nullish(),
    role: z.enum(LEGAL_USER_TYPES).nullish(),
    file_type: uuid().nullish(),
    /** A schedule rule's cron expression, compared exactly (trimmed). */
    frequency: text().trim().max(120).nullish(),
    search: text().trim().max(200).nullish(),
    created_from: dateTime.nullish(),
    created_to: dateTime.nullish(),
    external_email: text().trim().toLowerCase().max(254).nullish(),
    legal_staff: uuid().nullish(),
  })
  .refine((f) => !f.created_from || !f.created_to || f.created_from <= f.created_to, {
    message: 'The end of the date range is before its start.',
    path: ['created_to'],
  });
export type RuleFilter = z.output<typeof ruleFilterSchema>;

export const listRulesInput = z.strictObject({
  company_id: uuid(),
  filter: ruleFilterSchema.nullish(),
});

export const historyInput = z.strictObject({
  notification_subscription_id: uuid(),
  limit: int32(1, 200).nullish(),
  offset: int32(0).nullish(),
});

const isoDay = z.iso.date('Enter a date as YYYY-MM-DD.');

export const createDigestInput = z.strictObject({
  emails: z
    .array(emailSchema)
    .min(1, 'Enter at least one email address.')
    .max(50)
    .transform((list) => [...new Set(list)]),
  starting_date: isoDay,
  frequency: z.enum(DIGEST_FREQUENCIES, 'The frequency is daily, weekly or monthly.'),
  file_type: uuid().nullish(),
  company_id: uuid(),
});

export const updateDigestInput = createDigestInput.omit({ company_id: true }).partial();
