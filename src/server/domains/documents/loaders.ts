/**
 * The batched look-ups behind the ProcessedFile type's fields (types with folders, cases,
 * extracted values, raw files): keys asked for in one turn of the event loop are loaded in one
 * query, once per request.
 */
import { isUuid } from '../../errors';
import type { Viewer } from '../../permissions';
import type { ExtractedRow } from './extractedQueries';
import type { CaseView, FileTypeWithFolder } from './relatedQueries';
import type { ProcessedFileRepository } from './repository';

/**
 * Collects keys asked for in the same turn of the event loop and loads them in one call; each
 * key is loaded once per batcher (one batcher per request).
 */
export function batched<V>(load: (keys: string[]) => Promise<Map<string, V>>) {
  const cache = new Map<string, Promise<V | undefined>>();
  let waiting: Map<
    string,
    { resolve(value: V | undefined): void; reject(e: unknown): void }
  > | null = null;
  return (key: string): Promise<V | undefined> => {
    const known = cache.get(key);
    if (known) return known;
    const promise = new Promise<V | undefined>((resolve, reject) => {
      if (!waiting) {
        const batch = new Map<
          string,
          { resolve(value: V | undefined): void; reject(e: unknown): void }
        >();
        waiting = batch;
        setImmediate(() => {
          waiting = null;
          load([...batch.keys()]).then(
            (found) => batch.forEach((waiter, k) => waiter.resolve(found.get(k))),
            (error: unknown) => batch.forEach((waiter) => waiter.reject(error)),
          );
        });
      }
      waiting.set(key, { resolve, reject });
    });
    cache.set(key, promise);
    return promise;
  };
}

/** One request's look-ups for documents' types, cases, extracted values and raw files. */
export function createRelatedLoaders(repo: ProcessedFileRepository, viewer: Viewer) {
  const typesOf = batched(async (companyIds) => {
    const byCompany = new Map<string, Map<string, FileTypeWithFolder>>(
      companyIds.map((id) => [id, new Map()]),
    );
    for (const type of await repo.typesOfCompanies(companyIds.filter(isUuid)))
      byCompany.get(type.company_id)?.set(type.id, type);
    return byCompany;
  });
  const caseOf = batched(async (ids) => {
    const rows = await repo.casesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  const extractedOf = batched(async (ids) => {
    const byFile = new Map<string, ExtractedRow[]>(ids.map((id) => [id, []]));
    for (const row of await repo.extractedOf(ids)) byFile.get(row.processed_file_id)?.push(row);
    return byFile;
  });
  const rawFileOf = batched(async (ids) => {
    const rows = await repo.rawFilesByIds(viewer.companyIds, ids);
    return new Map(rows.map((row) => [row.id, row]));
  });
  return {
    async fileType(companyId: string, typeId: string): Promise<FileTypeWithFolder | null> {
      return (await typesOf(companyId))?.get(typeId) ?? null;
    },
    async legalCase(caseId: string): Promise<CaseView | null> {
      return (await caseOf(caseId)) ?? null;
    },
    async extractedData(fileId: string): Promise<ExtractedRow[]> {
      return (await extractedOf(fileId)) ?? [];
    },
    async rawFile(rawFileId: string) {
      return (await rawFileOf(rawFileId)) ?? null;
    },
  };
}

export type RelatedLoaders = ReturnType<typeof createRelatedLoaders>;
