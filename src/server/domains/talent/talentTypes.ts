/**
 * The talent type catalogue (delivery-side spec: role, hourly_rate in integer cents), read by
 * everyone signed in (task estimates price their hours at these rates) and created and changed
 * by the provider's internal admins (permissions.ts canManageTalentTypes). Roles are unique
 * regardless of case. A changed rate prices estimates made or edited from then on; estimates
 * already made keep the rate they were priced at.
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/connection';
import { talentType } from '../../db/schemaDelivery';
import { parseInput } from '../../errors';
import { canManageTalentTypes, type Viewer } from '../../permissions';
import { AppError } from '../../../shared/errors';
import { talentTypeInputSchema, talentTypeUpdateSchema } from '../../../shared/schemas/talentTypes';
import { serialId } from '../../../shared/schemas/delivery';
import { isUniqueViolation } from '../cases/repository';
import { talentTypeRecord } from '../projects/records';

const COLUMNS = { id: talentType.id, role: talentType.role, hourly_rate: talentType.hourly_rate };

export function createTalentTypeService(db: Database) {
  async function refuseTakenRole(role: string, except?: number) {
    const [taken] = await db
      .select({ id: talentType.id })
      .from(talentType)
      .where(
        and(
          sql`lower(${talentType.role}) = lower(${role})`,
          except === undefined ? undefined : ne(talentType.id, except),
        ),
      );
    if (taken) throw new AppError('TALENT_TYPE_ROLE_TAKEN', 409, { role });
  }

  /** A unique violation that slipped past the check (a concurrent save) says the same. */
  async function saving<T>(role: string | undefined, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (role !== undefined && isUniqueViolation(error))
        throw new AppError('TALENT_TYPE_ROLE_TAKEN', 409, { role });
      throw error;
    }
  }

  return {
    async types() {
      const rows = await db.select(COLUMNS).from(talentType).orderBy(asc(talentType.id));
      return rows.map(talentTypeRecord);
    },

    async createType(viewer: Viewer, raw: unknown) {
      if (!canManageTalentTypes(viewer)) throw new AppError('FORBIDDEN', 403);
      const input = parseInput(talentTypeInputSchema, raw);
      await refuseTakenRole(input.role);
      const [row] = await saving(input.role, () =>
        db.insert(talentType).values(input).returning(COLUMNS),
      );
      if (!row) throw new Error('talent type insert returned no row');
      return talentTypeRecord(row);
    },

    async updateType(viewer: Viewer, raw: { id: unknown; input: unknown }) {
      if (!canManageTalentTypes(viewer)) throw new AppError('FORBIDDEN', 403);
      const { id } = parseInput(z.object({ id: serialId() }), { id: raw.id });
      const input = parseInput(talentTypeUpdateSchema, raw.input);
      if (input.role !== undefined) await refuseTakenRole(input.role, id);
      const changes = Object.fromEntries(
        Object.entries(input).filter(([, value]) => value !== undefined),
      ) as Partial<typeof talentType.$inferInsert>;
      const [row] = await saving(input.role, () =>
        Object.keys(changes).length > 0
          ? db.update(talentType).set(changes).where(eq(talentType.id, id)).returning(COLUMNS)
          : db.select(COLUMNS).from(talentType).where(eq(talentType.id, id)),
      );
      if (!row) throw new AppError('NO_TALENT_TYPE', 404);
      return talentTypeRecord(row);
    },
  };
}
