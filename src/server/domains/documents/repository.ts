/**
 * SQL of one processed file: reads limited to the caller's companies (never the big `content`
 * and `search_vector` columns except where a re-split needs the page texts), row locks for
 * edits, its logs and admin change logs, its extracted values, the company's column
 * configuration, the notifications that point at it, and the batched look-ups the ProcessedFile
 * type's fields use (types with folders per company, cases, extracted values, raw files).
 */
import { and, asc, desc, eq, inArray, like, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database, DatabaseExecutor } from '../../db/connection';
import {
  notification,
  rawFile,
  storedFile,
  userProfile,
  type NotificationRow,
  type RawFileRow,
} from '../../db/schema';
import {
  adminFileChangeLog,
  columnConfiguration,
  legalCase,
  legalCompanyDataForExtraction,
  legalDocumentFolder,
  legalExtractedDataForProcessedFile,
  legalFileType,
  legalProcessedFile,
  legalProcessedFileLog,
  type AdminFileChangeLogRow,
  type ColumnConfigurationRow,
  type LegalCaseRow,
} from '../../db/schemaPipeline';
import { isUuid } from '../../errors';
import {
  PROCESSED_FILE_COLUMNS,
  type ProcessedFileColumns,
  type ProcessedFileRecord,
} from './columns';

export type ProcessedFileInsert = typeof legalProcessedFile.$inferInsert;
export type ProcessedFileSet = Partial<ProcessedFileInsert>;
export type ProcessedFileLogInsert = typeof legalProcessedFileLog.$inferInsert;
export type ProcessedFileLogRow = typeof legalProcessedFileLog.$inferSelect;
export type AdminLogInsert = typeof adminFileChangeLog.$inferInsert;
export type ExtractedRow = typeof legalExtractedDataForProcessedFile.$inferSelect;
export type ExtractedInsert = typeof legalExtractedDataForProcessedFile.$inferInsert;

export interface FileTypeWithFolder {
  id: string;
  name: string;
  key: string | null;
  company_id: string;
  is_deleted: boolean;
  legal_document_folder: { id: string; name: string; hex_code: string };
}

/** A case as the LegalCase type shows it (case_id and documents_count filled in). */
export type CaseView = LegalCaseRow & { case_id: string; documents_count: number };

export type NotificationView = NotificationRow & { sender_name: string | null };

const RECORD_COLUMNS = {
  ...PROCESSED_FILE_COLUMNS,
  raw_file_name: rawFile.name,
  raw_file_uploaded_at: rawFile.created_at,
};

const visible = (companyIds: readonly string[], id: string) =>
  and(eq(legalProcessedFile.id, id), inArray(legalProcessedFile.company_id, [...companyIds]));

