/**
 * The rules of the admin screen of document types. Anyone who may see a company lists its folders
 * and types (the default taxonomy is seeded on the first look); only its administrators change
 * them. Another tenant's company or type answers exactly like one that does not exist.
 */
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/connection';
import { isUuid, notFound, parseInput, ValidationError } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import { listFileTypesQuery, updateFileTypeData, updateFileTypeEnvelope } from './input';
import type { FileTypesRepository, FileTypeView, FolderView } from './repository';
import { ensureCompanyTaxonomy } from '../pipeline/taxonomy';

const noCompany = () => new AppError('NO_COMPANY', 404);
const NAME_TAKEN = { path: 'data.folder.name', message: 'Another folder already has this name' };

/** PostgreSQL's unique_violation, bare or wrapped by drizzle (error.cause). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && typeof e === 'object' && depth < 3; depth += 1) {
    if ('code' in e && e.code === '23505') return true;
    e = 'cause' in e ? e.cause : null;
  }
  return false;
}

export function createFileTypesService(db: Database, repo: FileTypesRepository) {
  return {
    async list(
      viewer: Viewer,
      rawQuery: unknown,
    ): Promise<{ folders: FolderView[]; types: FileTypeView[] }> {
      const query = listFileTypesQuery.safeParse(rawQuery ?? {});
      if (!query.success) throw new AppError('COMPANY_ID_REQUIRED', 400);
      const { companyId } = query.data;
      if (!isUuid(companyId) || !canViewCompany(viewer, companyId)) throw noCompany();
      await ensureCompanyTaxonomy(db, companyId);
      return repo.list(companyId);
    },

    async update(viewer: Viewer, raw: unknown): Promise<FileTypeView> {
      const { id, data } = parseInput(updateFileTypeEnvelope, raw ?? {});
      // Existence first, so another tenant's id answers exactly like a missing one.
      const current = isUuid(id) ? await repo.findType(viewer.companyIds, id) : null;
      if (!current) throw notFound();
      const companyId = current.company_id;
      if (!canManageCompany(viewer, companyId)) throw new AppError('FORBIDDEN', 403);
      const changes = parseInput(updateFileTypeData, data);

      const problems: Array<{ path: string; message: string }> = [];
      if (
        changes.legal_document_folder_id !== undefined &&
        !(await repo.findFolder(companyId, changes.legal_document_folder_id))
      )
        problems.push({ path: 'data.legal_document_folder_id', message: 'Unknown folder' });
      if (changes.folder) {
        if (!(await repo.findFolder(companyId, changes.folder.id)))
          problems.push({ path: 'data.folder.id', message: 'Unknown folder' });
        else if (
          changes.folder.name !== undefined &&
          (await repo.folderNameTaken(companyId, changes.folder.name, changes.folder.id))
        )
          problems.push(NAME_TAKEN);
      }
      if (problems.length > 0) throw new ValidationError(problems);

      // Two renames racing to one name: the unique index decides, answered like the check above.
      const updated = await repo.update(companyId, id, changes).catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ValidationError([NAME_TAKEN]);
        throw error;
      });
      if (!updated) throw notFound();
      return updated;
    },
  };
}

export type FileTypesService = ReturnType<typeof createFileTypesService>;
