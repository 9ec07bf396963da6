/** The inbox screen's REST calls (server: domains/mailbox/routes.ts). */
import { z } from 'zod';
import { ERRORS, formatError } from '../../../shared/errors';
import { MAIL_RULE_ACTIONS } from '../../../shared/mailbox/schemas';
import { readErrorCode } from '../../app/errors';
import { WorkflowApiError, type Connection } from '../workflows/rest';

const ErrorAnswer = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

async function mailCall<T>(
  c: Connection,
  path: string,
  init: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; body?: unknown; form?: FormData },
  answer: z.ZodType<T>,
  /** The message when the server gives none: fixed, or made from the answer's status. */
  fallback: string | ((status: number, statusText: string) => string),
): Promise<T> {
  const fetchFn = c.fetchFn ?? fetch;
  const response = await fetchFn(`${c.serverUrl}${path}`, {
    method: init.method,
    headers: {
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      Authorization: `Bearer ${c.token}`,
    },
    ...(init.form ? { body: init.form } : {}),
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const parsed = ErrorAnswer.safeParse(body);
    const coded = parsed.success ? readErrorCode(parsed.data.error) : null;
    const otherwise =
      typeof fallback === 'string' ? fallback : fallback(response.status, response.statusText);
    throw new WorkflowApiError(coded?.message ?? otherwise, coded?.code ?? null, response.status);
  }
  const parsed = z.object({ data: answer }).safeParse(body);
  if (!parsed.success)
    throw new WorkflowApiError(
      ERRORS.INVALID_RESPONSE_STRUCTURE,
      'INVALID_RESPONSE_STRUCTURE',
      200,
    );
  return parsed.data.data;
}

const integration = z.object({
  id: z.string(),
  email: z.string(),
  imap_host: z.string(),
  imap_port: z.number(),
  smtp_host: z.string(),
  smtp_port: z.number(),
  is_active: z.boolean(),
  last_sync: z.string().nullable(),
});
export type MailIntegration = z.infer<typeof integration>;

const message = z.object({
  id: z.string(),
  thread_id: z.string(),
  subject: z.string(),
  from_address: z.string(),
  from_name: z.string(),
  to_addresses: z.array(z.string()),
  sent_at: z.string(),
  snippet: z.string(),
  attachments: z.array(
    z.object({ filename: z.string(), content_type: z.string(), size: z.number() }),
  ),
  raw_file_ids: z.array(z.string()),
  is_read: z.boolean(),
  is_starred: z.boolean(),
  is_draft: z.boolean(),
  is_important: z.boolean(),
  is_sent: z.boolean(),
  is_spam: z.boolean(),
  is_trash: z.boolean(),
});
export type MailMessage = z.infer<typeof message>;

const page = z.object({
  messages: z.array(message),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totalPages: z.number(),
  hasMore: z.boolean(),
});
export type MessagePage = z.infer<typeof page>;

const threadMessage = message.extend({ text_body: z.string(), html_body: z.string().nullable() });
export type ThreadMessage = z.infer<typeof threadMessage>;

export interface ListArgs {
  page: number;
  filters: Record<string, string | boolean>;
}

export const myIntegration = (c: Connection) =>
  mailCall(
    c,
    '/legal-user/integrations',
    { method: 'POST', body: {} },
    z.array(integration),
    ERRORS.FETCH_INTEGRATIONS_FAILED,
  ).then((list) => list[0] ?? null);

export interface ConnectInput {
  email: string;
  imap_host: string;
  imap_port: number;
  imap_tls: boolean;
  password: string;
  smtp_host: string;
  smtp_port: number;
  smtp_secure: boolean;
}
export const connectMailbox = (c: Connection, input: ConnectInput) =>
  mailCall(
    c,
    '/legal-email/integration',
    { method: 'POST', body: input },
    integration,
    ERRORS.SAVE_MAILBOX_FAILED,
  );

export const syncMailbox = (c: Connection) =>
  mailCall(
    c,
    '/legal-email/sync',
    { method: 'POST', body: {} },
    z.object({ fetched: z.number() }),
    ERRORS.SYNC_MAILBOX_FAILED,
  );

export const listMessages = (c: Connection, args: ListArgs) =>
  mailCall(
    c,
    '/legal-email/messages',
    { method: 'POST', body: { page: args.page, filters: args.filters } },
    page,
    ERRORS.FETCH_MESSAGES_FAILED,
  );

export const unreadCount = (c: Connection) =>
  mailCall(
    c,
    '/legal-email/unread-count',
    { method: 'GET' },
    z.object({ unread: z.number() }),
    ERRORS.FETCH_MESSAGES_FAILED,
  ).then((r) => r.unread);

export const threadOf = (c: Connection, threadId: string) =>
  mailCall(
    c,
    `/email/thread-emails?provider=imap&threadId=${encodeURIComponent(threadId)}`,
    { method: 'GET' },
    z.object({ messages: z.array(threadMessage) }),
    ERRORS.FETCH_MESSAGES_FAILED,
  ).then((r) => r.messages);

const updated = z.object({ updated: z.number() });
export const bulkRead = (c: Connection, messageIds: string[]) =>
  mailCall(
    c,
    '/legal-email/messages/bulk-read',
    { method: 'PATCH', body: { messageIds } },
    updated,
    ERRORS.MARK_MESSAGES_READ_FAILED,
  );

export const flagOne = (c: Connection, id: string, action: 'unread' | 'star' | 'unstar') =>
  mailCall(
    c,
    `/legal-email/messages/${encodeURIComponent(id)}/${action}`,
    { method: 'PATCH' },
    updated,
    ERRORS.UPDATE_MESSAGES_FAILED,
  );

export const deleteMessage = (c: Connection, id: string) =>
  mailCall(
    c,
    `/legal-email/messages/${encodeURIComponent(id)}`,
    { method: 'DELETE' },
    z.object({ id: z.string() }),
    ERRORS.DELETE_MESSAGE_FAILED,
  );

export interface ComposeInput {
  companyId: string;
  userId: string;
  to: string[];
  cc: string[];
  bcc: string[];
  subject: string;
  htmlBody: string;
  sending_status: 'send' | 'draft';
}
export function sendEmail(c: Connection, input: ComposeInput, files: File[]) {
  const form = new FormData();
  form.set('data', JSON.stringify({ ...input, provider: 'imap' }));
  for (const file of files) form.append('attachments', file, file.name);
  return mailCall(
    c,
    '/email',
    { method: 'POST', form },
    z.object({ status: z.string() }),
    ERRORS.SEND_EMAIL_FAILED,
  );
}

export const forwardEmail = (
  c: Connection,
  emailId: string,
  to: string[],
  cc: string[],
  bcc: string[],
) =>
  mailCall(
    c,
    '/email/forwarded-email',
    { method: 'POST', body: { emailId, to, cc, bcc } },
    z.object({ status: z.string() }),
    ERRORS.FORWARD_EMAIL_FAILED,
  );

const mailRule = z.object({
  field: z.enum(['from', 'subject', 'to']),
  contains: z.string(),
  action: z.enum(MAIL_RULE_ACTIONS),
});
export type MailRule = z.infer<typeof mailRule>;
const rulesAnswer = z.object({ integrationId: z.string(), rules: z.array(mailRule) });

export const mailRules = (c: Connection, integrationId: string) =>
  mailCall(
    c,
    `/legal-user-integration/integrations/rules/${encodeURIComponent(integrationId)}`,
    { method: 'GET' },
    rulesAnswer,
    (status, statusText) =>
      formatError('FETCH_EMAIL_RULES_FAILED', { statusText: statusText || String(status) }),
  ).then((r) => r.rules);

export const saveMailRules = (c: Connection, integrationId: string, rules: MailRule[]) =>
  mailCall(
    c,
    `/legal-user-integration/integrations/rules/${encodeURIComponent(integrationId)}`,
    { method: 'PATCH', body: { rules } },
    rulesAnswer,
    (status, statusText) =>
      formatError('UPDATE_EMAIL_RULES_FAILED', { statusText: statusText || String(status) }),
  ).then((r) => r.rules);

/** The provider toggle (spec: POST /v1/{provider}/toggle): background sync on or off. */
export const toggleMailbox = (c: Connection, integrationId: string, enabled: boolean) =>
  mailCall(
    c,
    '/v1/imap/toggle',
    { method: 'POST', body: { integrationId, enabled } },
    integration,
    (status) => `${ERRORS.TOGGLE_OUTLOOK_FAILED} (${status})`,
  );
