/**
 * Activity types (spec section 3 "Activity type", section 7): the kinds of activity a company's
 * CRM records (crm_activity_type_id, title), per company and CRM type, each viewable or not.
 * Readers list them, all or only the viewable ones of one CRM type (what pickers offer); the
 * company's managers choose which are viewable. Rows come from the CRM (or the demo seed).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import {
  activityTypesInput,
  setActivityTypeViewableInput,
} from '../../../shared/schemas/legalPeople';
import type { Database } from '../../db/connection';
import { legalActivityType } from '../../db/schemaPeople';
import { notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';

export type ActivityTypeRow = typeof legalActivityType.$inferSelect;

export function createActivityTypeService(db: Database) {
  const list = (companyId: string, crmType?: string | null, viewableOnly = false) =>
    db
      .select()
      .from(legalActivityType)
      .where(
        and(
          eq(legalActivityType.company_id, companyId),
          crmType ? eq(legalActivityType.crm_type, crmType) : undefined,
          viewableOnly ? eq(legalActivityType.is_viewable, true) : undefined,
        ),
      )
      .orderBy(
        asc(legalActivityType.crm_type),
        asc(sql`lower(${legalActivityType.title})`),
        asc(legalActivityType.id),
      );

  return {
    /** By company and (optionally) CRM type; `viewable_only` needs a CRM type. */
    async list(viewer: Viewer, raw: unknown): Promise<ActivityTypeRow[]> {
      const input = parseInput(activityTypesInput, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      if (input.viewable_only && !input.crm_type)
        throw new ValidationError([{ path: 'crm_type', message: 'Name the CRM type.' }]);
      return list(input.company_id, input.crm_type, input.viewable_only ?? false);
    },
    /** Only the viewable ones of one CRM type. */
    async viewable(viewer: Viewer, raw: unknown): Promise<ActivityTypeRow[]> {
      return this.list(viewer, { ...(raw as object), viewable_only: true });
    },
    async setViewable(viewer: Viewer, raw: unknown): Promise<ActivityTypeRow> {
      const input = parseInput(setActivityTypeViewableInput, raw);
      const [row] = await db
        .select()
        .from(legalActivityType)
        .where(eq(legalActivityType.id, input.id));
      if (!row || !canViewCompany(viewer, row.company_id)) throw notFound();
      if (!canManageCompany(viewer, row.company_id)) throw new AppError('FORBIDDEN', 403);
      const [updated] = await db
        .update(legalActivityType)
        .set({ is_viewable: input.is_viewable })
        .where(eq(legalActivityType.id, input.id))
        .returning();
      return updated!;
    },
  };
}

export type ActivityTypeService = ReturnType<typeof createActivityTypeService>;
