/** GraphQL operations of the company's user list, and the user-type enums other screens share. */
import type { z } from 'zod';
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';
import { legalUserTypeSchema, userTypeSchema } from '../../../shared/schemas/user';

export const UserType = userTypeSchema;
export type UserType = z.infer<typeof UserType>;

export const LegalUserType = legalUserTypeSchema;
export type LegalUserType = z.infer<typeof LegalUserType>;

export const USERS_BY_COMPANY_QUERY = graphql(`
  query UsersByCompany($company_id: ID!) {
    usersByCompany(company_id: $company_id) {
      id
      email
      first_name
      last_name
      avatar
      is_approved
      is_deactivated
      user_type {
        id
        name
      }
      legal_user_type
    }
  }
`);
export type CompanyUser = ResultOf<typeof USERS_BY_COMPANY_QUERY>['usersByCompany'][number];
