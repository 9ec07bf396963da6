/** SQL of a company's column configuration of a table (columnsConfig.ts has the rules). */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { columnConfiguration, type ColumnConfigurationRow } from '../../db/schemaPipeline';

export function createColumnsConfigQueries(db: Database) {
  return {
    async columnConfiguration(
      companyId: string,
      table: string,
    ): Promise<ColumnConfigurationRow | undefined> {
      const [row] = await db
        .select()
        .from(columnConfiguration)
        .where(
          and(eq(columnConfiguration.company_id, companyId), eq(columnConfiguration.table, table)),
        );
      return row;
    },

    async saveColumnConfiguration(
      companyId: string,
      table: string,
      columns: unknown,
    ): Promise<ColumnConfigurationRow> {
      const [row] = await db
        .insert(columnConfiguration)
        .values({ company_id: companyId, table, columns_configuration: columns })
        .onConflictDoUpdate({
          target: [columnConfiguration.company_id, columnConfiguration.table],
          set: { columns_configuration: columns, updated_at: sql`now()` },
        })
        .returning();
      if (!row) throw new Error('column configuration upsert returned no row');
      return row;
    },
  };
}
