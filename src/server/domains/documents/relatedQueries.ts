/**
 * SQL of the batched look-ups behind the ProcessedFile type's fields (loaders.ts): types with
 * folders per company, cases, extracted values and raw files, each for many ids at once.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import { rawFile } from '../../db/schema';
import {
  legalCase,
  legalDocumentFolder,
  legalExtractedDataForProcessedFile,
  legalFileType,
  type LegalCaseRow,
} from '../../db/schemaPipeline';
import { isUuid } from '../../errors';
import type { ExtractedRow } from './extractedQueries';

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

export function createRelatedQueries(db: Database) {
  return {
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
  };
}
