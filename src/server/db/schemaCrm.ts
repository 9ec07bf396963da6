/**
 * CRM integrations (issue 18): a company's connections to case-management systems (spec section 3
 * "legal_integrations"), the log of every call made to one, and the requests for a CRM that is
 * not supported yet. Credentials and tokens are sealed (crypto/keyRing.ts) and never leave the
 * server. The built-in local CRM needs no row: a company without an active integration uses it.
 */
import {
  bigserial,
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

export const legalIntegrations = pgTable(
  'legal_integrations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    /** The provider: clio (provider one). */
    crm_type: text('crm_type').notNull(),
    /** What this integration brings in: cases. */
    data_type: text('data_type').notNull().default('cases'),
    /** manual (on demand only) or interval. */
    sync_type: text('sync_type').notNull().default('interval'),
    sync_interval_seconds: integer('sync_interval_seconds').notNull().default(3600),
    is_active: boolean('is_active').notNull().default(false),
    /** Set once the integration was first connected and active (never cleared). */
    active_once: boolean('active_once').notNull().default(false),
    last_sync: at('last_sync'),
    /** The CRM account's email (shown; never a credential). */
    email: text('email'),
    crm_base_url: text('crm_base_url'),
    /** {access_token, refresh_token, ...} sealed: `k1:<key id>:...`. */
    credentials_sealed: text('credentials_sealed'),
    token_expires_at: at('token_expires_at'),
    /** SHA-256 of the OAuth state of a sign-in in progress, its sealed PKCE verifier and redirect. */
    oauth_state_hash: text('oauth_state_hash'),
    oauth_verifier_sealed: text('oauth_verifier_sealed'),
    oauth_redirect_uri: text('oauth_redirect_uri'),
    oauth_started_at: at('oauth_started_at'),
    /** The outcome of the last case sync: {received, created, updated, skipped, duplicates, error?}. */
    last_sync_result: jsonb('last_sync_result'),
    created_at: at('created_at').notNull().defaultNow(),
    updated_at: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('legal_integrations_company_crm_idx').on(t.company_id, t.crm_type)],
);

/** One row per call to a CRM (spec: crm_type, sync_type, integration_id, details, created_at). */
export const legalIntegrationLog = pgTable(
  'legal_integration_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    /** Null for the built-in local CRM. */
    integration_id: uuid('integration_id').references(() => legalIntegrations.id),
    crm_type: text('crm_type').notNull(),
    /** manual, interval, workflow, oauth. */
    sync_type: text('sync_type').notNull(),
    /** sign_in, refresh, list_cases, upload_document, create_activity. */
    operation: text('operation').notNull(),
    /** ok, retried (this attempt failed and was tried again), failed. */
    outcome: text('outcome').notNull(),
    http_status: integer('http_status'),
    attempt: integer('attempt').notNull().default(1),
    duration_ms: integer('duration_ms').notNull().default(0),
    /** What was asked and answered, never a credential or token. */
    details: jsonb('details').notNull(),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('legal_integration_log_integration_idx').on(t.integration_id, t.id.desc()),
    index('legal_integration_log_company_idx').on(t.company_id, t.id.desc()),
  ],
);

export const legalRequestedCrms = pgTable(
  'legal_requested_crms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    crm_name: text('crm_name').notNull(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    requested_by: uuid('requested_by')
      .notNull()
      .references(() => userProfile.id),
    created_at: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('legal_requested_crms_company_idx').on(t.company_id, t.created_at)],
);

export type LegalIntegrationRow = typeof legalIntegrations.$inferSelect;
