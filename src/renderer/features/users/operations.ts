/** GraphQL operations of the company's user list, and the user-type enums other screens share. */
import { z } from 'zod';
import { op } from '../../graphql/op';
import { legalUserTypeSchema, userTypeSchema } from '../../../shared/schemas/user';

export const UserType = userTypeSchema;
export type UserType = z.infer<typeof UserType>;

export const LegalUserType = legalUserTypeSchema;
export type LegalUserType = z.infer<typeof LegalUserType>;

export const COMPANY_USER = z.object({
  id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar: z.string().nullable(),
  is_approved: z.boolean(),
  is_deactivated: z.boolean(),
  user_type: z.object({ id: z.string(), name: UserType }),
  legal_user_type: LegalUserType.nullable(),
});
export type CompanyUser = z.infer<typeof COMPANY_USER>;

export const USERS_BY_COMPANY_QUERY = op(
  `query UsersByCompany($company_id: ID!) {
    usersByCompany(company_id: $company_id) {
      id email first_name last_name avatar is_approved is_deactivated
      user_type { id name } legal_user_type
    }
  }`,
  z.object({ usersByCompany: z.array(COMPANY_USER) }),
  z.object({ company_id: z.string() }),
);
