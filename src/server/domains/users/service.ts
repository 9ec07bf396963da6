/** Profile rules: fetch (visible companies only), about me and avatar (own profile only). */
import { AppError } from '../../../shared/errors';
import { updateAboutMeInputSchema } from '../../../shared/schemas';
import type { UserProfileRow } from '../../db/schema';
import { parseInput } from '../../errors';
import { canEditProfile, canViewCompany, type Viewer } from '../../permissions';
import type { UserRepository } from './repository';

const noProfile = () => new AppError('NO_USER_PROFILE', 404);

export function createUserService(repo: UserRepository) {
  async function get(viewer: Viewer, id: string): Promise<UserProfileRow> {
    const found = await repo.findVisible(viewer.companyIds, id);
    if (!found) throw noProfile();
    return found;
  }

  return {
    get,

    /** The profile when the caller may see it, else null (used for optional links like a sender). */
    async find(viewer: Viewer, id: string): Promise<UserProfileRow | null> {
      return (await repo.findVisible(viewer.companyIds, id)) ?? null;
    },

    /** Users of a company; another tenant's company gives an empty list, like an empty company. */
    async byCompany(viewer: Viewer, companyId: string): Promise<UserProfileRow[]> {
      if (!canViewCompany(viewer, companyId)) return [];
      return repo.listByCompany(viewer.companyIds, companyId);
    },

    async updateAboutMe(
      viewer: Viewer,
      raw: { id: unknown; about_me: unknown },
    ): Promise<UserProfileRow> {
      const input = parseInput(updateAboutMeInputSchema, raw);
      // Someone else's visible profile is forbidden; an invisible one does not exist.
      await get(viewer, input.id);
      if (!canEditProfile(viewer, input.id)) throw new AppError('FORBIDDEN', 403);
      const updated = await repo.updateOwn(viewer.user, { about_me: input.about_me });
      if (!updated) throw noProfile();
      return updated;
    },

    async assertCanSetAvatar(viewer: Viewer, id: string): Promise<void> {
      await get(viewer, id);
      if (!canEditProfile(viewer, id)) throw new AppError('FORBIDDEN', 403);
    },

    async setAvatar(viewer: Viewer, avatarUrl: string): Promise<UserProfileRow> {
      const updated = await repo.updateOwn(viewer.user, { avatar: avatarUrl });
      if (!updated) throw noProfile();
      return updated;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
