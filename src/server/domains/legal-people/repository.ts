/**
 * SQL of the firm's legal people: teams, roles, staff and contacts (db/schemaPeople.ts). Every
 * query names the company it reads or writes, so the service's company check is the tenant check.
 */
import { and, asc, count, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile } from '../../db/schema';
import { legalContact, legalRole, legalStaff, legalTeam } from '../../db/schemaPeople';

export type TeamRow = typeof legalTeam.$inferSelect;
export type RoleRow = typeof legalRole.$inferSelect;
export type StaffRow = typeof legalStaff.$inferSelect;
export type ContactRow = typeof legalContact.$inferSelect;

export interface TeamView extends TeamRow {
  staff_count: number;
}
export interface RoleView extends RoleRow {
  staff_count: number;
}
export interface StaffView extends StaffRow {
  role_name: string | null;
  team_name: string | null;
  is_connected: boolean;
}
export interface ContactView extends ContactRow {
  role_name: string | null;
  team_name: string | null;
}

export type LegalPersonKind = 'user' | 'staff' | 'contact';
export interface LegalPerson {
  kind: LegalPersonKind;
  id: string;
  display_name: string;
  email: string | null;
  team_name: string | null;
  role_name: string | null;
}

const liveTeam = (companyId: string) =>
  and(eq(legalTeam.company_id, companyId), eq(legalTeam.is_deleted, false));
const liveRole = (companyId: string) =>
  and(eq(legalRole.company_id, companyId), eq(legalRole.is_deleted, false));
const liveStaff = (companyId: string) =>
  and(eq(legalStaff.company_id, companyId), eq(legalStaff.is_deleted, false));

/** Live staff per team or role (a correlated count; the lists are a firm's few dozen rows). */
const staffCountBy = (column: SQL) =>
  sql<number>`(select count(*)::int from ${legalStaff} s where s.is_deleted = false and ${column})`;

/** A LexDesk user of the staff member's company with the same email, not deactivated. */
const connectedSql = sql<boolean>`exists (select 1 from ${userProfile} u
  where u.company_id = ${legalStaff.company_id} and lower(u.email) = lower(${legalStaff.email})
  and u.is_deactivated = false)`;

