/**
 * Reading projects as the GraphQL `Project` type: the project, its live team with talent types,
 * referrals and tech stacks with environments, loaded for many projects in a few statements.
 * Which projects a caller sees is decided here in SQL (visibleProjectCondition) and by
 * permissions.ts canViewProject, the same rule.
 */
import { and, asc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DatabaseExecutor } from '../../db/connection';
import { company, userProfile } from '../../db/schema';
import {
  environment,
  project,
  projectTechStack,
  projectTeamMember,
  referral,
  talentType,
  techStack,
} from '../../db/schemaDelivery';
import { TEAM_LEAD_TALENT_TYPE_IDS } from '../../../shared/constants';
import { canManageProject, type ProjectAccess, type Viewer } from '../../permissions';

export interface TalentTypeRecord {
  id: number;
  role: string;
  hourly_rate: number;
  is_team_lead: boolean;
}

export function talentTypeRecord(row: { id: number; role: string; hourly_rate: number }) {
  return {
    ...row,
    is_team_lead: (TEAM_LEAD_TALENT_TYPE_IDS as readonly number[]).includes(row.id),
  };
}

export interface ProjectRecord {
  id: string;
  name: string;
  tech_lead_id: string | null;
  tech_lead_name: string | null;
  company_id: string;
  company_name: string;
  created_at: Date;
  team: Array<{
    id: string;
    project_id: string;
    user_profile_id: string;
    first_name: string;
    last_name: string;
    email: string;
    talent_type_id: number;
    talent_type: TalentTypeRecord;
    is_deleted: boolean;
  }>;
  referrals: Array<{
    id: string;
    project_id: string;
    refered_by_id: string;
    refered_by_name: string;
    name: string;
    email: string | null;
    profile_link: string | null;
    created_at: Date;
  }>;
  tech_stacks: Array<{
    id: string;
    project_id: string;
    tech_stack_id: number;
    tech_stack: { id: number; name: string; api_integration: boolean; codebase: string | null };
    codebase: string | null;
    has_access_token: boolean;
    access_token_hint: string | null;
    environments: Array<{
      id: string;
      project_tech_stack_id: string;
      environment: string;
      branch: string;
    }>;
  }>;
  can_manage: boolean;
}

/** The outer project's id, qualified (drizzle leaves single-table columns unqualified). */
const PROJECT_ID = sql.raw('"project"."id"');

/** The caller is a live member of the project (SQL, for filters). */
export const isMemberSql = (viewer: Viewer) =>
  sql`exists (select 1 from ${projectTeamMember} m where m.project_id = ${PROJECT_ID} and m.user_profile_id = ${viewer.user.id} and m.is_deleted = false)`;

/** Projects the caller sees: canViewProject in SQL. */
export function visibleProjectCondition(viewer: Viewer): SQL {
  const byCompany =
    viewer.companyIds.length > 0 ? inArray(project.company_id, [...viewer.companyIds]) : sql`false`;
  return and(
    eq(project.is_deleted, false),
    or(byCompany, eq(project.tech_lead_id, viewer.user.id), isMemberSql(viewer)),
  ) as SQL;
}

/** The project's rule inputs for the caller, or undefined when it does not exist or is deleted. */
export async function projectAccess(
  db: DatabaseExecutor,
  viewer: Viewer,
  projectId: string,
): Promise<(ProjectAccess & { id: string }) | undefined> {
  const [row] = await db
    .select({
      id: project.id,
      company_id: project.company_id,
      tech_lead_id: project.tech_lead_id,
      member_type: sql<
        number | null
      >`(select u.user_type_id from ${projectTeamMember} m join ${userProfile} u on u.id = m.user_profile_id where m.project_id = ${PROJECT_ID} and m.user_profile_id = ${viewer.user.id} and m.is_deleted = false limit 1)`,
    })
    .from(project)
    .where(and(eq(project.id, projectId), eq(project.is_deleted, false)));
  if (!row) return undefined;
  return {
    id: row.id,
    company_id: row.company_id,
    tech_lead_id: row.tech_lead_id,
    is_member: row.member_type !== null,
  };
}

const techLead = alias(userProfile, 'tech_lead');

