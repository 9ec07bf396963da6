/**
 * Projects (delivery-side spec sections 3, 4, 6): list and read what the caller may see, create
 * (the company's managers), team members (adding checks first that the person is not already on
 * the project), referrals. A project the caller cannot see answers "No Project available." like a
 * missing one; one they see but may not change answers FORBIDDEN.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { company, userProfile } from '../../db/schema';
import {
  project,
  projectTeamMember,
  referral,
  requestType,
  talentType,
} from '../../db/schemaDelivery';
import { parseInput } from '../../errors';
import {
  canCreateProject,
  canManageProject,
  canViewCompany,
  canViewProject,
  type Viewer,
} from '../../permissions';
import { AppError } from '../../../shared/errors';
import {
  projectInputSchema,
  projectMemberSchema,
  referralSchema,
} from '../../../shared/schemas/delivery';
import { uuid } from '../../../shared/schemas/input';
import { z } from 'zod';
import {
  loadProjects,
  projectAccess,
  visibleProjectCondition,
  type ProjectRecord,
} from './records';

const noProject = () => new AppError('NO_PROJECT', 404);
const forbidden = () => new AppError('FORBIDDEN', 403);
const idSchema = z.object({ id: uuid() });
const listSchema = z.object({ company_id: uuid().nullish() });

export function createProjectService(db: Database) {
  async function one(viewer: Viewer, id: string): Promise<ProjectRecord> {
    const [found] = await loadProjects(
      db,
      viewer,
      and(visibleProjectCondition(viewer), eq(project.id, id))!,
    );
    if (!found) throw noProject();
    return found;
  }

  /** The project for a change: NO_PROJECT when not visible, FORBIDDEN when seen but not managed. */
  async function managed(viewer: Viewer, projectId: string) {
    const access = await projectAccess(db, viewer, projectId);
    if (!access || !canViewProject(viewer, access)) throw noProject();
    if (!canManageProject(viewer, access)) throw forbidden();
    return access;
  }

  /** A user the caller sees (its company is visible), active; else "No user profile available". */
  async function visibleUser(viewer: Viewer, userId: string) {
    const ids = [...viewer.companyIds];
    const [row] =
      ids.length === 0
        ? []
        : await db
            .select({ id: userProfile.id })
            .from(userProfile)
            .where(
              and(
                eq(userProfile.id, userId),
                inArray(userProfile.company_id, ids),
                eq(userProfile.is_deactivated, false),
              ),
            );
    if (!row) throw new AppError('NO_USER_PROFILE', 404);
    return row;
  }

  async function talentTypeExists(id: number) {
    const [row] = await db
      .select({ id: talentType.id })
      .from(talentType)
      .where(eq(talentType.id, id));
    if (!row) throw new AppError('INVALID_TYPE', 400);
  }

  return {
    get: (viewer: Viewer, raw: unknown) => one(viewer, parseInput(idSchema, raw).id),

    async list(viewer: Viewer, raw: unknown): Promise<ProjectRecord[]> {
      const { company_id } = parseInput(listSchema, raw);
      const where = visibleProjectCondition(viewer);
      return loadProjects(
        db,
        viewer,
        company_id ? and(where, eq(project.company_id, company_id))! : where,
      );
    },

    async create(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const input = parseInput(projectInputSchema, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canCreateProject(viewer, input.company_id)) throw forbidden();
      if (input.tech_lead_id) await visibleUser(viewer, input.tech_lead_id);
      const [exists] = await db
        .select({ id: company.id })
        .from(company)
        .where(eq(company.id, input.company_id));
      if (!exists) throw new AppError('NO_COMPANY', 404);
      const [row] = await db
        .insert(project)
        .values({
          name: input.name,
          company_id: input.company_id,
          tech_lead_id: input.tech_lead_id,
        })
        .returning({ id: project.id });
      if (!row) throw new Error('project insert returned no row');
      return one(viewer, row.id);
    },

    /** Adds the person unless already a live member (spec section 4); the unique index backs it. */
    async addMember(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const input = parseInput(projectMemberSchema, raw);
      await managed(viewer, input.project_id);
      await visibleUser(viewer, input.user_profile_id);
      await talentTypeExists(input.talent_type_id);
      const [already] = await db
        .select({ id: projectTeamMember.id })
        .from(projectTeamMember)
        .where(
          and(
            eq(projectTeamMember.project_id, input.project_id),
            eq(projectTeamMember.user_profile_id, input.user_profile_id),
            eq(projectTeamMember.is_deleted, false),
          ),
        );
      if (!already)
        await db
          .insert(projectTeamMember)
          .values(input)
          .onConflictDoNothing({
            target: [projectTeamMember.project_id, projectTeamMember.user_profile_id],
            where: sql`${projectTeamMember.is_deleted} = false`,
          });
      return one(viewer, input.project_id);
    },

    async removeMember(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const { id } = parseInput(idSchema, raw);
      const [member] = await db
        .select({ project_id: projectTeamMember.project_id })
        .from(projectTeamMember)
        .where(and(eq(projectTeamMember.id, id), eq(projectTeamMember.is_deleted, false)));
      if (!member) throw noProject();
      await managed(viewer, member.project_id);
      await db
        .update(projectTeamMember)
        .set({ is_deleted: true })
        .where(eq(projectTeamMember.id, id));
      return one(viewer, member.project_id);
    },

    /** Anyone who sees the project may refer someone for it. */
    async addReferral(viewer: Viewer, raw: unknown): Promise<ProjectRecord> {
      const input = parseInput(referralSchema, raw);
      const access = await projectAccess(db, viewer, input.project_id);
      if (!access || !canViewProject(viewer, access)) throw noProject();
      await db.insert(referral).values({ ...input, refered_by_id: viewer.user.id });
      return one(viewer, input.project_id);
    },

    /** Request types (clients cache them for 3600 s, spec section 9). */
    requestTypes: () =>
      db
        .select({
          id: requestType.id,
          name: requestType.name,
          is_sourcing: requestType.is_sourcing,
        })
        .from(requestType)
        .orderBy(asc(requestType.id)),

    managed,
    one,
  };
}

export type ProjectService = ReturnType<typeof createProjectService>;