export function createLegalPeopleRepository(db: Database) {
  return {
    db,

    teams(companyId: string): Promise<TeamView[]> {
      return db
        .select({
          id: legalTeam.id,
          name: legalTeam.name,
          company_id: legalTeam.company_id,
          is_deleted: legalTeam.is_deleted,
          created_at: legalTeam.created_at,
          updated_at: legalTeam.updated_at,
          staff_count: staffCountBy(sql`s.legal_team_id = ${legalTeam.id}`),
        })
        .from(legalTeam)
        .where(liveTeam(companyId))
        .orderBy(asc(sql`lower(${legalTeam.name})`), asc(legalTeam.id));
    },

    async team(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select()
        .from(legalTeam)
        .where(
          and(
            eq(legalTeam.id, id),
            inArray(legalTeam.company_id, [...companyIds]),
            eq(legalTeam.is_deleted, false),
          ),
        );
      return row;
    },

    async teamNameTaken(ex: DatabaseExecutor, companyId: string, name: string, except?: string) {
      const [row] = await ex
        .select({ id: legalTeam.id })
        .from(legalTeam)
        .where(
          and(
            liveTeam(companyId),
            sql`lower(${legalTeam.name}) = lower(${name})`,
            except ? sql`${legalTeam.id} <> ${except}` : undefined,
          ),
        );
      return !!row;
    },

    roles(companyId: string, legalCrm: string | null | undefined): Promise<RoleView[]> {
      return db
        .select({
          id: legalRole.id,
          name: legalRole.name,
          company_id: legalRole.company_id,
          legal_crm: legalRole.legal_crm,
          crm_role_convention: legalRole.crm_role_convention,
          is_deleted: legalRole.is_deleted,
          created_at: legalRole.created_at,
          updated_at: legalRole.updated_at,
          staff_count: staffCountBy(sql`s.role_id = ${legalRole.id}`),
        })
        .from(legalRole)
        .where(and(liveRole(companyId), legalCrm ? eq(legalRole.legal_crm, legalCrm) : undefined))
        .orderBy(asc(sql`lower(${legalRole.name})`), asc(legalRole.legal_crm), asc(legalRole.id));
    },

    async role(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select()
        .from(legalRole)
        .where(
          and(
            eq(legalRole.id, id),
            inArray(legalRole.company_id, [...companyIds]),
            eq(legalRole.is_deleted, false),
          ),
        )
        // A role being deleted is waited for and then read as gone (deleteRole locks it).
        .for('share');
      return row;
    },

    async roleNameTaken(
      ex: DatabaseExecutor,
      role: { company_id: string; legal_crm: string; name: string },
      except?: string,
    ) {
      const [row] = await ex
        .select({ id: legalRole.id })
        .from(legalRole)
        .where(
          and(
            liveRole(role.company_id),
            eq(legalRole.legal_crm, role.legal_crm),
            sql`lower(${legalRole.name}) = lower(${role.name})`,
            except ? sql`${legalRole.id} <> ${except}` : undefined,
          ),
        );
      return !!row;
    },

    async staffHoldingRole(ex: DatabaseExecutor, roleId: string): Promise<number> {
      const [row] = await ex
        .select({ n: count() })
        .from(legalStaff)
        .where(and(eq(legalStaff.role_id, roleId), eq(legalStaff.is_deleted, false)));
      return row?.n ?? 0;
    },

    staff(
      companyId: string,
      filter: { legalCrm?: string | null | undefined; id?: string } = {},
    ): Promise<StaffView[]> {
      return db
        .select({
          id: legalStaff.id,
          company_id: legalStaff.company_id,
          first_name: legalStaff.first_name,
          last_name: legalStaff.last_name,
          display_name: legalStaff.display_name,
          email: legalStaff.email,
          role_id: legalStaff.role_id,
          legal_team_id: legalStaff.legal_team_id,
          is_deleted: legalStaff.is_deleted,
          created_at: legalStaff.created_at,
          updated_at: legalStaff.updated_at,
          role_name: legalRole.name,
          team_name: legalTeam.name,
          is_connected: connectedSql,
        })
        .from(legalStaff)
        .leftJoin(legalRole, eq(legalRole.id, legalStaff.role_id))
        .leftJoin(legalTeam, eq(legalTeam.id, legalStaff.legal_team_id))
        .where(
          and(
            liveStaff(companyId),
            filter.id ? eq(legalStaff.id, filter.id) : undefined,
            filter.legalCrm ? eq(legalRole.legal_crm, filter.legalCrm) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${legalStaff.display_name})`), asc(legalStaff.id));
    },

    async oneStaff(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select()
        .from(legalStaff)
        .where(
          and(
            eq(legalStaff.id, id),
            inArray(legalStaff.company_id, [...companyIds]),
            eq(legalStaff.is_deleted, false),
          ),
        );
      return row;
    },

    async staffEmailTaken(ex: DatabaseExecutor, companyId: string, email: string, except?: string) {
      const [row] = await ex
        .select({ id: legalStaff.id })
        .from(legalStaff)
        .where(
          and(
            liveStaff(companyId),
            sql`lower(${legalStaff.email}) = lower(${email})`,
            except ? sql`${legalStaff.id} <> ${except}` : undefined,
          ),
        );
      return !!row;
    },

    async staffConnection(companyId: string, legalCrm: string | null | undefined) {
      const [row] = await db
        .select({
          staff_count: count(),
          connected_count: sql<number>`count(*) filter (where ${connectedSql})::int`,
        })
        .from(legalStaff)
        .leftJoin(legalRole, eq(legalRole.id, legalStaff.role_id))
        .where(and(liveStaff(companyId), legalCrm ? eq(legalRole.legal_crm, legalCrm) : undefined));
      return { staff_count: row?.staff_count ?? 0, connected_count: row?.connected_count ?? 0 };
    },

    contacts(companyId: string, id?: string): Promise<ContactView[]> {
      return db
        .select({
          id: legalContact.id,
          company_id: legalContact.company_id,
          name: legalContact.name,
          contact_id: legalContact.contact_id,
          legal_team_id: legalContact.legal_team_id,
          legal_role_id: legalContact.legal_role_id,
          is_invited: legalContact.is_invited,
          first_name: legalContact.first_name,
          last_name: legalContact.last_name,
          display_name: legalContact.display_name,
          primary_email: legalContact.primary_email,
          is_deleted: legalContact.is_deleted,
          created_at: legalContact.created_at,
          updated_at: legalContact.updated_at,
          role_name: legalRole.name,
          team_name: legalTeam.name,
        })
        .from(legalContact)
        .leftJoin(legalRole, eq(legalRole.id, legalContact.legal_role_id))
        .leftJoin(legalTeam, eq(legalTeam.id, legalContact.legal_team_id))
        .where(
          and(
            eq(legalContact.company_id, companyId),
            eq(legalContact.is_deleted, false),
            id ? eq(legalContact.id, id) : undefined,
          ),
        )
        .orderBy(asc(sql`lower(${legalContact.name})`), asc(legalContact.id));
    },

    async contact(ex: DatabaseExecutor, companyIds: readonly string[], id: string) {
      const [row] = await ex
        .select()
        .from(legalContact)
        .where(
          and(
            eq(legalContact.id, id),
            inArray(legalContact.company_id, [...companyIds]),
            eq(legalContact.is_deleted, false),
          ),
        );
      return row;
    },

    /** The company's LexDesk users (not deactivated), staff and contacts, in one list by name. */
    async people(companyId: string, search: string | null | undefined): Promise<LegalPerson[]> {
      const needle = search?.trim() ? `%${search.trim().replace(/[\\%_]/g, '\\$&')}%` : null;
      const users = await db
        .select({
          id: userProfile.id,
          first: userProfile.first_name,
          last: userProfile.last_name,
          email: userProfile.email,
          role: userProfile.legal_user_type,
          team_name: legalTeam.name,
        })
        .from(userProfile)
        .leftJoin(
          legalTeam,
          and(eq(legalTeam.id, userProfile.legal_team_id), eq(legalTeam.is_deleted, false)),
        )
        .where(
          and(
            eq(userProfile.company_id, companyId),
            eq(userProfile.is_deactivated, false),
            needle
              ? or(
                  ilike(userProfile.email, needle),
                  ilike(
                    sql`coalesce(${userProfile.first_name}, '') || ' ' || coalesce(${userProfile.last_name}, '')`,
                    needle,
                  ),
                )
              : undefined,
          ),
        );
      const staff = (await this.staff(companyId)).filter(
        (s) => !needle || matches([s.display_name, s.first_name, s.last_name, s.email], search),
      );
      const contacts = (await this.contacts(companyId)).filter(
        (c) =>
          !needle ||
          matches([c.name, c.display_name, c.first_name, c.last_name, c.primary_email], search),
      );
      const people: LegalPerson[] = [
        ...users.map((u) => ({
          kind: 'user' as const,
          id: u.id,
          display_name: [u.first, u.last].filter(Boolean).join(' ') || u.email,
          email: u.email,
          team_name: u.team_name,
          role_name: u.role,
        })),
        ...staff.map((s) => ({
          kind: 'staff' as const,
          id: s.id,
          display_name: s.display_name,
          email: s.email,
          team_name: s.team_name,
          role_name: s.role_name,
        })),
        ...contacts.map((c) => ({
          kind: 'contact' as const,
          id: c.id,
          display_name: c.display_name ?? c.name,
          email: c.primary_email,
          team_name: c.team_name,
          role_name: c.role_name,
        })),
      ];
      return people.sort(
        (a, b) =>
          a.display_name.localeCompare(b.display_name, 'en', { sensitivity: 'base' }) ||
          a.kind.localeCompare(b.kind),
      );
    },

    /** A team's delete: its staff, contacts and users are left without a team. */
    async clearTeam(ex: DatabaseExecutor, teamId: string) {
      await ex
        .update(legalStaff)
        .set({ legal_team_id: null, updated_at: new Date() })
        .where(eq(legalStaff.legal_team_id, teamId));
      await ex
        .update(legalContact)
        .set({ legal_team_id: null, updated_at: new Date() })
        .where(eq(legalContact.legal_team_id, teamId));
      await ex
        .update(userProfile)
        .set({ legal_team_id: null })
        .where(eq(userProfile.legal_team_id, teamId));
    },

    /** A role's delete: contacts holding it are left without a role (staff must not hold it). */
    async clearRoleOfContacts(ex: DatabaseExecutor, roleId: string) {
      await ex
        .update(legalContact)
        .set({ legal_role_id: null, updated_at: new Date() })
        .where(eq(legalContact.legal_role_id, roleId));
    },
  };
}

function matches(values: Array<string | null>, search: string | null | undefined): boolean {
  const needle = (search ?? '').trim().toLowerCase();
  return values.some((v) => v !== null && v.toLowerCase().includes(needle));
}

export type LegalPeopleRepository = ReturnType<typeof createLegalPeopleRepository>;