/** The projects of `ids` (in that order), assembled with everything the Project type shows. */
export async function loadProjects(
  db: DatabaseExecutor,
  viewer: Viewer,
  where: SQL,
): Promise<ProjectRecord[]> {
  const rows = await db
    .select({
      id: project.id,
      name: project.name,
      tech_lead_id: project.tech_lead_id,
      tech_lead_first: techLead.first_name,
      tech_lead_last: techLead.last_name,
      company_id: project.company_id,
      company_name: company.name,
      created_at: project.created_at,
      is_member: sql<boolean>`${isMemberSql(viewer)}`,
    })
    .from(project)
    .innerJoin(company, eq(company.id, project.company_id))
    .leftJoin(techLead, eq(techLead.id, project.tech_lead_id))
    .where(where)
    .orderBy(asc(project.name), asc(project.id));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);

  const [members, referrals, stacks] = await Promise.all([
    db
      .select({
        id: projectTeamMember.id,
        project_id: projectTeamMember.project_id,
        user_profile_id: projectTeamMember.user_profile_id,
        first_name: userProfile.first_name,
        last_name: userProfile.last_name,
        email: userProfile.email,
        talent_type_id: projectTeamMember.talent_type_id,
        is_deleted: projectTeamMember.is_deleted,
        type_id: talentType.id,
        role: talentType.role,
        hourly_rate: talentType.hourly_rate,
      })
      .from(projectTeamMember)
      .innerJoin(userProfile, eq(userProfile.id, projectTeamMember.user_profile_id))
      .innerJoin(talentType, eq(talentType.id, projectTeamMember.talent_type_id))
      .where(
        and(inArray(projectTeamMember.project_id, ids), eq(projectTeamMember.is_deleted, false)),
      )
      .orderBy(asc(userProfile.last_name), asc(userProfile.first_name)),
    db
      .select({
        id: referral.id,
        project_id: referral.project_id,
        refered_by_id: referral.refered_by_id,
        refered_by_name: sql<string>`${userProfile.first_name} || ' ' || ${userProfile.last_name}`,
        name: referral.name,
        email: referral.email,
        profile_link: referral.profile_link,
        created_at: referral.created_at,
      })
      .from(referral)
      .innerJoin(userProfile, eq(userProfile.id, referral.refered_by_id))
      .where(inArray(referral.project_id, ids))
      .orderBy(asc(referral.created_at)),
    db
      .select({
        id: projectTechStack.id,
        project_id: projectTechStack.project_id,
        tech_stack_id: projectTechStack.tech_stack_id,
        codebase: projectTechStack.codebase,
        has_access_token: sql<boolean>`${projectTechStack.access_token_encrypted} is not null`,
        access_token_hint: projectTechStack.access_token_hint,
        stack_name: techStack.name,
        stack_api: techStack.api_integration,
        stack_codebase: techStack.codebase,
      })
      .from(projectTechStack)
      .innerJoin(techStack, eq(techStack.id, projectTechStack.tech_stack_id))
      .where(inArray(projectTechStack.project_id, ids))
      .orderBy(asc(techStack.name)),
  ]);
  const envs =
    stacks.length === 0
      ? []
      : await db
          .select({
            id: environment.id,
            project_tech_stack_id: environment.project_tech_stack_id,
            environment: environment.environment,
            branch: environment.branch,
          })
          .from(environment)
          .where(
            inArray(
              environment.project_tech_stack_id,
              stacks.map((s) => s.id),
            ),
          )
          .orderBy(asc(environment.created_at), asc(environment.id));

  return rows.map((row) => {
    const access: ProjectAccess = {
      company_id: row.company_id,
      tech_lead_id: row.tech_lead_id,
      is_member: row.is_member,
    };
    return {
      id: row.id,
      name: row.name,
      tech_lead_id: row.tech_lead_id,
      tech_lead_name:
        row.tech_lead_first === null ? null : `${row.tech_lead_first} ${row.tech_lead_last ?? ''}`,
      company_id: row.company_id,
      company_name: row.company_name,
      created_at: row.created_at,
      team: members
        .filter((m) => m.project_id === row.id)
        .map(({ type_id, role, hourly_rate, ...m }) => ({
          ...m,
          talent_type: talentTypeRecord({ id: type_id, role, hourly_rate }),
        })),
      referrals: referrals.filter((r) => r.project_id === row.id),
      tech_stacks: stacks
        .filter((s) => s.project_id === row.id)
        .map(({ stack_name, stack_api, stack_codebase, ...s }) => ({
          ...s,
          tech_stack: {
            id: s.tech_stack_id,
            name: stack_name,
            api_integration: stack_api,
            codebase: stack_codebase,
          },
          environments: envs.filter((e) => e.project_tech_stack_id === s.id),
        })),
      can_manage: canManageProject(viewer, access),
    };
  });
}
