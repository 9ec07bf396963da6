/**
 * People management rules: company admins invite people by a one-time link, change their role,
 * deactivate and reactivate them; the last active admin of a company is never removed.
 * Another tenant's company or user answers like a missing one (NO_COMPANY, NO_USER_PROFILE).
 */
import { AppError } from '../../../shared/errors';
import {
  acceptInvitationInputSchema,
  changeUserRoleInputSchema,
  hasChangeableRole,
  INVITATION_TTL_HOURS,
  invitationTokenSchema,
  inviteUserInputSchema,
  userIdInputSchema,
  type LegalUserTypeName,
} from '../../../shared/schemas';
import type { UserInvitationRow, UserProfileRow } from '../../db/schema';
import { parseInput } from '../../errors';
import { canManageUsers, canViewCompany, isOwnCompanyAdmin, type Viewer } from '../../permissions';
import { hashPassword } from '../auth/password';
import { hashSessionToken, newSessionToken } from '../auth/tokens';
import {
  userTypeId,
  type InvitationPreview,
  type ChangedUser,
  type ManagedUser,
  type UserChange,
  type UserManagementRepository,
} from './managementRepository';
import type { UserRepository } from './repository';

export interface CreatedInvitation extends UserInvitationRow {
  /** The link's token: handed to the inviting admin once, never stored. */
  token: string;
}

const noProfile = () => new AppError('NO_USER_PROFILE', 404);
const lastAdmin = () => new AppError('LAST_ADMIN', 409);

/** The change a new role makes: a customer account given a non-admin role becomes a plain user. */
export function roleChange(target: ManagedUser, role: LegalUserTypeName): UserChange {
  if (!hasChangeableRole(target.userType)) {
    throw new AppError('ROLE_NOT_CHANGEABLE', 400);
  }
  const demoted = target.userType === 'customer' && role !== 'admin';
  return { legal_user_type: role, ...(demoted ? { user_type_id: userTypeId('user') } : {}) };
}

/** Whether a change leaves the user an active admin of their company. */
function staysActiveAdmin(target: ManagedUser, change: UserChange): boolean {
  const typeId = change.user_type_id ?? target.user.user_type_id;
  const userType = typeId === userTypeId('user') ? 'user' : target.userType;
  const legal = change.legal_user_type ?? target.user.legal_user_type;
  const deactivated = change.is_deactivated ?? target.user.is_deactivated;
  return !deactivated && isOwnCompanyAdmin(userType, legal);
}

/** Refuses a change that would leave the company without an active admin. */
export function guardLastAdmin(
  target: ManagedUser,
  change: UserChange,
  otherActiveAdmins: number,
): UserChange {
  const isActiveAdmin =
    !target.user.is_deactivated && isOwnCompanyAdmin(target.userType, target.user.legal_user_type);
  if (isActiveAdmin && otherActiveAdmins === 0 && !staysActiveAdmin(target, change)) {
    throw lastAdmin();
  }
  return change;
}

export function createUserManagementService(repo: UserManagementRepository, users: UserRepository) {
  /** A user the viewer may manage, or NO_USER_PROFILE (unseen) / FORBIDDEN (seen, not managed). */
  async function managedTarget(viewer: Viewer, id: string): Promise<UserProfileRow> {
    const found = await users.findVisible(viewer.companyIds, id);
    if (!found) throw noProfile();
    if (!canManageUsers(viewer, found.company_id)) throw new AppError('FORBIDDEN', 403);
    return found;
  }

  async function change(
    viewer: Viewer,
    id: string,
    decide: (current: ManagedUser) => UserChange,
  ): Promise<ChangedUser> {
    const target = await managedTarget(viewer, id);
    const updated = await repo.changeUser(target.company_id, target.id, (current, others) =>
      guardLastAdmin(current, decide(current), others),
    );
    if (!updated) throw noProfile();
    return updated;
  }

  async function usableInvitation(token: string): Promise<InvitationPreview> {
    const found = await repo.previewInvitation(hashSessionToken(token));
    if (!found || found.accepted) throw new AppError('INVITATION_INVALID', 404);
    if (!found.live) throw new AppError('INVITATION_EXPIRED', 410);
    return found;
  }

  return {
    async invite(viewer: Viewer, raw: unknown): Promise<CreatedInvitation> {
      const input = parseInput(inviteUserInputSchema, raw);
      if (!canViewCompany(viewer, input.company_id)) throw new AppError('NO_COMPANY', 404);
      if (!canManageUsers(viewer, input.company_id)) throw new AppError('FORBIDDEN', 403);
      const existing = await repo.userByEmail(input.email);
      if (existing && !existing.is_deactivated) throw new AppError('INVITEE_ALREADY_ACTIVE', 409);
      if (existing && existing.company_id === input.company_id) {
        throw new AppError('INVITEE_DEACTIVATED', 409);
      }
      if (existing) throw new AppError('EMAIL_TAKEN', 409);
      const token = newSessionToken();
      const created = await repo.createInvitation({
        company_id: input.company_id,
        email: input.email,
        legal_user_type: input.legal_user_type,
        token_hash: hashSessionToken(token),
        invited_by: viewer.user.id,
        expires_at: new Date(Date.now() + INVITATION_TTL_HOURS * 3600_000),
      });
      return { ...created, token };
    },

    /** What a link invites to, for the accept screen; used, unknown or expired links are refused. */
    async preview(rawToken: unknown): Promise<InvitationPreview> {
      return usableInvitation(parseInput(invitationTokenSchema, rawToken));
    },

    /**
     * Creates the invited user (once); the caller then starts their session. The link is checked
     * before the password is hashed, so made-up tokens cost no hashing.
     */
    async accept(raw: unknown): Promise<string> {
      const input = parseInput(acceptInvitationInputSchema, raw);
      await usableInvitation(input.token);
      const outcome = await repo.acceptInvitation(hashSessionToken(input.token), {
        first_name: input.first_name,
        last_name: input.last_name,
        password_hash: await hashPassword(input.password),
      });
      switch (outcome.kind) {
        case 'accepted':
          return outcome.userId;
        case 'expired':
          throw new AppError('INVITATION_EXPIRED', 410);
        case 'taken':
          throw new AppError('INVITEE_ALREADY_ACTIVE', 409);
        case 'invalid':
          throw new AppError('INVITATION_INVALID', 404);
      }
    },

    async changeRole(viewer: Viewer, raw: unknown): Promise<UserProfileRow> {
      const input = parseInput(changeUserRoleInputSchema, raw);
      const changed = await change(viewer, input.id, (current) =>
        roleChange(current, input.legal_user_type),
      );
      return changed.user;
    },

    /**
     * Deactivates a user; the 0009 trigger revokes their sessions in the same transaction, and the
     * ended session ids come back so their live sockets can be closed too.
     */
    async deactivate(viewer: Viewer, raw: unknown): Promise<ChangedUser> {
      const input = parseInput(userIdInputSchema, raw);
      return change(viewer, input.id, (current) =>
        current.user.is_deactivated ? {} : { is_deactivated: true },
      );
    },

    async reactivate(viewer: Viewer, raw: unknown): Promise<UserProfileRow> {
      const input = parseInput(userIdInputSchema, raw);
      const changed = await change(viewer, input.id, (current) =>
        current.user.is_deactivated ? { is_deactivated: false } : {},
      );
      return changed.user;
    },
  };
}

export type UserManagementService = ReturnType<typeof createUserManagementService>;
