/** Company rules: fetch by id, update name and date_format, set the icon. */
import { AppError } from '../../../shared/errors';
import { updateCompanyInputSchema } from '../../../shared/schemas';
import type { CompanyRow } from '../../db/schema';
import { parseInput } from '../../errors';
import { canManageCompany, canViewCompany, type Viewer } from '../../permissions';
import type { CompanyRepository } from './repository';

const noCompany = () => new AppError('NO_COMPANY', 404);

export function createCompanyService(repo: CompanyRepository) {
  async function get(viewer: Viewer, id: string): Promise<CompanyRow> {
    if (!canViewCompany(viewer, id)) throw noCompany();
    const found = await repo.findVisible(viewer.companyIds, id);
    if (!found) throw noCompany();
    return found;
  }

  return {
    get,

    /** The caller's own company (always visible to them). */
    own(viewer: Viewer): Promise<CompanyRow> {
      return get(viewer, viewer.user.company_id);
    },

    async update(viewer: Viewer, id: string, raw: unknown): Promise<CompanyRow> {
      // Existence first, so another tenant's id answers exactly like a missing one.
      await get(viewer, id);
      if (!canManageCompany(viewer, id)) throw new AppError('FORBIDDEN', 403);
      const input = parseInput(updateCompanyInputSchema, raw);
      const updated = await repo.update(viewer.managedCompanyIds, id, input);
      if (!updated) throw noCompany();
      return updated;
    },

    /** Checks the caller may change this company's icon before the upload is stored. */
    async assertCanSetIcon(viewer: Viewer, id: string): Promise<void> {
      await get(viewer, id);
      if (!canManageCompany(viewer, id)) throw new AppError('FORBIDDEN', 403);
    },

    async setIcon(viewer: Viewer, id: string, iconUrl: string): Promise<CompanyRow> {
      const updated = await repo.update(viewer.managedCompanyIds, id, { icon_url: iconUrl });
      if (!updated) throw noCompany();
      return updated;
    },
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
