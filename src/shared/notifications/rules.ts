/**
 * A notification rule's `rules` JSON (spec section 3 "Notification rule"): what fires it (a
 * processed document of one of its file types, or its cron), how it is delivered (mail and/or
 * in-app) and to whom (LexDesk users of the company by role, legal staff, external addresses).
 * Stored as JSON text; parsed with this schema wherever it is read or written, so the server,
 * the editor and the dispatcher agree on one shape.
 */
import { isValidCron } from '../cron';
import { z } from 'zod';
import { text, uuid } from '../schemas/input';
import { emailSchema, LEGAL_USER_TYPES } from '../schemas/user';

export const TRIGGER_TYPES = ['document_processed', 'schedule'] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];
export const DELIVERY_CHANNELS = ['email', 'in_app'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];

export const RULES_JSON_MESSAGE = 'The rules are not valid JSON.';
export const CRON_MESSAGE = 'Enter a valid cron expression (e.g. "0 8 * * 1-5").';

/** A list without repeats, of at most `max` distinct items (repeats are dropped first). */
const unique = <T extends z.ZodType<string>>(item: T, max: number) =>
  z
    .array(item)
    .max(1000)
    .transform((list) => [...new Set(list)])
    .refine((list) => list.length <= max, `At most ${max} different entries.`);

export const notificationRulesSchema = z
  .strictObject({
    trigger: z.strictObject({
      type: z.enum(TRIGGER_TYPES, 'Choose a trigger: document_processed or schedule.'),
      metadata: z
        .strictObject({
          /** legal_file_type ids; empty: documents of every type. */
          file_types: unique(uuid(), 200).default([]),
          cron_expression: text().trim().max(120).optional(),
        })
        .default({ file_types: [] }),
    }),
    delivery: unique(z.enum(DELIVERY_CHANNELS, 'Delivery is email or in_app.'), 2).refine(
      (list) => list.length > 0,
      'Choose at least one delivery: email or in_app.',
    ),
    recipients: z
      .strictObject({
        roles: unique(z.enum(LEGAL_USER_TYPES), LEGAL_USER_TYPES.length).default([]),
        external_emails: unique(emailSchema, 100).default([]),
        /** legal_staff ids of the rule's company. */
        legal_staff: unique(uuid(), 200).default([]),
      })
      .default({ roles: [], external_emails: [], legal_staff: [] }),
  })
  .superRefine((rules, ctx) => {
    const cron = rules.trigger.metadata.cron_expression;
    if (rules.trigger.type === 'schedule' && (!cron || !isValidCron(cron)))
      ctx.addIssue({
        code: 'custom',
        path: ['trigger', 'metadata', 'cron_expression'],
        message: CRON_MESSAGE,
      });
    const r = rules.recipients;
    if (r.roles.length + r.external_emails.length + r.legal_staff.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['recipients'],
        message: 'Name at least one recipient: a role, a legal staff member or an email address.',
      });
    if (
      !rules.delivery.includes('email') &&
      r.roles.length === 0 &&
      (r.external_emails.length > 0 || r.legal_staff.length > 0)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['delivery'],
        message: 'In-app notifications reach roles only: add email delivery for other recipients.',
      });
  });

export type NotificationRules = z.output<typeof notificationRulesSchema>;

/**
 * Parses rules JSON text: `{ok: true, rules}` or the issues (path under `rules`, message), with
 * RULES_JSON_MESSAGE for text that is not JSON at all.
 */
export function parseRulesText(
  raw: string,
):
  | { ok: true; rules: NotificationRules }
  | { ok: false; issues: Array<{ path: string; message: string }> } {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return { ok: false, issues: [{ path: 'rules', message: RULES_JSON_MESSAGE }] };
  }
  const result = notificationRulesSchema.safeParse(json);
  if (result.success) return { ok: true, rules: result.data };
  return {
    ok: false,
    issues: result.error.issues.map((issue) => ({
      path: ['rules', ...issue.path.map(String)].join('.'),
      message: issue.message,
    })),
  };
}

/** Digest frequencies (spec "Email subscription"): each sends at 07:00 UTC on its days. */
export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