const sender = alias(userProfile, 'sender');

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

    async insertLogs(executor: DatabaseExecutor, rows: ProcessedFileLogInsert[]) {
      if (rows.length === 0) return [];
      return executor.insert(legalProcessedFileLog).values(rows).returning();
    },

    async insertAdminLogs(executor: DatabaseExecutor, rows: AdminLogInsert[]) {
      if (rows.length > 0) await executor.insert(adminFileChangeLog).values(rows);
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

    logs(processedFileId: string): Promise<ProcessedFileLogRow[]> {
      return db
        .select()
        .from(legalProcessedFileLog)
        .where(eq(legalProcessedFileLog.processed_file_id, processedFileId))
        .orderBy(desc(legalProcessedFileLog.created_at), desc(legalProcessedFileLog.id));
    },

    adminLogs(processedFileId: string): Promise<AdminFileChangeLogRow[]> {
      return db
        .select()
        .from(adminFileChangeLog)
        .where(eq(adminFileChangeLog.reference_file_id, processedFileId))
        .orderBy(desc(adminFileChangeLog.created_at), desc(adminFileChangeLog.id));
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

    // ---- batched look-ups for the ProcessedFile type's fields ----

    /** Every type of the companies (deleted ones too: a document may still carry one). */
    async typesOfCompanies(companyIds: readonly string[]): Promise<FileTypeWithFolder[]> {
      if (companyIds.length === 0) return [];
      // Only what is answered: a type's rules (a kilobyte of JSON each) are not read.
      const rows = await db
        .select({
          type: {
            id: legalFileType.id,
            name: legalFileType.name,
            key: legalFileType.key,
            company_id: legalFileType.company_id,
            is_deleted: legalFileType.is_deleted,
          },
          folder: {
            id: legalDocumentFolder.id,
            name: legalDocumentFolder.name,
            hex_code: legalDocumentFolder.hex_code,
          },
        })
        .from(legalFileType)
        .innerJoin(
          legalDocumentFolder,
          eq(legalDocumentFolder.id, legalFileType.legal_document_folder_id),
        )
        .where(inArray(legalFileType.company_id, [...companyIds]));
      return rows.map(({ type, folder }) => ({
        id: type.id,
        name: type.name,
        key: type.key,
        company_id: type.company_id,
        is_deleted: type.is_deleted,
        legal_document_folder: { id: folder.id, name: folder.name, hex_code: folder.hex_code },
      }));
    },

    /** Live cases among `ids` of the companies, with their live document counts. */
    async casesByIds(companyIds: readonly string[], ids: readonly string[]): Promise<CaseView[]> {
      const wanted = ids.filter(isUuid);
      if (companyIds.length === 0 || wanted.length === 0) return [];
      const rows = await db
        .select({
          row: legalCase,
          // Table-qualified by hand: drizzle leaves columns of a one-table query unqualified.
          documents_count: sql<number>`(select count(*)::int from legal_processed_file d where d.legal_case_id = "legal_case"."id" and d.is_deleted = false)`,
        })
        .from(legalCase)
        .where(
          and(
            inArray(legalCase.id, wanted),
            inArray(legalCase.company_id, [...companyIds]),
            eq(legalCase.is_deleted, false),
          ),
        );
      return rows.map(({ row, documents_count }) => ({
        ...row,
        case_id: row.id,
        documents_count,
      }));
    },

    /** Live extracted values of the documents, oldest first. */
    async extractedOf(processedFileIds: readonly string[]): Promise<ExtractedRow[]> {
      if (processedFileIds.length === 0) return [];
      return db
        .select()
        .from(legalExtractedDataForProcessedFile)
        .where(
          and(
            inArray(legalExtractedDataForProcessedFile.processed_file_id, [...processedFileIds]),
            eq(legalExtractedDataForProcessedFile.is_deleted, false),
          ),
        )
        .orderBy(
          asc(legalExtractedDataForProcessedFile.created_at),
          asc(legalExtractedDataForProcessedFile.data_field),
        );
    },

    async rawFilesByIds(companyIds: readonly string[], ids: readonly string[]) {
      if (companyIds.length === 0 || ids.length === 0) return [];
      return db
        .select({ id: rawFile.id, name: rawFile.name, created_at: rawFile.created_at })
        .from(rawFile)
        .where(and(inArray(rawFile.id, [...ids]), inArray(rawFile.company_id, [...companyIds])));
    },

    // ---- extracted values ----

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

    // ---- column configuration ----

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

    // ---- notifications about a document ----

    /**
     * The receiver's notifications of the company that point at the document: a redirect to its
     * details route (`/documents/<id>`, with or without a query or fragment) or extra content
     * naming its id.
     */
    async notificationsAbout(
      receiverId: string,
      companyId: string,
      processedFileId: string,
      order: 'asc' | 'desc',
    ): Promise<NotificationView[]> {
      const route = `/documents/${processedFileId}`;
      const pointsAt: SQL | undefined = or(
        eq(notification.redirect, route),
        like(notification.redirect, `${route}?%`),
        like(notification.redirect, `${route}#%`),
        like(notification.extra_content, `%${processedFileId}%`),
      );
      const direction = order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          row: notification,
          sender_name: sql<
            string | null
          >`case when ${sender.id} is null then null else ${sender.first_name} || ' ' || ${sender.last_name} end`,
        })
        .from(notification)
        .leftJoin(sender, eq(sender.id, notification.sender_id))
        .where(
          and(
            eq(notification.receiver_id, receiverId),
            eq(notification.company_id, companyId),
            pointsAt,
          ),
        )
        .orderBy(direction(notification.created_at), direction(notification.id));
      return rows.map(({ row, sender_name }) => ({ ...row, sender_name }));
    },
  };
}

export type ProcessedFileRepository = ReturnType<typeof createProcessedFileRepository>;
