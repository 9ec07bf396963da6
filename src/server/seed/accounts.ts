/**
 * Creating companies and users outside the first-run flow: the demo seed and the tests use these.
 * (Inviting users through the app belongs to a later issue.)
 */
import { eq } from 'drizzle-orm';
import type { DatabaseExecutor as Database } from '../db/connection';
import {
  company,
  companyAccess,
  userProfile,
  USER_TYPES,
  type CompanyRow,
  type LegalUserTypeName,
  type UserProfileRow,
  type UserTypeName,
} from '../db/schema';
import { hashPassword } from '../domains/auth/password';

export type NewCompany = typeof company.$inferInsert;

export async function insertCompany(db: Database, values: NewCompany): Promise<CompanyRow> {
  const [row] = await db.insert(company).values(values).returning();
  if (!row) throw new Error('company insert returned no row');
  return row;
}

export interface NewUser {
  companyId: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  userType: UserTypeName;
  legalUserType?: LegalUserTypeName | null;
  isDeactivated?: boolean;
  aboutMe?: string | null;
}

/** user_type ids are fixed by the seeding migration, in USER_TYPES order from 1. */
export function userTypeId(name: UserTypeName): number {
  return USER_TYPES.indexOf(name) + 1;
}

export async function insertUser(db: Database, user: NewUser): Promise<UserProfileRow> {
  const [row] = await db
    .insert(userProfile)
    .values({
      company_id: user.companyId,
      email: user.email.toLowerCase(),
      first_name: user.firstName,
      last_name: user.lastName,
      user_type_id: userTypeId(user.userType),
      legal_user_type: user.legalUserType ?? null,
      is_deactivated: user.isDeactivated ?? false,
      about_me: user.aboutMe ?? null,
      password_hash: await hashPassword(user.password),
    })
    .returning();
  if (!row) throw new Error('user insert returned no row');
  return row;
}

export async function assignCompanies(
  db: Database,
  userId: string,
  companyIds: readonly string[],
): Promise<void> {
  if (companyIds.length === 0) return;
  await db
    .insert(companyAccess)
    .values(companyIds.map((companyId) => ({ user_id: userId, company_id: companyId })))
    .onConflictDoNothing();
}

export async function findUserByEmail(
  db: Database,
  email: string,
): Promise<UserProfileRow | undefined> {
  const rows = await db
    .select()
    .from(userProfile)
    .where(eq(userProfile.email, email.toLowerCase()))
    .limit(1);
  return rows[0];
}
