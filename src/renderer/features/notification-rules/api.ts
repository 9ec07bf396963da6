/** The digest subscription screen's REST calls (server: domains/notification-rules/routes.ts). */
import { z } from 'zod';
import { ERRORS } from '../../../shared/errors';
import { call, type Connection } from '../workflows/rest';

/** The built-in IMAP/SMTP mail integration's kind, the `{provider}` of the spec's paths. */
const PROVIDER = 'imap';

const subscription = z.object({
  id: z.string(),
  company_id: z.string(),
  emails: z.array(z.string()),
  starting_date: z.string(),
  frequency: z.enum(['daily', 'weekly', 'monthly']),
  file_type: z.string().nullable(),
  last_sent_at: z.string().nullable(),
});
export type DigestSubscription = z.infer<typeof subscription>;
export interface DigestInput {
  emails: string[];
  starting_date: string;
  frequency: DigestSubscription['frequency'];
  file_type: string | null;
}

export const listDigests = (c: Connection, companyId: string) =>
  call(
    c,
    `/email-subscription/${PROVIDER}/subscriptions?company_id=${encodeURIComponent(companyId)}`,
    { method: 'GET' },
    z.object({ data: z.array(subscription) }),
    ERRORS.FETCH_EMAIL_SUBSCRIPTION_FAILED,
  ).then((r) => r.data);

export const createDigest = (c: Connection, companyId: string, input: DigestInput) =>
  call(
    c,
    `/email-subscription/${PROVIDER}/create-email-subscription`,
    { method: 'POST', body: { ...input, company_id: companyId } },
    z.object({ data: subscription }),
    ERRORS.SAVE_EMAIL_SUBSCRIPTION_FAILED,
  ).then((r) => r.data);

export const updateDigest = (c: Connection, id: string, input: DigestInput) =>
  call(
    c,
    `/email-subscription/${PROVIDER}/update-email-subscription/${encodeURIComponent(id)}`,
    { method: 'PATCH', body: input },
    z.object({ data: subscription }),
    ERRORS.SAVE_EMAIL_SUBSCRIPTION_FAILED,
  ).then((r) => r.data);
