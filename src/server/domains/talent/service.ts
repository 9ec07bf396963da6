/**
 * Talent and talent types (delivery-side spec sections 3, 5, 8): talent records of a company's
 * people (talent type, pay_rate default 0 in integer cents, reporting_to, LinkedIn profile link,
 * Hubstaff id). Read by whoever sees the company; created and changed by its managers
 * (permissions.ts canManageTalent). A look-up without an id answers "Talent ID is required".
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { company, userProfile, userType } from '../../db/schema';
import { talent, talentType } from '../../db/schemaDelivery';
import { parseInput } from '../../errors';
import { canManageTalent, canViewCompany, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import { talentInputSchema, talentUpdateSchema } from '../../../shared/schemas/delivery';
import { uuid } from '../../../shared/schemas/input';
import { talentTypeRecord } from '../projects/records';
import { createTalentTypeService } from './talentTypes';

const lead = alias(userProfile, 'reporting');
const listSchema = z.object({ company_id: uuid().nullish() });

export function createTalentService(db: Database) {
  async function load(where: SQL) {
    const rows = await db
      .select({
        id: talent.id,
        user_profile_id: talent.user_profile_id,
        company_id: talent.company_id,
        first_name: userProfile.first_name,
        last_name: userProfile.last_name,
        email: userProfile.email,
        talent_type_id: talent.talent_type_id,
        role: talentType.role,
        hourly_rate: talentType.hourly_rate,
        linkedin_url: talent.linkedin_url,
        pay_rate: talent.pay_rate,
        hubstaff_id: talent.hubstaff_id,
        reporting_to: talent.reporting_to,
        lead_first: lead.first_name,
        lead_last: lead.last_name,
        created_at: talent.created_at,
      })
      .from(talent)
      .innerJoin(userProfile, eq(userProfile.id, talent.user_profile_id))
      .innerJoin(talentType, eq(talentType.id, talent.talent_type_id))
      .leftJoin(lead, eq(lead.id, talent.reporting_to))
      .where(and(eq(talent.is_deleted, false), where))
      .orderBy(asc(userProfile.last_name), asc(userProfile.first_name), asc(talent.id));
    return rows.map(({ role, hourly_rate, lead_first, lead_last, ...row }) => ({
      ...row,
      talent_type: talentTypeRecord({ id: row.talent_type_id, role, hourly_rate }),
      reporting_to_name: lead_first === null ? null : `${lead_first} ${lead_last ?? ''}`,
    }));
  }

  const visible = (viewer: Viewer) =>
    viewer.companyIds.length === 0 ? undefined : inArray(talent.company_id, [...viewer.companyIds]);

  async function one(viewer: Viewer, id: string) {
    const scope = visible(viewer);
    const [found] = scope ? await load(and(scope, eq(talent.id, id))!) : [];
    if (!found) throw new AppError('NO_TALENT_PROFILES', 404);
    return found;
  }

  /** A user the caller sees, for user_profile_id and reporting_to; else "No user profile available". */
  async function visibleUser(viewer: Viewer, id: string) {
    const [row] =
      viewer.companyIds.length === 0
        ? []
        : await db
            .select({ id: userProfile.id, company_id: userProfile.company_id })
            .from(userProfile)
            .where(
              and(eq(userProfile.id, id), inArray(userProfile.company_id, [...viewer.companyIds])),
            );
    if (!row) throw new AppError('NO_USER_PROFILE', 404);
    return row;
  }

  async function typeExists(id: number) {
    const [row] = await db
      .select({ id: talentType.id })
      .from(talentType)
      .where(eq(talentType.id, id));
    if (!row) throw new AppError('INVALID_TYPE', 400);
  }

  return {
    ...createTalentTypeService(db),

    async list(viewer: Viewer, raw: unknown) {
      const { company_id } = parseInput(listSchema, raw);
      const target = company_id ?? viewer.user.company_id;
      if (!canViewCompany(viewer, target)) throw new AppError('NO_COMPANY', 404);
      return load(eq(talent.company_id, target));
    },

    async get(viewer: Viewer, raw: { id?: unknown }) {
      if (raw.id === undefined || raw.id === null || raw.id === '')
        throw new AppError('TALENT_ID_REQUIRED', 400);
      const { id } = parseInput(z.object({ id: uuid() }), raw);
      return one(viewer, id);
    },

    async create(viewer: Viewer, raw: unknown) {
      const input = parseInput(talentInputSchema, raw);
      const person = await visibleUser(viewer, input.user_profile_id);
      if (!canManageTalent(viewer, { company_id: person.company_id }))
        throw new AppError('FORBIDDEN', 403);
      if (input.reporting_to) await visibleUser(viewer, input.reporting_to);
      await typeExists(input.talent_type_id);
      const [row] = await db
        .insert(talent)
        .values({ ...input, company_id: person.company_id })
        .returning({ id: talent.id });
      if (!row) throw new Error('talent insert returned no row');
      await db
        .update(userProfile)
        .set({ talent_id: row.id })
        .where(and(eq(userProfile.id, person.id)));
      return one(viewer, row.id);
    },

    async update(viewer: Viewer, raw: { id: unknown; input: unknown }) {
      const { id } = parseInput(z.object({ id: uuid() }), raw);
      const input = parseInput(talentUpdateSchema, raw.input);
      const current = await one(viewer, id);
      if (!canManageTalent(viewer, current)) throw new AppError('FORBIDDEN', 403);
      if (input.reporting_to) await visibleUser(viewer, input.reporting_to);
      if (input.talent_type_id !== undefined) await typeExists(input.talent_type_id);
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as Partial<typeof talent.$inferInsert>;
      if (Object.keys(changes).length > 0)
        await db.update(talent).set(changes).where(eq(talent.id, id));
      return one(viewer, id);
    },

    /** Active people of every company the caller sees (team and talent pickers). */
    async people(viewer: Viewer) {
      if (viewer.companyIds.length === 0) return [];
      return db
        .select({
          id: userProfile.id,
          first_name: userProfile.first_name,
          last_name: userProfile.last_name,
          email: userProfile.email,
          company_id: userProfile.company_id,
          user_type: userType.name,
        })
        .from(userProfile)
        .innerJoin(userType, eq(userType.id, userProfile.user_type_id))
        .where(
          and(
            inArray(userProfile.company_id, [...viewer.companyIds]),
            eq(userProfile.is_deactivated, false),
          ),
        )
        .orderBy(asc(userProfile.last_name), asc(userProfile.first_name));
    },

    /** Companies the caller sees, for the company switcher. */
    async companies(viewer: Viewer) {
      if (viewer.companyIds.length === 0) return [];
      const rows = await db
        .select({ id: company.id, name: company.name, is_legal: company.is_legal })
        .from(company)
        .where(inArray(company.id, [...viewer.companyIds]))
        .orderBy(asc(company.name));
      // The caller's own company first.
      return [
        ...rows.filter((row) => row.id === viewer.user.company_id),
        ...rows.filter((row) => row.id !== viewer.user.company_id),
      ];
    },
  };
}

export type TalentService = ReturnType<typeof createTalentService>;
