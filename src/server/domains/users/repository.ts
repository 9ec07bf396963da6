/** SQL of user profiles. Every read and write is limited to the company ids the caller may see. */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { userProfile, type UserProfileRow } from '../../db/schema';
import { isUuid } from '../../errors';

/**
 * Whether `userId` is an active (not deactivated) user of the company: the one check of a person
 * named in a company's records (a task request's requested_by or assignee, a chat room's member).
 */
export async function activeUserOfCompany(
  ex: DatabaseExecutor,
  companyId: string,
  userId: string,
): Promise<boolean> {
  const [row] = await ex
    .select({ id: userProfile.id })
    .from(userProfile)
    .where(
      and(
        eq(userProfile.id, userId),
        eq(userProfile.company_id, companyId),
        eq(userProfile.is_deactivated, false),
      ),
    )
    .limit(1);
  return !!row;
}

export function createUserRepository(db: Database) {
  return {
    async findVisible(
      companyIds: readonly string[],
      id: string,
    ): Promise<UserProfileRow | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const rows = await db
        .select()
        .from(userProfile)
        .where(and(eq(userProfile.id, id), inArray(userProfile.company_id, [...companyIds])))
        .limit(1);
      return rows[0];
    },

    async listByCompany(
      companyIds: readonly string[],
      companyId: string,
    ): Promise<UserProfileRow[]> {
      if (!isUuid(companyId) || !companyIds.includes(companyId)) return [];
      return db
        .select()
        .from(userProfile)
        .where(
          and(
            eq(userProfile.company_id, companyId),
            inArray(userProfile.company_id, [...companyIds]),
          ),
        )
        .orderBy(asc(userProfile.last_name), asc(userProfile.first_name), asc(userProfile.id));
    },

    /** Updates the caller's own row only (the id and the company must both match). */
    async updateOwn(
      self: Pick<UserProfileRow, 'id' | 'company_id'>,
      changes: Partial<Pick<UserProfileRow, 'about_me' | 'avatar'>>,
    ): Promise<UserProfileRow | undefined> {
      const rows = await db
        .update(userProfile)
        .set(changes)
        .where(and(eq(userProfile.id, self.id), eq(userProfile.company_id, self.company_id)))
        .returning();
      return rows[0];
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
