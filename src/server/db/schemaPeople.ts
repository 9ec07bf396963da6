/**
 * The firm's legal people (spec section 3 "Teams, roles, staff, contacts"): its legal teams, its
 * legal roles per CRM (legal_crm, with the CRM's own name for the role: crm_role_convention), its
 * legal staff (people of the firm as its CRM knows them, not LexDesk users) and its legal contacts;
 * and the CRM activity types a company may log (spec "Chat": activity type). Every row belongs to
 * one company; deletes are soft (is_deleted), and the partial unique indexes hold among live rows.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { company } from './schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const companyId = () =>
  uuid('company_id')
    .notNull()
    .references(() => company.id);
const isDeleted = () => boolean('is_deleted').notNull().default(false);

export const legalTeam = pgTable(
  'legal_team',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company_id: companyId(),
    is_deleted: isDeleted(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_team_company_name_idx')
      .on(t.company_id, sql`lower(${t.name})`)
      .where(sql`${t.is_deleted} = false`),
  ],
);

export const legalRole = pgTable(
  'legal_role',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    company_id: companyId(),
    /** The CRM type the role belongs to (the company's crm_type, e.g. "litify"). */
    legal_crm: text('legal_crm').notNull(),
    /** What that CRM calls the role (e.g. "Case Manager" for "Paralegal"); null: the same name. */
    crm_role_convention: text('crm_role_convention'),
    is_deleted: isDeleted(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_role_company_crm_name_idx')
      .on(t.company_id, t.legal_crm, sql`lower(${t.name})`)
      .where(sql`${t.is_deleted} = false`),
  ],
);

export const legalStaff = pgTable(
  'legal_staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    display_name: text('display_name').notNull(),
    email: text('email').notNull(),
    role_id: uuid('role_id').references(() => legalRole.id),
    legal_team_id: uuid('legal_team_id').references(() => legalTeam.id),
    is_deleted: isDeleted(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    uniqueIndex('legal_staff_company_email_idx')
      .on(t.company_id, sql`lower(${t.email})`)
      .where(sql`${t.is_deleted} = false`),
    index('legal_staff_role_idx')
      .on(t.role_id)
      .where(sql`${t.is_deleted} = false`),
  ],
);

export const legalContact = pgTable(
  'legal_contact',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    name: text('name').notNull(),
    /** The contact's id in the CRM, when it came from one. */
    contact_id: text('contact_id'),
    legal_team_id: uuid('legal_team_id').references(() => legalTeam.id),
    legal_role_id: uuid('legal_role_id').references(() => legalRole.id),
    is_invited: boolean('is_invited').notNull().default(false),
    first_name: text('first_name'),
    last_name: text('last_name'),
    display_name: text('display_name'),
    primary_email: text('primary_email'),
    is_deleted: isDeleted(),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [index('legal_contact_company_idx').on(t.company_id, t.is_deleted)],
);

export const legalActivityType = pgTable(
  'legal_activity_type',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    company_id: companyId(),
    crm_type: text('crm_type').notNull(),
    /** The activity type's id in the CRM. */
    crm_activity_type_id: text('crm_activity_type_id').notNull(),
    title: text('title').notNull(),
    is_deletable: boolean('is_deletable').notNull().default(true),
    is_viewable: boolean('is_viewable').notNull().default(true),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('legal_activity_type_crm_idx').on(t.company_id, t.crm_type, t.crm_activity_type_id),
  ],
);
