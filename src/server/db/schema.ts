/**
 * The database schema of the foundation slice (drizzle pg-core). Column names keep the spec's
 * snake_case field names (spec section 3) so the spec can be searched for them.
 * Change it, then run `npm run db:generate` to write the next forward-only migration.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { LEGAL_USER_TYPES } from '../../shared/schemas/user';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const legalUserTypeEnum = pgEnum('legal_user_type', LEGAL_USER_TYPES);

export const company = pgTable('company', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  domain: text('domain'),
  icon_url: text('icon_url'),
  date_format: text('date_format').notNull().default('MM/DD/YYYY'),
  created_at: createdAt(),
  delivery_update: boolean('delivery_update').notNull().default(true),
  active_billing: boolean('active_billing').notNull().default(false),
  assigned_talent: integer('assigned_talent'),
  auto_recharge: boolean('auto_recharge').notNull().default(false),
  balance: numeric('balance', { precision: 14, scale: 2 }).notNull().default('0'),
  recharge_amount: numeric('recharge_amount', { precision: 14, scale: 2 }),
  threshold_limit: numeric('threshold_limit', { precision: 14, scale: 2 }),
  consumption_report_frequency: text('consumption_report_frequency'),
  production_report_frequency: text('production_report_frequency'),
  payment_method: text('payment_method'),
  fixed_sale_rate: numeric('fixed_sale_rate', { precision: 14, scale: 2 }),
  is_legal: boolean('is_legal').notNull().default(false),
  crm_type: text('crm_type'),
  crm_verified: boolean('crm_verified').notNull().default(false),
  esign_connected: boolean('esign_connected').notNull().default(false),
  payment_customer_id: text('payment_customer_id'),
  /** True only for the provider's own company (the delivery team's employer). */
  is_provider: boolean('is_provider').notNull().default(false),
});

/** The roles of spec section 6; rows are seeded by the migration with fixed ids. */
export const userType = pgTable('user_type', {
  id: smallint('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const userProfile = pgTable(
  'user_profile',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    is_approved: boolean('is_approved').notNull().default(true),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    user_type_id: smallint('user_type_id')
      .notNull()
      .references(() => userType.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    avatar: text('avatar'),
    about_me: text('about_me'),
    profile_link: text('profile_link'),
    created_at: createdAt(),
    /** Delivery-side talent record; its table arrives with the delivery issues. */
    talent_id: uuid('talent_id'),
    is_deactivated: boolean('is_deactivated').notNull().default(false),
    legal_user_type: legalUserTypeEnum('legal_user_type'),
    /** Legal team; its table arrives with the teams issue. */
    legal_team_id: uuid('legal_team_id'),
    phone_number: text('phone_number'),
    logged_in: boolean('logged_in').notNull().default(false),
    /** scrypt$N$r$p$salt$hash (base64); never the password itself. */
    password_hash: text('password_hash').notNull(),
  },
  (t) => [
    uniqueIndex('user_profile_email_lower_idx').on(sql`lower(${t.email})`),
    index('user_profile_company_idx').on(t.company_id),
  ],
);

/** Companies a provider user (internal manager) is assigned to. */
export const companyAccess = pgTable(
  'company_access',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => userProfile.id, { onDelete: 'cascade' }),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.company_id] })],
);

export const session = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
    token_hash: text('token_hash').notNull().unique(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => userProfile.id, { onDelete: 'cascade' }),
    created_at: createdAt(),
    last_seen_at: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('session_user_idx').on(t.user_id)],
);

/**
 * Failed sign-ins (and attempts still being checked, recorded before their password check and
 * deleted when it proves right), counted per email+IP and per email for rate limiting.
 */
export const signInFailure = pgTable(
  'sign_in_failure',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('sign_in_failure_lookup_idx').on(t.email, t.ip, t.created_at)],
);

export const notification = pgTable(
  'notification',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    content: text('content').notNull(),
    sender_id: uuid('sender_id').references(() => userProfile.id, { onDelete: 'set null' }),
    receiver_id: uuid('receiver_id')
      .notNull()
      .references(() => userProfile.id, { onDelete: 'cascade' }),
    module: text('module'),
    is_read: boolean('is_read').notNull().default(false),
    redirect: text('redirect'),
    extra_content: text('extra_content'),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    created_at: createdAt(),
  },
  (t) => [
    index('notification_receiver_newest_idx').on(t.receiver_id, t.created_at.desc(), t.id.desc()),
  ],
);

export const storedFile = pgTable(
  'stored_file',
  {
    key: text('key').primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    uploaded_by: uuid('uploaded_by').references(() => userProfile.id, { onDelete: 'set null' }),
    content_type: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    original_name: text('original_name').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('stored_file_company_idx').on(t.company_id)],
);

/** Server-wide secrets shared by every server process (e.g. the file-URL signing key). */
export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: createdAt(),
});

