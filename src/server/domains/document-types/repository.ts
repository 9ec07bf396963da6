/**
 * Storage of the admin screen of document types: a company's live folders and types, one type by
 * id among the companies a caller may see, and an update of a type (and optionally a folder) in
 * one transaction. Every query is filtered by company, so another tenant's rows are never read.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  legalDocumentFolder,
  legalFileType,
  type LegalDocumentFolderRow,
  type LegalFileTypeRow,
} from '../../db/schemaPipeline';
import type { TypeRules } from '../pipeline/taxonomy';

export interface FolderView {
  id: string;
  name: string;
  hex_code: string;
}

export interface FileTypeView {
  id: string;
  key: string | null;
  name: string;
  company_id: string;
  legal_document_folder: FolderView;
  rules: unknown;
  updated_at: Date;
}

export interface FileTypeChanges {
  name?: string;
  legal_document_folder_id?: string;
  rules?: TypeRules;
  folder?: { id: string; name?: string; hex_code?: string };
}

const folderView = (row: LegalDocumentFolderRow): FolderView => ({
  id: row.id,
  name: row.name,
  hex_code: row.hex_code,
});

const typeView = (type: LegalFileTypeRow, folder: LegalDocumentFolderRow): FileTypeView => ({
  id: type.id,
  key: type.key,
  name: type.name,
  company_id: type.company_id,
  legal_document_folder: folderView(folder),
  rules: type.rules,
  updated_at: type.updated_at,
});

export function createFileTypesRepository(db: Database) {
  const typesWithFolders = () =>
    db
      .select({ type: legalFileType, folder: legalDocumentFolder })
      .from(legalFileType)
      .innerJoin(
        legalDocumentFolder,
        eq(legalDocumentFolder.id, legalFileType.legal_document_folder_id),
      );

  async function findType(companyIds: readonly string[], id: string) {
    if (companyIds.length === 0) return null;
    const [row] = await typesWithFolders().where(
      and(
        eq(legalFileType.id, id),
        inArray(legalFileType.company_id, [...companyIds]),
        eq(legalFileType.is_deleted, false),
      ),
    );
    return row ? typeView(row.type, row.folder) : null;
  }

  return {
    findType,

    /** Live folders sorted by name, and live types sorted by folder name, then type name. */
    async list(companyId: string): Promise<{ folders: FolderView[]; types: FileTypeView[] }> {
      const folders = await db
        .select()
        .from(legalDocumentFolder)
        .where(
          and(
            eq(legalDocumentFolder.company_id, companyId),
            eq(legalDocumentFolder.is_deleted, false),
          ),
        )
        .orderBy(asc(legalDocumentFolder.name));
      const types = await typesWithFolders()
        .where(and(eq(legalFileType.company_id, companyId), eq(legalFileType.is_deleted, false)))
        .orderBy(asc(legalDocumentFolder.name), asc(legalFileType.name));
      return {
        folders: folders.map(folderView),
        types: types.map((row) => typeView(row.type, row.folder)),
      };
    },

    /** A live folder of this company, or null. */
    async findFolder(companyId: string, id: string): Promise<FolderView | null> {
      const [row] = await db
        .select()
        .from(legalDocumentFolder)
        .where(
          and(
            eq(legalDocumentFolder.id, id),
            eq(legalDocumentFolder.company_id, companyId),
            eq(legalDocumentFolder.is_deleted, false),
          ),
        );
      return row ? folderView(row) : null;
    },

    /** Whether another folder of the company already has this name (names are unique). */
    async folderNameTaken(companyId: string, name: string, exceptId: string): Promise<boolean> {
      const rows = await db
        .select({ id: legalDocumentFolder.id })
        .from(legalDocumentFolder)
        .where(
          and(
            eq(legalDocumentFolder.company_id, companyId),
            eq(legalDocumentFolder.name, name),
            ne(legalDocumentFolder.id, exceptId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Writes the changes of one type (and its folder change) together; returns the type. */
    async update(
      companyId: string,
      id: string,
      changes: FileTypeChanges,
    ): Promise<FileTypeView | null> {
      await db.transaction(async (tx) => {
        const { folder } = changes;
        if (folder && (folder.name !== undefined || folder.hex_code !== undefined)) {
          await tx
            .update(legalDocumentFolder)
            .set({
              ...(folder.name !== undefined ? { name: folder.name } : {}),
              ...(folder.hex_code !== undefined ? { hex_code: folder.hex_code.toLowerCase() } : {}),
            })
            .where(
              and(
                eq(legalDocumentFolder.id, folder.id),
                eq(legalDocumentFolder.company_id, companyId),
              ),
            );
        }
        await tx
          .update(legalFileType)
          .set({
            ...(changes.name !== undefined ? { name: changes.name } : {}),
            ...(changes.legal_document_folder_id !== undefined
              ? { legal_document_folder_id: changes.legal_document_folder_id }
              : {}),
            ...(changes.rules !== undefined ? { rules: changes.rules } : {}),
            updated_at: new Date(),
          })
          .where(and(eq(legalFileType.id, id), eq(legalFileType.company_id, companyId)));
      });
      return findType([companyId], id);
    },
  };
}

export type FileTypesRepository = ReturnType<typeof createFileTypesRepository>;
