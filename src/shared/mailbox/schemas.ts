/**
 * The smart inbox's inputs (spec section 7 "Email", section 3 "Email message flags", "Smart inbox
 * list state"), checked with zod on the server and used by the renderer's forms.
 */
import { z } from 'zod';
import { SMART_INBOX_PAGE_SIZE } from '../constants';
import { int32, text, uuid } from '../schemas/input';

export const MAIL_PROVIDERS = ['imap'] as const;
export type MailProvider = (typeof MAIL_PROVIDERS)[number];

/** Section 3 "Email message flags". Flags IMAP has no word for (forums, social...) stay false. */
export const MESSAGE_FLAGS = [
  'is_read',
  'is_starred',
  'is_draft',
  'is_forums',
  'is_important',
  'is_inbox',
  'is_promotions',
  'is_sent',
  'is_social',
  'is_spam',
  'is_trash',
  'is_updates',
] as const;
export type MessageFlag = (typeof MESSAGE_FLAGS)[number];

const host = text()
  .min(1)
  .max(253)
  .regex(/^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/, 'Must be a host name or address.');
const port = int32(1, 65535);
const email = text().trim().toLowerCase().pipe(z.email('Must be an email address.'));
const bool = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const mailIntegrationInputSchema = z.object({
  email,
  imap_host: host,
  imap_port: port,
  imap_tls: z.boolean().default(true),
  imap_user: text().min(1).max(320).optional(),
  password: text().min(1).max(1000),
  smtp_host: host,
  smtp_port: port,
  smtp_secure: z.boolean().default(false),
  smtp_user: text().min(1).max(320).nullish(),
  smtp_password: text().min(1).max(1000).nullish(),
});
export type MailIntegrationInput = z.infer<typeof mailIntegrationInputSchema>;

export const messageFiltersSchema = z
  .object({
    search: text().max(200).optional(),
    from: text().max(320).optional(),
    thread_id: text().max(998).optional(),
    has_attachments: bool.optional(),
    ...Object.fromEntries(MESSAGE_FLAGS.map((flag) => [flag, bool.optional()])),
  })
  .strict() as z.ZodType<
  { search?: string; from?: string; thread_id?: string; has_attachments?: boolean } & Partial<
    Record<MessageFlag, boolean>
  >
>;

export const messageListQuerySchema = z.object({
  page: int32(1).default(1),
  pageSize: int32(1, 100).default(SMART_INBOX_PAGE_SIZE),
  filters: messageFiltersSchema.default({}),
  is_sent: bool.optional(),
  is_draft: bool.optional(),
  is_read: bool.optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuerySchema>;

const ids = z.array(uuid()).min(1).max(500);

/** PATCH /email: ids plus the flags to set. */
export const messageFlagsPatchSchema = z
  .object({
    ids,
    is_read: z.boolean().optional(),
    is_starred: z.boolean().optional(),
    is_important: z.boolean().optional(),
  })
  .refine(
    (v) => v.is_read !== undefined || v.is_starred !== undefined || v.is_important !== undefined,
    { message: 'Give at least one flag to set.', path: ['is_read'] },
  );

export const bulkReadSchema = z.object({ messageIds: ids });

export const threadQuerySchema = z.object({
  provider: z.enum(MAIL_PROVIDERS).default('imap'),
  userId: uuid().optional(),
  threadId: text().min(1).max(998),
  originalUserId: uuid().optional(),
});

const addresses = z.array(email).max(100);

export const sendEmailSchema = z.object({
  companyId: uuid(),
  userId: uuid(),
  provider: z.enum(MAIL_PROVIDERS),
  to: addresses.min(1, 'Give at least one recipient.'),
  cc: addresses.default([]),
  bcc: addresses.default([]),
  subject: text().min(1).max(998),
  htmlBody: text({}).max(2_000_000),
  draftId: uuid().optional(),
  senderId: uuid().optional(),
  /** The Message-ID this mail answers (In-Reply-To / References). */
  reference: text().max(998).optional(),
  /** `draft` keeps it in Drafts instead of sending. */
  sending_status: z.enum(['draft', 'send']).default('send'),
});
export type SendEmailInput = z.infer<typeof sendEmailSchema>;

export const draftPatchSchema = z.object({
  id: uuid(),
  ph_sender_id: uuid().optional(),
  ph_email_sending_status: z.enum(['draft', 'send']),
});

export const forwardSchema = z.object({
  emailId: uuid(),
  to: addresses.min(1, 'Give at least one recipient.'),
  cc: addresses.default([]),
  bcc: addresses.default([]),
});

export const contactsQuerySchema = z.object({
  userId: uuid().optional(),
  companyIds: z.array(uuid()).max(100).optional(),
  page: int32(1).default(1),
  pageSize: int32(1, 100).default(SMART_INBOX_PAGE_SIZE),
  globalSearch: text().max(200).optional(),
});

/** Filtering rules of one integration: what to do with incoming mail that matches. */
export const MAIL_RULE_ACTIONS = ['import_pdfs', 'mark_read', 'star', 'important'] as const;
export const mailRuleSchema = z.object({
  field: z.enum(['from', 'subject', 'to']),
  contains: text().min(1).max(200),
  action: z.enum(MAIL_RULE_ACTIONS),
});
export const mailRulesSchema = z.array(mailRuleSchema).max(100);
export type MailRule = z.infer<typeof mailRuleSchema>;

export const toggleSchema = z.object({ integrationId: uuid(), enabled: z.boolean() });
