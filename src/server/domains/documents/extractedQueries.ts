/** SQL of a document's extracted data values and the company's data fields they link to. */
import { and, eq, inArray } from 'drizzle-orm';
import type { DatabaseExecutor } from '../../db/connection';
import {
  legalCompanyDataForExtraction,
  legalExtractedDataForProcessedFile,
  legalProcessedFile,
} from '../../db/schemaPipeline';
import { isUuid } from '../../errors';

export type ExtractedRow = typeof legalExtractedDataForProcessedFile.$inferSelect;
export type ExtractedInsert = typeof legalExtractedDataForProcessedFile.$inferInsert;

export function createExtractedQueries() {
  return {
    liveExtracted(executor: DatabaseExecutor, processedFileId: string): Promise<ExtractedRow[]> {
      return executor
        .select()
        .from(legalExtractedDataForProcessedFile)
        .where(
          and(
            eq(legalExtractedDataForProcessedFile.processed_file_id, processedFileId),
            eq(legalExtractedDataForProcessedFile.is_deleted, false),
          ),
        )
        .for('update');
    },

    /** A live extracted value of a document of the caller's companies, locked, with its file. */
    async findExtracted(executor: DatabaseExecutor, companyIds: readonly string[], id: string) {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const [row] = await executor
        .select({
          value: legalExtractedDataForProcessedFile,
          company_id: legalProcessedFile.company_id,
          is_exception: legalProcessedFile.is_exception,
          legal_file_type_id: legalProcessedFile.legal_file_type_id,
        })
        .from(legalExtractedDataForProcessedFile)
        .innerJoin(
          legalProcessedFile,
          eq(legalProcessedFile.id, legalExtractedDataForProcessedFile.processed_file_id),
        )
        .where(
          and(
            eq(legalExtractedDataForProcessedFile.id, id),
            eq(legalExtractedDataForProcessedFile.is_deleted, false),
            inArray(legalProcessedFile.company_id, [...companyIds]),
          ),
        )
        .for('update', { of: legalExtractedDataForProcessedFile });
      return row;
    },

    /** Live data-field links of the company among `ids`. */
    async companyDataFields(executor: DatabaseExecutor, companyId: string, ids: readonly string[]) {
      const wanted = ids.filter(isUuid);
      if (wanted.length === 0) return [];
      return executor
        .select({ id: legalCompanyDataForExtraction.id })
        .from(legalCompanyDataForExtraction)
        .where(
          and(
            inArray(legalCompanyDataForExtraction.id, wanted),
            eq(legalCompanyDataForExtraction.company_id, companyId),
            eq(legalCompanyDataForExtraction.is_deleted, false),
          ),
        );
    },

    async insertExtracted(
      executor: DatabaseExecutor,
      values: ExtractedInsert,
    ): Promise<ExtractedRow> {
      const [row] = await executor
        .insert(legalExtractedDataForProcessedFile)
        .values(values)
        .returning();
      if (!row) throw new Error('extracted value insert returned no row');
      return row;
    },

    async updateExtracted(
      executor: DatabaseExecutor,
      id: string,
      values: Partial<ExtractedInsert>,
    ): Promise<ExtractedRow> {
      const [row] = await executor
        .update(legalExtractedDataForProcessedFile)
        .set(values)
        .where(eq(legalExtractedDataForProcessedFile.id, id))
        .returning();
      if (!row) throw new Error(`extracted value ${id} vanished during an update`);
      return row;
    },
  };
}
