/**
 * SQL of people management: invitations (only a token's SHA-256 is stored) and the changes an
 * admin makes to a colleague (role, deactivate, reactivate). Changes to one company's people run
 * one at a time under that company's row lock, so "is there another active admin?" and the change
 * it allows cannot interleave with a parallel change (the last-admin guard).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/connection';
import {
  company,
  session,
  USER_TYPES,
  userInvitation,
  userProfile,
  userType,
  type LegalUserTypeName,
  type UserInvitationRow,
  type UserProfileRow,
  type UserTypeName,
} from '../../db/schema';

/** user_type ids are fixed by migration 0001: position in USER_TYPES plus one. */
export const userTypeId = (name: UserTypeName): number => USER_TYPES.indexOf(name) + 1;

/**
 * Administrators of their own company, as SQL (permissions.ts `isOwnCompanyAdmin` in TypeScript):
 * the customer account, legal admins and the provider's internal admins.
 */
const isAdminSql = sql`(${userProfile.user_type_id} in (${userTypeId('customer')}, ${userTypeId(
  'internal_admin',
)}) or ${userProfile.legal_user_type} = 'admin')`;

export interface ManagedUser {
  user: UserProfileRow;
  userType: UserTypeName;
}

export type UserChange = Partial<
  Pick<UserProfileRow, 'user_type_id' | 'legal_user_type' | 'is_deactivated'>
>;

export interface ChangedUser {
  user: UserProfileRow;
  /** Sessions this change ended (a deactivation: the 0009 trigger revokes them in this transaction). */
  endedSessionIds: string[];
}

export type AcceptOutcome =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'taken' }
  | { kind: 'accepted'; userId: string };

export interface InvitationPreview {
  email: string;
  legal_user_type: LegalUserTypeName;
  company_name: string;
  expires_at: Date;
  live: boolean;
  accepted: boolean;
}

export function createUserManagementRepository(db: Database) {
  return {
    /** Any user with this email (emails are unique across LexDesk, case-insensitively). */
    async userByEmail(
      email: string,
    ): Promise<Pick<UserProfileRow, 'company_id' | 'is_deactivated'> | undefined> {
      const [row] = await db
        .select({ company_id: userProfile.company_id, is_deactivated: userProfile.is_deactivated })
        .from(userProfile)
        .where(sql`lower(${userProfile.email}) = lower(${email})`)
        .limit(1);
      return row;
    },

    /** A new invitation; earlier unaccepted ones to the same email and company stop working. */
    async createInvitation(
      values: Pick<
        UserInvitationRow,
        'company_id' | 'email' | 'legal_user_type' | 'token_hash' | 'invited_by' | 'expires_at'
      >,
    ): Promise<UserInvitationRow> {
      return db.transaction(async (tx) => {
        await tx
          .delete(userInvitation)
          .where(
            and(
              eq(userInvitation.company_id, values.company_id),
              sql`lower(${userInvitation.email}) = lower(${values.email})`,
              sql`${userInvitation.accepted_at} is null`,
            ),
          );
        const [created] = await tx.insert(userInvitation).values(values).returning();
        if (!created) throw new Error('invitation insert returned no row');
        return created;
      });
    },

    async previewInvitation(tokenHash: string): Promise<InvitationPreview | undefined> {
      const [row] = await db
        .select({
          email: userInvitation.email,
          legal_user_type: userInvitation.legal_user_type,
          company_name: company.name,
          expires_at: userInvitation.expires_at,
          live: sql<boolean>`${userInvitation.expires_at} > now()`,
          accepted: sql<boolean>`${userInvitation.accepted_at} is not null`,
        })
        .from(userInvitation)
        .innerJoin(company, eq(company.id, userInvitation.company_id))
        .where(eq(userInvitation.token_hash, tokenHash))
        .limit(1);
      return row;
    },

    /**
     * Uses an invitation once: the row is locked, so of two parallel accepts one creates the user
     * and the other finds it accepted. The user joins the invitation's company as a `user` with
     * the invited legal user type.
     */
    async acceptInvitation(
      tokenHash: string,
      person: Pick<UserProfileRow, 'first_name' | 'last_name' | 'password_hash'>,
    ): Promise<AcceptOutcome> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .select({
            id: userInvitation.id,
            company_id: userInvitation.company_id,
            email: userInvitation.email,
            legal_user_type: userInvitation.legal_user_type,
            accepted: sql<boolean>`${userInvitation.accepted_at} is not null`,
            live: sql<boolean>`${userInvitation.expires_at} > now()`,
          })
          .from(userInvitation)
          .where(eq(userInvitation.token_hash, tokenHash))
          .for('update');
        if (!invitation || invitation.accepted) return { kind: 'invalid' };
        if (!invitation.live) return { kind: 'expired' };
        const [created] = await tx
          .insert(userProfile)
          .values({
            ...person,
            email: invitation.email,
            company_id: invitation.company_id,
            user_type_id: userTypeId('user'),
            legal_user_type: invitation.legal_user_type,
          })
          .onConflictDoNothing()
          .returning({ id: userProfile.id });
        if (!created) return { kind: 'taken' };
        await tx
          .update(userInvitation)
          .set({ accepted_at: sql`now()` })
          .where(eq(userInvitation.id, invitation.id));
        return { kind: 'accepted', userId: created.id };
      });
    },

    /**
     * Changes one user of a company while holding the company's row lock (FOR NO KEY UPDATE, which
     * parallel changes of the same company's people also take, so they wait for each other).
     * `decide` sees the user as it is now and how many other active admins the company has; it
     * returns the change or throws (e.g. the last-admin refusal), and nothing is written then.
     */
    async changeUser(
      companyId: string,
      userId: string,
      decide: (current: ManagedUser, otherActiveAdmins: number) => UserChange,
    ): Promise<ChangedUser | undefined> {
      return db.transaction(async (tx) => {
        await tx
          .select({ id: company.id })
          .from(company)
          .where(eq(company.id, companyId))
          .for('no key update');
        const [current] = await tx
          .select({ user: userProfile, userType: userType.name })
          .from(userProfile)
          .innerJoin(userType, eq(userType.id, userProfile.user_type_id))
          .where(and(eq(userProfile.id, userId), eq(userProfile.company_id, companyId)));
        if (!current) return undefined;
        const [others] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(userProfile)
          .where(
            and(
              eq(userProfile.company_id, companyId),
              ne(userProfile.id, userId),
              eq(userProfile.is_deactivated, false),
              isAdminSql,
            ),
          );
        const change = decide(
          { user: current.user, userType: current.userType as UserTypeName },
          others?.n ?? 0,
        );
        if (Object.keys(change).length === 0) return { user: current.user, endedSessionIds: [] };
        const [updated] = await tx
          .update(userProfile)
          .set(change)
          .where(eq(userProfile.id, userId))
          .returning();
        if (!updated) return undefined;
        // now() is this transaction's start time, the time the trigger wrote.
        const ended = await tx
          .select({ id: session.id })
          .from(session)
          .where(and(eq(session.user_id, userId), sql`${session.revoked_at} = now()`));
        return { user: updated, endedSessionIds: ended.map((row) => row.id) };
      });
    },
  };
}

export type UserManagementRepository = ReturnType<typeof createUserManagementRepository>;
