/** SQL of companies. Every read and write is limited to the company ids the caller may see. */
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { company, type CompanyRow } from '../../db/schema';
import { isUuid } from '../../errors';

export function createCompanyRepository(db: Database) {
  return {
    async findVisible(companyIds: readonly string[], id: string): Promise<CompanyRow | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const rows = await db
        .select()
        .from(company)
        .where(and(eq(company.id, id), inArray(company.id, [...companyIds])))
        .limit(1);
      return rows[0];
    },

    async update(
      companyIds: readonly string[],
      id: string,
      changes: Partial<Pick<CompanyRow, 'name' | 'date_format' | 'icon_url'>>,
    ): Promise<CompanyRow | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const rows = await db
        .update(company)
        .set(changes)
        .where(and(eq(company.id, id), inArray(company.id, [...companyIds])))
        .returning();
      return rows[0];
    },
  };
}

export type CompanyRepository = ReturnType<typeof createCompanyRepository>;
