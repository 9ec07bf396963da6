/**
 * Notification rules and digests (spec section 3 "Notification rule", "Email subscription"):
 * - notification_subscription: a company's rule; `rules` is the JSON text of
 *   shared/notifications/rules.ts. `last_sent_at` is when it last sent; `last_fired_for` is the
 *   cron time a schedule rule last fired for (compared and moved under the row lock).
 * - notification_subscription_history: one row per send (the documents, the mail, its recipients).
 *   A processed document is in at most one history row of a rule (the dispatcher excludes the ids
 *   already listed), so no document is announced twice by one rule.
 * - email_subscription: a digest of processed documents, sent to `emails` per `frequency` from
 *   `starting_date`; `last_sent_for` is the period it last covered (its end).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, userProfile } from './schema';
import { legalFileType } from './schemaPipeline';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const notificationSubscription = pgTable(
  'notification_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    name: text('name').notNull(),
    rules: text('rules').notNull(),
    is_active: boolean('is_active').notNull().default(true),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    last_fired_for: timestamp('last_fired_for', { withTimezone: true }),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('notification_subscription_company_idx').on(t.company_id, t.created_at.desc())],
);

export const notificationSubscriptionHistory = pgTable(
  'notification_subscription_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    notification_subscription_id: uuid('notification_subscription_id')
      .notNull()
      .references(() => notificationSubscription.id, { onDelete: 'cascade' }),
    process_file_ids: uuid('process_file_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** The documents' names, one per line. */
    file: text('file').notNull().default(''),
    email_content: text('email_content'),
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** A schedule rule's cron time this send was for (null for document sends). */
    fired_for: timestamp('fired_for', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [
    index('notification_subscription_history_sub_idx').on(
      t.notification_subscription_id,
      t.created_at.desc(),
    ),
    index('notification_subscription_history_files_idx').using('gin', t.process_file_ids),
    uniqueIndex('notification_subscription_history_fired_idx')
      .on(t.notification_subscription_id, t.fired_for)
      .where(sql`${t.fired_for} is not null`),
  ],
);

export const emailSubscription = pgTable(
  'email_subscription',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    /** The mail integration's kind (`imap`: the built-in SMTP one). */
    provider: text('provider').notNull().default('imap'),
    emails: text('emails').array().notNull(),
    starting_date: date('starting_date', { mode: 'string' }).notNull(),
    frequency: text('frequency').notNull(),
    /** A legal_file_type of the company; null: every type. */
    file_type: uuid('file_type').references(() => legalFileType.id),
    last_sent_at: timestamp('last_sent_at', { withTimezone: true }),
    last_sent_for: timestamp('last_sent_for', { withTimezone: true }),
    created_by: uuid('created_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('email_subscription_company_idx').on(t.company_id, t.created_at.desc())],
);

export type NotificationSubscriptionRow = typeof notificationSubscription.$inferSelect;
export type NotificationHistoryRow = typeof notificationSubscriptionHistory.$inferSelect;
export type EmailSubscriptionRow = typeof emailSubscription.$inferSelect;
