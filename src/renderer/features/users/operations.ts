/** GraphQL operations of the company's user list, and the user-type enums other screens share. */
import type { z } from 'zod';
import { graphql, type ResultOf } from '../../../shared/graphql/graphql';
import { legalUserTypeSchema, userTypeSchema } from '../../../shared/schemas/user';
import { VIEWER_FIELDS } from '../auth/operations';

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

export const INVITE_USER_MUTATION = graphql(`
  mutation InviteUser($company_id: ID!, $email: String!, $legal_user_type: LegalUserType!) {
    inviteUser(company_id: $company_id, email: $email, legal_user_type: $legal_user_type) {
      id
      email
      legal_user_type
      expires_at
      token
    }
  }
`);
export type CreatedInvitation = ResultOf<typeof INVITE_USER_MUTATION>['inviteUser'];

export const CHANGE_USER_ROLE_MUTATION = graphql(`
  mutation ChangeUserRole($id: ID!, $legal_user_type: LegalUserType!) {
    changeUserRole(id: $id, legal_user_type: $legal_user_type) {
      id
      is_deactivated
      legal_user_type
      user_type {
        id
        name
      }
    }
  }
`);

export const DEACTIVATE_USER_MUTATION = graphql(`
  mutation DeactivateUser($id: ID!) {
    deactivateUser(id: $id) {
      id
      is_deactivated
      legal_user_type
      user_type {
        id
        name
      }
    }
  }
`);

export const REACTIVATE_USER_MUTATION = graphql(`
  mutation ReactivateUser($id: ID!) {
    reactivateUser(id: $id) {
      id
      is_deactivated
      legal_user_type
      user_type {
        id
        name
      }
    }
  }
`);

export const INVITATION_QUERY = graphql(`
  query Invitation($token: String!) {
    invitation(token: $token) {
      email
      company_name
      legal_user_type
      expires_at
    }
  }
`);

export const ACCEPT_INVITATION_MUTATION = graphql(
  `
    mutation AcceptInvitation($input: AcceptInvitationInput!) {
      acceptInvitation(input: $input) {
        token
        viewer {
          ...ViewerFields
        }
      }
    }
  `,
  [VIEWER_FIELDS],
);
