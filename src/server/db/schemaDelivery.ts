/**
 * The delivery side's base tables (delivery-side spec section 3): talent types, talent, projects,
 * their team members, referrals, tech stacks and environments, request types and requests.
 * Column names are the spec's snake_case nouns. Money is integer cents. Soft deletion through
 * `is_deleted` where the spec says so (requests, team members).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { company, userProfile } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A talent type: a role with an hourly rate (integer cents). Ids 1, 2 and 4 are team leads. */
export const talentType = pgTable('talent_type', {
  id: serial('id').primaryKey(),
  role: text('role').notNull().unique(),
  hourly_rate: integer('hourly_rate').notNull().default(0),
  created_at: createdAt(),
});

/** A talent profile of a user (a user may hold several). `pay_rate` in integer cents. */
export const talent = pgTable(
  'talent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_profile_id: uuid('user_profile_id')
      .notNull()
      .references(() => userProfile.id),
    /** The user's company at creation: the tenant the talent record belongs to. */
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    talent_type_id: integer('talent_type_id')
      .notNull()
      .references(() => talentType.id),
    linkedin_url: text('linkedin_url'),
    pay_rate: integer('pay_rate').notNull().default(0),
    hubstaff_id: text('hubstaff_id'),
    reporting_to: uuid('reporting_to').references(() => userProfile.id),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('talent_user_idx').on(t.user_profile_id),
    index('talent_company_idx').on(t.company_id),
    index('talent_reporting_to_idx').on(t.reporting_to),
  ],
);

export const project = pgTable(
  'project',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tech_lead_id: uuid('tech_lead_id').references(() => userProfile.id),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    index('project_company_idx').on(t.company_id),
    index('project_tech_lead_idx').on(t.tech_lead_id),
  ],
);

/** A project team member (spec: project_id, user_profile_id, talent_type_id, is_deleted). */
export const projectTeamMember = pgTable(
  'project_team_member',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    user_profile_id: uuid('user_profile_id')
      .notNull()
      .references(() => userProfile.id),
    talent_type_id: integer('talent_type_id')
      .notNull()
      .references(() => talentType.id),
    is_deleted: boolean('is_deleted').notNull().default(false),
    created_at: createdAt(),
  },
  (t) => [
    // One live membership per user and project: the "already on the project" check holds in parallel too.
    uniqueIndex('project_team_member_live_idx')
      .on(t.project_id, t.user_profile_id)
      .where(sql`${t.is_deleted} = false`),
    index('project_team_member_user_idx').on(t.user_profile_id),
  ],
);

/** A referral made for a project (spec: referedById, its spelling kept). */
export const referral = pgTable(
  'referral',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    refered_by_id: uuid('refered_by_id')
      .notNull()
      .references(() => userProfile.id),
    name: text('name').notNull(),
    email: text('email'),
    profile_link: text('profile_link'),
    created_at: createdAt(),
  },
  (t) => [index('referral_project_idx').on(t.project_id)],
);

/** The catalogue of tech stacks ("all stacks"). */
export const techStack = pgTable('tech_stack', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  api_integration: boolean('api_integration').notNull().default(false),
  codebase: text('codebase'),
  created_at: createdAt(),
});

/**
 * A tech stack used by a project: its codebase and an access token, stored encrypted
 * (AES-256-GCM, `v1:<iv>:<tag>:<ciphertext>` base64) and never sent back in full.
 */
export const projectTechStack = pgTable(
  'project_tech_stack',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    tech_stack_id: integer('tech_stack_id')
      .notNull()
      .references(() => techStack.id),
    codebase: text('codebase'),
    access_token_encrypted: text('access_token_encrypted'),
    /** Last four characters of the token, to show which one is stored. */
    access_token_hint: text('access_token_hint'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('project_tech_stack_unique_idx').on(t.project_id, t.tech_stack_id)],
);

export const environment = pgTable(
  'environment',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    project_tech_stack_id: uuid('project_tech_stack_id')
      .notNull()
      .references(() => projectTechStack.id, { onDelete: 'cascade' }),
    environment: text('environment').notNull(),
    branch: text('branch').notNull(),
    created_at: createdAt(),
  },
  (t) => [index('environment_stack_idx').on(t.project_tech_stack_id)],
);

/** Request types (cached 3600 s by clients, spec section 9). `is_sourcing` types carry the job fields. */
export const requestType = pgTable('request_type', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  is_sourcing: boolean('is_sourcing').notNull().default(false),
  created_at: createdAt(),
});

/**
 * A request (spec section 3). `status_id` and `delivery_id` are plain columns here: the status
 * and delivery tables arrive with the requests/tasks work (dl-tasks), which adds their references.
 */
export const request = pgTable(
  'request',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    created_by: uuid('created_by')
      .notNull()
      .references(() => userProfile.id),
    priority: integer('priority').notNull(),
    project_id: uuid('project_id')
      .notNull()
      .references(() => project.id),
    request_type_id: integer('request_type_id')
      .notNull()
      .references(() => requestType.id),
    request_action: text('request_action').notNull(),
    company_id: uuid('company_id')
      .notNull()
      .references(() => company.id),
    status_id: integer('status_id').notNull(),
    delivery_id: uuid('delivery_id'),
    is_deleted: boolean('is_deleted').notNull().default(false),
    // Job fields of sourcing requests.
    job_settings: jsonb('job_settings'),
    employment_type: text('employment_type'),
    compensation_type: text('compensation_type'),
    /** Integer cents. */
    compensation: integer('compensation'),
    candidate_min_exp: integer('candidate_min_exp'),
    candidate_max_exp: integer('candidate_max_exp'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index('request_company_idx').on(t.company_id, t.created_at),
    index('request_project_idx').on(t.project_id),
    index('request_created_by_idx').on(t.created_by),
  ],
);
