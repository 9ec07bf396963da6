/**
 * The rules of the firm's legal people. Everyone who sees a company reads its teams, roles, staff,
 * contacts and people; its managers (canManageCompany) create, change and delete them. Another
 * tenant's company or record answers exactly like a missing one. Names are unique among a
 * company's live teams, among its live roles of one CRM, and staff emails among its live staff;
 * a role still held by staff is not deleted (spec section 5).
 */
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  companyArgs,
  createContactInput,
  createRoleInput,
  createStaffInput,
  createTeamInput,
  idArgs,
  legalPeopleInput,
  listRolesInput,
  staffConnectionInput,
  updateContactInput,
  updateRoleInput,
  updateStaffInput,
  updateTeamInput,
} from '../../../shared/schemas/legalPeople';
import type { DatabaseExecutor } from '../../db/connection';
import { legalContact, legalRole, legalStaff, legalTeam } from '../../db/schemaPeople';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import type { LegalPeopleRepository } from './repository';

const noCompany = () => new AppError('NO_COMPANY', 404);
const forbidden = () => new AppError('FORBIDDEN', 403);
const taken = (path: string, message: string) => new ValidationError([{ path, message }]);

/** PostgreSQL's unique_violation, bare or wrapped by drizzle (error.cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

/** Runs a write; a race past the name check ends at the unique index, answered like the check. */
async function uniquely<T>(work: () => Promise<T>, onTaken: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw onTaken();
    throw error;
  }
}

const TEAM_TAKEN = () => taken('name', 'Another team already has this name.');
const ROLE_TAKEN = () => taken('name', 'Another role of this CRM already has this name.');
const EMAIL_TAKEN = () => taken('email', 'Another staff member already has this email.');

