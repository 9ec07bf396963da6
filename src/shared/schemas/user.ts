/** Inputs of sign-in, first-run set-up and the profile screen, shared by server and renderer. */
import { z } from 'zod';
import { companyNameSchema } from './company';
import { text, uuid } from './input';

/** user_type names; their order is their fixed id (1 customer ... 9 internal_admin, migration 0001). */
export const USER_TYPES = [
  'customer',
  'user',
  'project_manager',
  'tech_lead',
  'qa',
  'developer',
  'talent',
  'internal_manager',
  'internal_admin',
] as const;
export const userTypeSchema = z.enum(USER_TYPES);
export type UserTypeName = (typeof USER_TYPES)[number];

export const LEGAL_USER_TYPES = ['admin', 'attorney', 'paralegal', 'staff'] as const;
export const legalUserTypeSchema = z.enum(LEGAL_USER_TYPES);
export type LegalUserTypeName = (typeof LEGAL_USER_TYPES)[number];

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .pipe(z.email('Enter a valid email address.').max(254, 'The email address is too long.'));

export const PASSWORD_MIN_LENGTH = 8;
export const newPasswordSchema = text()
  .min(PASSWORD_MIN_LENGTH, `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(200, 'The password can be at most 200 characters.');

const personName = (label: string) =>
  text()
    .trim()
    .min(1, `Enter the ${label}.`)
    .max(100, `The ${label} can be at most 100 characters.`);

export const signInInputSchema = z.object({
  email: emailSchema,
  // Existing passwords are checked, not re-validated; only the size is bounded.
  password: text()
    .min(1, 'Enter your password.')
    .max(200, 'The password can be at most 200 characters.'),
});
export type SignInInput = z.infer<typeof signInInputSchema>;

export const setUpInputSchema = z.object({
  company_name: companyNameSchema,
  is_legal: z.boolean(),
  first_name: personName('first name'),
  last_name: personName('last name'),
  email: emailSchema,
  password: newPasswordSchema,
});
export type SetUpInput = z.infer<typeof setUpInputSchema>;

export const ABOUT_ME_MAX_LENGTH = 2000;
export const aboutMeSchema = text().max(
  ABOUT_ME_MAX_LENGTH,
  `About me can be at most ${ABOUT_ME_MAX_LENGTH} characters.`,
);

/** Spec: profile updates without an id are skipped; the API treats a missing id as invalid input. */
export const updateAboutMeInputSchema = z.object({
  id: uuid('A profile id is required.'),
  about_me: aboutMeSchema,
});
export type UpdateAboutMeInput = z.infer<typeof updateAboutMeInputSchema>;

/** Invitation links live this long; then they answer INVITATION_EXPIRED. */
export const INVITATION_TTL_HOURS = 7 * 24;

/** An admin invites someone to their company with a role (the legal user type). */
export const inviteUserInputSchema = z.object({
  company_id: uuid('A company id is required.'),
  email: emailSchema,
  legal_user_type: legalUserTypeSchema,
});
export type InviteUserInput = z.infer<typeof inviteUserInputSchema>;

/** The invitation token of a link (as newSessionToken makes them: base64url, 43 characters). */
export const invitationTokenSchema = text()
  .regex(/^[A-Za-z0-9_-]{20,200}$/, 'This invitation link is not complete.')
  .max(200);

/** The invitee names themselves and picks a password. */
export const acceptInvitationInputSchema = z.object({
  token: invitationTokenSchema,
  first_name: personName('first name'),
  last_name: personName('last name'),
  password: newPasswordSchema,
});
export type AcceptInvitationInput = z.infer<typeof acceptInvitationInputSchema>;

export const changeUserRoleInputSchema = z.object({
  id: uuid('A user id is required.'),
  legal_user_type: legalUserTypeSchema,
});
export type ChangeUserRoleInput = z.infer<typeof changeUserRoleInputSchema>;

export const userIdInputSchema = z.object({ id: uuid('A user id is required.') });

/** Company-side accounts have a role (legal user type) admins may change; provider accounts do not. */
export function hasChangeableRole(userType: UserTypeName): boolean {
  return userType === 'customer' || userType === 'user';
}
