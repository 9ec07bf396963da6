/**
 * The batched look-ups behind the ProcessedFile type's fields (types with folders, cases,
 * extracted values, raw files), batched with DataLoader (src/server/loaders.ts): keys asked for
 * while one level of fields resolves are loaded in one query, once per request.
 */
import { isUuid } from '../../errors';
import { keyedLoader } from '../../loaders';
import type { Viewer } from '../../permissions';
import type { ExtractedRow } from './extractedQueries';
import type { CaseView, FileTypeWithFolder } from './relatedQueries';
import type { ProcessedFileRepository } from './repository';

/** One request's look-ups for documents' types, cases, extracted values and raw files. */
export function createRelatedLoaders(repo: ProcessedFileRepository, viewer: Viewer) {
  const typesOf = keyedLoader(async (companyIds) => {
    const byCompany = new Map<string, Map<string, FileTypeWithFolder>>(
      companyIds.map((id) => [id, new Map()]),
    );
    for (const type of await repo.typesOfCompanies(companyIds.filter(isUuid)))
      byCompany.get(type.company_id)?.set(type.id, type);
    return byCompany;
  });
  const caseOf = keyedLoader(async (ids) => {
    const rows = await repo.casesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  const extractedOf = keyedLoader(async (ids) => {
    const byFile = new Map<string, ExtractedRow[]>(ids.map((id) => [id, []]));
    for (const row of await repo.extractedOf(ids)) byFile.get(row.processed_file_id)?.push(row);
    return byFile;
  });
  const rawFileOf = keyedLoader(async (ids) => {
    const rows = await repo.rawFilesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    async fileType(companyId: string, typeId: string): Promise<FileTypeWithFolder | null> {
      return (await typesOf.load(companyId))?.get(typeId) ?? null;
    },
    async legalCase(caseId: string): Promise<CaseView | null> {
      return (await caseOf.load(caseId)) ?? null;
    },
    async extractedData(fileId: string): Promise<ExtractedRow[]> {
      return (await extractedOf.load(fileId)) ?? [];
    },
    async rawFile(rawFileId: string) {
      return (await rawFileOf.load(rawFileId)) ?? null;
    },
  };
}

export type RelatedLoaders = ReturnType<typeof createRelatedLoaders>;