export function createLegalPeopleService(repo: LegalPeopleRepository) {
  const { db } = repo;

  function readable(viewer: Viewer, companyId: string): string {
    if (!canViewCompany(viewer, companyId)) throw noCompany();
    return companyId;
  }
  function manageable(viewer: Viewer, companyId: string): string {
    readable(viewer, companyId);
    if (!canManageCompany(viewer, companyId)) throw forbidden();
    return companyId;
  }

  /** A team or role named by a staff member or contact must be the company's own, and live. */
  async function checkLinks(
    ex: DatabaseExecutor,
    companyId: string,
    links: { team?: string | null | undefined; role?: string | null | undefined },
    paths: { team: string; role: string },
  ) {
    const problems: Array<{ path: string; message: string }> = [];
    if (links.team && !(await repo.team(ex, [companyId], links.team)))
      problems.push({ path: paths.team, message: 'Unknown team' });
    if (links.role && !(await repo.role(ex, [companyId], links.role)))
      problems.push({ path: paths.role, message: 'Unknown role' });
    if (problems.length > 0) throw new ValidationError(problems);
  }

  async function staffView(companyId: string, id: string) {
    const [row] = await repo.staff(companyId, { id });
    if (!row) throw notFound();
    return row;
  }
  async function contactView(companyId: string, id: string) {
    const [row] = await repo.contacts(companyId, id);
    if (!row) throw notFound();
    return row;
  }
  async function teamView(companyId: string, id: string) {
    const row = (await repo.teams(companyId)).find((t) => t.id === id);
    if (!row) throw notFound();
    return row;
  }
  async function roleView(companyId: string, id: string) {
    const row = (await repo.roles(companyId, null)).find((r) => r.id === id);
    if (!row) throw notFound();
    return row;
  }

  return {
    // Teams
    async teams(viewer: Viewer, raw: unknown) {
      const { company_id } = parseInput(companyArgs, raw);
      return repo.teams(readable(viewer, company_id));
    },
    async createTeam(viewer: Viewer, raw: unknown) {
      const input = parseInput(createTeamInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const id = await db.transaction(async (tx) => {
        if (await repo.teamNameTaken(tx, companyId, input.name)) throw TEAM_TAKEN();
        const [row] = await uniquely(
          () =>
            tx
              .insert(legalTeam)
              .values({ company_id: companyId, name: input.name })
              .returning({ id: legalTeam.id }),
          TEAM_TAKEN,
        );
        return row!.id;
      });
      return teamView(companyId, id);
    },
    async updateTeam(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateTeamInput, raw);
      const current = await repo.team(db, viewer.companyIds, input.id);
      if (!current) throw notFound();
      const companyId = manageable(viewer, current.company_id);
      await db.transaction(async (tx) => {
        if (await repo.teamNameTaken(tx, companyId, input.name, input.id)) throw TEAM_TAKEN();
        await uniquely(
          () =>
            tx
              .update(legalTeam)
              .set({ name: input.name, updated_at: new Date() })
              .where(and(eq(legalTeam.id, input.id), eq(legalTeam.is_deleted, false))),
          TEAM_TAKEN,
        );
      });
      return teamView(companyId, input.id);
    },
    async deleteTeam(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idArgs, raw);
      const current = await repo.team(db, viewer.companyIds, id);
      if (!current) throw notFound();
      manageable(viewer, current.company_id);
      await db.transaction(async (tx) => {
        await tx
          .update(legalTeam)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(legalTeam.id, id));
        await repo.clearTeam(tx, id);
      });
      return id;
    },

    // Roles
    async roles(viewer: Viewer, raw: unknown) {
      const input = parseInput(listRolesInput, raw);
      return repo.roles(readable(viewer, input.company_id), input.legal_crm);
    },
    async createRole(viewer: Viewer, raw: unknown) {
      const input = parseInput(createRoleInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const id = await db.transaction(async (tx) => {
        if (await repo.roleNameTaken(tx, { ...input, company_id: companyId })) throw ROLE_TAKEN();
        const [row] = await uniquely(
          () =>
            tx
              .insert(legalRole)
              .values({
                company_id: companyId,
                name: input.name,
                legal_crm: input.legal_crm,
                crm_role_convention: input.crm_role_convention ?? null,
              })
              .returning({ id: legalRole.id }),
          ROLE_TAKEN,
        );
        return row!.id;
      });
      return roleView(companyId, id);
    },
    async updateRole(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateRoleInput, raw);
      const current = await repo.role(db, viewer.companyIds, input.id);
      if (!current) throw notFound();
      const companyId = manageable(viewer, current.company_id);
      await db.transaction(async (tx) => {
        if (
          input.name !== undefined &&
          (await repo.roleNameTaken(tx, { ...current, name: input.name }, input.id))
        )
          throw ROLE_TAKEN();
        await uniquely(
          () =>
            tx
              .update(legalRole)
              .set({
                ...(input.name !== undefined ? { name: input.name } : {}),
                ...(input.crm_role_convention !== undefined
                  ? { crm_role_convention: input.crm_role_convention }
                  : {}),
                updated_at: new Date(),
              })
              .where(eq(legalRole.id, input.id)),
          ROLE_TAKEN,
        );
      });
      return roleView(companyId, input.id);
    },
    /** Refused while live staff hold the role; the check and the delete share the role's lock. */
    async deleteRole(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idArgs, raw);
      const current = await repo.role(db, viewer.companyIds, id);
      if (!current) throw notFound();
      manageable(viewer, current.company_id);
      await db.transaction(async (tx) => {
        // Staff writes that name this role lock it too (FOR KEY SHARE by the foreign key), so a
        // staff member given the role meanwhile is counted here or waits for the delete.
        await tx
          .select({ id: legalRole.id })
          .from(legalRole)
          .where(eq(legalRole.id, id))
          .for('update');
        const holders = await repo.staffHoldingRole(tx, id);
        if (holders > 0) throw new AppError('LEGAL_ROLE_IN_USE', 409, { count: holders });
        await tx
          .update(legalRole)
          .set({ is_deleted: true, updated_at: new Date() })
          .where(eq(legalRole.id, id));
        await repo.clearRoleOfContacts(tx, id);
      });
      return id;
    },

    // Staff
    async staff(viewer: Viewer, raw: unknown) {
      const input = parseInput(staffConnectionInput, raw);
      return repo.staff(readable(viewer, input.company_id), { legalCrm: input.legal_crm });
    },
    /** Staff connection check: how many live staff (of one CRM) are LexDesk users of the company. */
    async staffConnection(viewer: Viewer, raw: unknown) {
      const input = parseInput(staffConnectionInput, raw);
      const counts = await repo.staffConnection(
        readable(viewer, input.company_id),
        input.legal_crm,
      );
      return {
        legal_crm: input.legal_crm ?? null,
        ...counts,
        connected: counts.staff_count > 0 && counts.connected_count === counts.staff_count,
      };
    },
    async createStaff(viewer: Viewer, raw: unknown) {
      const input = parseInput(createStaffInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const id = await db.transaction(async (tx) => {
        await checkLinks(
          tx,
          companyId,
          { team: input.legal_team_id, role: input.role_id },
          { team: 'legal_team_id', role: 'role_id' },
        );
        if (await repo.staffEmailTaken(tx, companyId, input.email)) throw EMAIL_TAKEN();
        const [row] = await uniquely(
          () =>
            tx
              .insert(legalStaff)
              .values({
                company_id: companyId,
                first_name: input.first_name,
                last_name: input.last_name,
                display_name: input.display_name ?? `${input.first_name} ${input.last_name}`,
                email: input.email,
                role_id: input.role_id ?? null,
                legal_team_id: input.legal_team_id ?? null,
              })
              .returning({ id: legalStaff.id }),
          EMAIL_TAKEN,
        );
        return row!.id;
      });
      return staffView(companyId, id);
    },
    async updateStaff(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateStaffInput, raw);
      const current = await repo.oneStaff(db, viewer.companyIds, input.id);
      if (!current) throw notFound();
      const companyId = manageable(viewer, current.company_id);
      await db.transaction(async (tx) => {
        await checkLinks(
          tx,
          companyId,
          { team: input.legal_team_id, role: input.role_id },
          { team: 'legal_team_id', role: 'role_id' },
        );
        if (input.email && (await repo.staffEmailTaken(tx, companyId, input.email, input.id)))
          throw EMAIL_TAKEN();
        const { id, ...changes } = input;
        const set = Object.fromEntries(
          Object.entries(changes).filter(([, v]) => v !== undefined),
        ) as Partial<typeof legalStaff.$inferInsert>;
        if (changes.display_name === null)
          set.display_name = `${changes.first_name ?? current.first_name} ${changes.last_name ?? current.last_name}`;
        await uniquely(
          () =>
            tx
              .update(legalStaff)
              .set({ ...set, updated_at: new Date() })
              .where(eq(legalStaff.id, id)),
          EMAIL_TAKEN,
        );
      });
      return staffView(companyId, input.id);
    },
    async deleteStaff(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idArgs, raw);
      const current = await repo.oneStaff(db, viewer.companyIds, id);
      if (!current) throw notFound();
      manageable(viewer, current.company_id);
      await db
        .update(legalStaff)
        .set({ is_deleted: true, updated_at: new Date() })
        .where(eq(legalStaff.id, id));
      return id;
    },

    // Contacts
    async contacts(viewer: Viewer, raw: unknown) {
      const { company_id } = parseInput(companyArgs, raw);
      return repo.contacts(readable(viewer, company_id));
    },
    async createContact(viewer: Viewer, raw: unknown) {
      const input = parseInput(createContactInput, raw);
      const companyId = manageable(viewer, input.company_id);
      const name =
        input.name ??
        input.display_name ??
        ([input.first_name, input.last_name].filter(Boolean).join(' ') || input.primary_email);
      if (!name)
        throw new ValidationError([
          { path: 'name', message: 'Give the contact a name or an email.' },
        ]);
      await checkLinks(
        db,
        companyId,
        { team: input.legal_team_id, role: input.legal_role_id },
        { team: 'legal_team_id', role: 'legal_role_id' },
      );
      const [row] = await db
        .insert(legalContact)
        .values({
          company_id: companyId,
          name,
          contact_id: input.contact_id ?? null,
          legal_team_id: input.legal_team_id ?? null,
          legal_role_id: input.legal_role_id ?? null,
          is_invited: input.is_invited ?? false,
          first_name: input.first_name ?? null,
          last_name: input.last_name ?? null,
          display_name: input.display_name ?? null,
          primary_email: input.primary_email ?? null,
        })
        .returning({ id: legalContact.id });
      return contactView(companyId, row!.id);
    },
    async updateContact(viewer: Viewer, raw: unknown) {
      const input = parseInput(updateContactInput, raw);
      const current = await repo.contact(db, viewer.companyIds, input.id);
      if (!current) throw notFound();
      const companyId = manageable(viewer, current.company_id);
      await checkLinks(
        db,
        companyId,
        { team: input.legal_team_id, role: input.legal_role_id },
        { team: 'legal_team_id', role: 'legal_role_id' },
      );
      const { id, ...changes } = input;
      if (changes.name === null)
        throw new ValidationError([{ path: 'name', message: 'The contact needs a name.' }]);
      const set = Object.fromEntries(
        Object.entries(changes).filter(([, v]) => v !== undefined),
      ) as Partial<typeof legalContact.$inferInsert>;
      await db
        .update(legalContact)
        .set({ ...set, updated_at: new Date() })
        .where(eq(legalContact.id, id));
      return contactView(companyId, id);
    },
    async deleteContact(viewer: Viewer, raw: unknown): Promise<string> {
      const { id } = parseInput(idArgs, raw);
      const current = await repo.contact(db, viewer.companyIds, id);
      if (!current) throw notFound();
      manageable(viewer, current.company_id);
      await db
        .update(legalContact)
        .set({ is_deleted: true, updated_at: new Date() })
        .where(eq(legalContact.id, id));
      return id;
    },

    // Everyone of the firm
    async people(viewer: Viewer, raw: unknown) {
      const input = parseInput(legalPeopleInput, raw);
      return repo.people(readable(viewer, input.company_id), input.search);
    },
  };
}

export type LegalPeopleService = ReturnType<typeof createLegalPeopleService>;
