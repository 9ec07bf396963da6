/**
 * SQL of one processed file: reads limited to the caller's companies (never the big `content`
 * and `search_vector` columns except where a re-split needs the page texts), row locks for
 * edits, page ranges and stored files for a re-split. One repository object also carries the
 * document's other queries, each in its own file: change logs (changeLogQueries.ts), extracted
 * values (extractedQueries.ts), column configuration (columnsConfigQueries.ts), notifications
 * that point at it (notificationQueries.ts) and the batched look-ups the ProcessedFile type's
 * fields use (relatedQueries.ts).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, DatabaseExecutor } from '../../db/connection';
import { rawFile, storedFile, type RawFileRow } from '../../db/schema';
import { legalCase, legalFileType, legalProcessedFile } from '../../db/schemaPipeline';
import { isUuid } from '../../errors';
import { createChangeLogQueries } from './changeLogQueries';
import {
  PROCESSED_FILE_COLUMNS,
  type ProcessedFileColumns,
  type ProcessedFileRecord,
} from './columns';
import { createColumnsConfigQueries } from './columnsConfigQueries';
import { createExtractedQueries } from './extractedQueries';
import { createNotificationQueries } from './notificationQueries';
import { createRelatedQueries } from './relatedQueries';

export type ProcessedFileInsert = typeof legalProcessedFile.$inferInsert;
export type ProcessedFileSet = Partial<ProcessedFileInsert>;

const RECORD_COLUMNS = {
  ...PROCESSED_FILE_COLUMNS,
  raw_file_name: rawFile.name,
  raw_file_uploaded_at: rawFile.created_at,
};

const visible = (companyIds: readonly string[], id: string) =>
  and(eq(legalProcessedFile.id, id), inArray(legalProcessedFile.company_id, [...companyIds]));

export function createProcessedFileRepository(db: Database) {
  return {
    transaction<T>(work: (tx: DatabaseExecutor) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(tx));
    },

    /** A processed file of the caller's companies (deleted ones too), optionally row-locked. */
    async find(
      executor: DatabaseExecutor,
      companyIds: readonly string[],
      id: string,
      options: { lock?: boolean } = {},
    ): Promise<ProcessedFileRecord | undefined> {
      if (companyIds.length === 0 || !isUuid(id)) return undefined;
      const query = executor
        .select(RECORD_COLUMNS)
        .from(legalProcessedFile)
        .innerJoin(rawFile, eq(rawFile.id, legalProcessedFile.legal_raw_file_id))
        .where(visible(companyIds, id))
        .limit(1);
      const rows = options.lock
        ? await query.for('update', { of: legalProcessedFile })
        : await query;
      return rows[0];
    },

    async lockRawFile(executor: DatabaseExecutor, id: string): Promise<RawFileRow | undefined> {
      const [row] = await executor.select().from(rawFile).where(eq(rawFile.id, id)).for('update');
      return row;
    },

    /** The raw file's live documents in page order, locked for a re-split. */
    liveDocumentsOf(
      executor: DatabaseExecutor,
      rawFileId: string,
    ): Promise<ProcessedFileColumns[]> {
      return executor
        .select(PROCESSED_FILE_COLUMNS)
        .from(legalProcessedFile)
        .where(
          and(
            eq(legalProcessedFile.legal_raw_file_id, rawFileId),
            eq(legalProcessedFile.is_deleted, false),
          ),
        )
        .orderBy(asc(legalProcessedFile.start_page_no), asc(legalProcessedFile.end_page_no))
        .for('update');
    },

    /** Every document's pages and text (deleted ones too): the raw file's page texts. */
    pageSourcesOf(executor: DatabaseExecutor, rawFileId: string) {
      return executor
        .select({
          start: legalProcessedFile.start_page_no,
          end: legalProcessedFile.end_page_no,
          content: legalProcessedFile.content,
          is_deleted: legalProcessedFile.is_deleted,
        })
        .from(legalProcessedFile)
        .where(eq(legalProcessedFile.legal_raw_file_id, rawFileId));
    },

    /** A type of the company (deleted ones only when asked), with its taxonomy key. */
    async fileType(
      executor: DatabaseExecutor,
      companyId: string,
      id: string,
      options: { includeDeleted?: boolean } = {},
    ) {
      if (!isUuid(id)) return undefined;
      const [row] = await executor
        .select({ id: legalFileType.id, name: legalFileType.name, key: legalFileType.key })
        .from(legalFileType)
        .where(
          and(
            eq(legalFileType.id, id),
            eq(legalFileType.company_id, companyId),
            options.includeDeleted ? undefined : eq(legalFileType.is_deleted, false),
          ),
        );
      return row;
    },

    /** A case of the company (deleted ones only when asked). */
    async legalCase(
      executor: DatabaseExecutor,
      companyId: string,
      id: string,
      options: { includeDeleted?: boolean } = {},
    ) {
      if (!isUuid(id)) return undefined;
      const [row] = await executor
        .select({ id: legalCase.id, case_number: legalCase.case_number })
        .from(legalCase)
        .where(
          and(
            eq(legalCase.id, id),
            eq(legalCase.company_id, companyId),
            options.includeDeleted ? undefined : eq(legalCase.is_deleted, false),
          ),
        );
      return row;
    },

    async update(
      executor: DatabaseExecutor,
      id: string,
      values: ProcessedFileSet,
    ): Promise<ProcessedFileColumns> {
      const [row] = await executor
        .update(legalProcessedFile)
        .set({
          ...values,
          version: sql`${legalProcessedFile.version} + 1`,
          updated_at: sql`now()`,
        })
        .where(eq(legalProcessedFile.id, id))
        .returning(PROCESSED_FILE_COLUMNS);
      if (!row) throw new Error(`processed file ${id} vanished during an update`);
      return row;
    },

    async insert(
      executor: DatabaseExecutor,
      values: ProcessedFileInsert,
    ): Promise<ProcessedFileColumns> {
      const [row] = await executor
        .insert(legalProcessedFile)
        .values(values)
        .returning(PROCESSED_FILE_COLUMNS);
      if (!row) throw new Error('processed file insert returned no row');
      return row;
    },

    /** Keeps the raw file's document count equal to its live documents. */
    async recountDocuments(executor: DatabaseExecutor, rawFileId: string) {
      await executor
        .update(rawFile)
        .set({
          processed_files_count: sql`(select count(*)::int from ${legalProcessedFile} where ${legalProcessedFile.legal_raw_file_id} = ${rawFileId} and ${legalProcessedFile.is_deleted} = false)`,
        })
        .where(eq(rawFile.id, rawFileId));
    },

    /** Live documents of the raw file sharing a page with `range`, except `exceptId`. */
    overlapping(
      executor: DatabaseExecutor,
      rawFileId: string,
      range: { start: number; end: number },
      exceptId: string,
    ) {
      return executor
        .select({
          id: legalProcessedFile.id,
          start: legalProcessedFile.start_page_no,
          end: legalProcessedFile.end_page_no,
        })
        .from(legalProcessedFile)
        .where(
          and(
            eq(legalProcessedFile.legal_raw_file_id, rawFileId),
            eq(legalProcessedFile.is_deleted, false),
            sql`${legalProcessedFile.id} <> ${exceptId}`,
            sql`${legalProcessedFile.start_page_no} <= ${range.end}`,
            sql`${legalProcessedFile.end_page_no} >= ${range.start}`,
          ),
        );
    },

    /** Stored-file keys among `keys` that no processed file refers to any more. */
    async unreferencedKeys(keys: readonly string[]): Promise<string[]> {
      if (keys.length === 0) return [];
      const used = await db
        .select({ key: legalProcessedFile.s3_key })
        .from(legalProcessedFile)
        .where(inArray(legalProcessedFile.s3_key, [...keys]));
      const taken = new Set(used.map((row) => row.key));
      return keys.filter((key) => !taken.has(key));
    },

    async removeStoredFileRows(keys: readonly string[]) {
      if (keys.length > 0) await db.delete(storedFile).where(inArray(storedFile.key, [...keys]));
    },

    ...createChangeLogQueries(db),
    ...createRelatedQueries(db),
    ...createExtractedQueries(),
    ...createColumnsConfigQueries(db),
    ...createNotificationQueries(db),
  };
}

export type ProcessedFileRepository = ReturnType<typeof createProcessedFileRepository>;
