/**
 * The smart inbox (issue 20): one IMAP/SMTP mailbox per user, synchronised into these tables.
 * - mail_integration: the user's mailbox settings; passwords sealed with the CRM key ring
 *   (crypto/keyRing.ts), never sent to the renderer. `rules` is the JSON text of the
 *   integration's filtering rules (shared/mailbox/schemas.ts).
 * - mail_folder: one IMAP folder as last seen: UIDVALIDITY, the highest UID fetched and, where
 *   the server has CONDSTORE, the highest MODSEQ whose flag changes are applied.
 * - mail_message: one message by (folder, UID), its headers, bodies (capped), flags (spec section 3
 *   "Email message flags"), thread id (the root of References / In-Reply-To, else its Message-ID),
 *   In-Reply-To and References (the thread view orders replies by them) and the raw files its
 *   PDF attachments became.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, userProfile } from './schema';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const mailIntegration = pgTable(
  'mail_integration',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    user_id: uuid('user_id')
      .notNull()
      .references(() => userProfile.id, { onDelete: 'cascade' }),
    /** The mail integration's kind (`{provider}` in the spec's paths): imap. */
    provider: text('provider').notNull().default('imap'),
    email: text('email').notNull(),
    imap_host: text('imap_host').notNull(),
    imap_port: integer('imap_port').notNull(),
    imap_tls: boolean('imap_tls').notNull().default(true),
    imap_user: text('imap_user').notNull(),
    imap_password_sealed: text('imap_password_sealed').notNull(),
    smtp_host: text('smtp_host').notNull(),
    smtp_port: integer('smtp_port').notNull(),
    smtp_secure: boolean('smtp_secure').notNull().default(false),
    smtp_user: text('smtp_user'),
    smtp_password_sealed: text('smtp_password_sealed'),
    is_active: boolean('is_active').notNull().default(true),
    rules: text('rules').notNull().default('[]'),
    last_sync: at('last_sync'),
    /** The last sync's counts: {fetched, skipped, flag_updates, raw_files, error?}. */
    last_sync_result: jsonb('last_sync_result'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_integration_user_idx').on(t.user_id),
    index('mail_integration_company_idx').on(t.company_id),
  ],
);

export const mailFolder = pgTable(
  'mail_folder',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => mailIntegration.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /** \Sent, \Drafts, \Junk, \Trash, \Inbox or null. */
    special_use: text('special_use'),
    uidvalidity: bigint('uidvalidity', { mode: 'number' }).notNull(),
    last_uid: bigint('last_uid', { mode: 'number' }).notNull().default(0),
    highest_modseq: text('highest_modseq'),
  },
  (t) => [uniqueIndex('mail_folder_path_idx').on(t.integration_id, t.path)],
);

export const mailMessage = pgTable(
  'mail_message',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    integration_id: uuid('integration_id')
      .notNull()
      .references(() => mailIntegration.id, { onDelete: 'cascade' }),
    folder_id: uuid('folder_id')
      .notNull()
      .references(() => mailFolder.id, { onDelete: 'cascade' }),
    uid: bigint('uid', { mode: 'number' }).notNull(),
    message_id: text('message_id'),
    thread_id: text('thread_id').notNull(),
    /** The Message-ID this one answers (In-Reply-To), and its References in order: the thread view's order. */
    in_reply_to: text('in_reply_to'),
    reference_ids: text('reference_ids')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    subject: text('subject').notNull().default(''),
    from_address: text('from_address').notNull().default(''),
    from_name: text('from_name').notNull().default(''),
    to_addresses: text('to_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cc_addresses: text('cc_addresses')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    sent_at: at('sent_at').notNull(),
    snippet: text('snippet').notNull().default(''),
    text_body: text('text_body').notNull().default(''),
    html_body: text('html_body'),
    size: integer('size').notNull().default(0),
    /** [{filename, content_type, size}] */
    attachments: jsonb('attachments')
      .notNull()
      .default(sql`'[]'::jsonb`),
    is_read: boolean('is_read').notNull().default(false),
    is_starred: boolean('is_starred').notNull().default(false),
    is_draft: boolean('is_draft').notNull().default(false),
    is_important: boolean('is_important').notNull().default(false),
    is_inbox: boolean('is_inbox').notNull().default(false),
    is_sent: boolean('is_sent').notNull().default(false),
    is_spam: boolean('is_spam').notNull().default(false),
    is_trash: boolean('is_trash').notNull().default(false),
    is_forums: boolean('is_forums').notNull().default(false),
    is_promotions: boolean('is_promotions').notNull().default(false),
    is_social: boolean('is_social').notNull().default(false),
    is_updates: boolean('is_updates').notNull().default(false),
    /** The LexDesk user who sent it from the app (drafts and sent mail), if any. */
    sender_id: uuid('sender_id'),
    sending_status: text('sending_status'),
    raw_file_ids: uuid('raw_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_message_folder_uid_idx').on(t.folder_id, t.uid),
    // The list's order (sent_at, id both descending) so a page is read off the index, not sorted.
    index('mail_message_list_idx').on(
      t.integration_id,
      t.sent_at.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // The default inbox filter (queries.ts writes exactly this predicate): page and count from it.
    index('mail_message_inbox_idx')
      .on(t.integration_id, t.sent_at.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`is_inbox and not is_spam and not is_trash`),
    index('mail_message_thread_idx').on(t.integration_id, t.thread_id),
  ],
);

export type MailIntegrationRow = typeof mailIntegration.$inferSelect;
export type MailFolderRow = typeof mailFolder.$inferSelect;
export type MailMessageRow = typeof mailMessage.$inferSelect;