/** A raw legal file (spec section 3): registered first (status Uploading), then its bytes arrive. */
export const rawFile = pgTable(
  'raw_file',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    no_of_pages: integer('no_of_pages').notNull().default(0),
    status: text('status').notNull().default('Uploading'),
    url: text('url').notNull().default(''),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    created_at: createdAt(),
    uploaded_by: uuid('uploaded_by').references(() => userProfile.id, { onDelete: 'set null' }),
    uploaded_by_user_name: text('uploaded_by_user_name'),
    uploaded_by_email: text('uploaded_by_email'),
    action_status: text('action_status'),
    file_type: text('file_type'),
    failed_count: integer('failed_count').notNull().default(0),
    /** Storage key of the bytes (local disk or S3), empty until uploaded. */
    s3_key: text('s3_key'),
    is_deleted: boolean('is_deleted').notNull().default(false),
    raw_file_medium: text('raw_file_medium'),
    is_received_email: boolean('is_received_email').notNull().default(false),
    uploader_session_id: text('uploader_session_id'),
    processed_files_count: integer('processed_files_count').notNull().default(0),
    /** SHA-256 (hex) the client registered; the received bytes must match it. */
    sha256: text('sha256'),
    idempotency_key: uuid('idempotency_key'),
    mime: text('mime'),
    /** The document pipeline's record: [{stage, ms, attempt}] of the last run, its error, attempts. */
    processing_stages: jsonb('processing_stages')
      .notNull()
      .default(sql`'[]'::jsonb`),
    processing_error: text('processing_error'),
    processing_attempts: integer('processing_attempts').notNull().default(0),
    processed_at: timestamp('processed_at', { withTimezone: true }),
    /**
     * The pages (1-based) whose text the pipeline's last run read by OCR, so a later re-read of
     * stored documents (re-split, re-match) knows which documents are scans. Null: not known (the
     * file was processed before this was kept); such pages are taken as not OCR.
     */
    ocr_pages: integer('ocr_pages').array(),
  },
  (t) => [
    uniqueIndex('raw_file_company_idempotency_idx').on(t.company_id, t.idempotency_key),
    index('raw_file_company_list_idx').on(t.company_id, t.is_deleted, t.created_at.desc()),
    index('raw_file_company_name_idx').on(t.company_id, t.name),
    index('raw_file_company_sha_idx').on(t.company_id, t.sha256),
    // The pipeline's start-up sweep (Uploaded) and its recovery every 15 s (Processing) look for
    // the few files not yet processed among all of them.
    index('raw_file_unprocessed_idx')
      .on(t.status)
      .where(sql`${t.is_deleted} = false and ${t.status} in ('Uploaded', 'Processing')`),
  ],
);

/** Every change of a raw file's field (status, pages, ...), written in the change's transaction. */
export const rawFileLog = pgTable(
  'raw_file_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    raw_file_id: uuid('raw_file_id')
      .notNull()
      .references(() => rawFile.id, { onDelete: 'cascade' }),
    field: text('field').notNull(),
    original_value: text('original_value'),
    updated_value: text('updated_value'),
    updated_by_username: text('updated_by_username'),
    updated_by_email: text('updated_by_email'),
    update_by_user_id: uuid('update_by_user_id').references(() => userProfile.id, {
      onDelete: 'set null',
    }),
    updated_by_role: text('updated_by_role'),
    action_type: text('action_type').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('raw_file_log_file_idx').on(t.raw_file_id, t.created_at)],
);

/** One upload batch as the uploader reported it (the spec's upload-log payload). */
export const uploadLog = pgTable(
  'upload_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    files: jsonb('files').notNull(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    status: text('status').notNull(),
    uploaded_by: uuid('uploaded_by').references(() => userProfile.id, { onDelete: 'set null' }),
    uploaded_by_user_name: text('uploaded_by_user_name'),
    uploaded_by_email: text('uploaded_by_email'),
    created_at: createdAt(),
  },
  (t) => [index('upload_log_company_idx').on(t.company_id, t.created_at)],
);

/**
 * An invitation to join a company: a one-time link whose token is handed to the inviting admin
 * once; only its SHA-256 is stored. Accepting it creates the user and sets `accepted_at`.
 */
export const userInvitation = pgTable(
  'user_invitation',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    email: text('email').notNull(),
    legal_user_type: legalUserTypeEnum('legal_user_type').notNull(),
    token_hash: text('token_hash').notNull().unique(),
    invited_by: uuid('invited_by').references(() => userProfile.id, { onDelete: 'set null' }),
    created_at: createdAt(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    accepted_at: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [index('user_invitation_company_email_idx').on(t.company_id, sql`lower(${t.email})`)],
);

export {
  USER_TYPES,
  LEGAL_USER_TYPES,
  type UserTypeName,
  type LegalUserTypeName,
} from '../../shared/schemas/user';

export type CompanyRow = typeof company.$inferSelect;
export type UserProfileRow = typeof userProfile.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;
export type SessionRow = typeof session.$inferSelect;
export type UserInvitationRow = typeof userInvitation.$inferSelect;
export type StoredFileRow = typeof storedFile.$inferSelect;
export type RawFileRow = typeof rawFile.$inferSelect;
export type RawFileLogRow = typeof rawFileLog.$inferSelect;
