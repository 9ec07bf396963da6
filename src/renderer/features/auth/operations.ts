/** GraphQL operations of sign-in, first-run set-up and the session's viewer. */
import { z } from 'zod';
import { fragment, op } from '../../graphql/op';
import { LegalUserType, UserType } from '../users/operations';

export const VIEWER_FIELDS = fragment(
  `fragment ViewerFields on Viewer {
    user { id email first_name last_name avatar user_type { id name } legal_user_type }
    company { id name icon_url date_format is_legal }
    company_ids
    managed_company_ids
    can_manage_company
  }`,
  z.object({
    user: z.object({
      id: z.string(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
      avatar: z.string().nullable(),
      user_type: z.object({ id: z.string(), name: UserType }),
      legal_user_type: LegalUserType.nullable(),
    }),
    company: z.object({
      id: z.string(),
      name: z.string(),
      icon_url: z.string().nullable(),
      date_format: z.string(),
      is_legal: z.boolean(),
    }),
    company_ids: z.array(z.string()),
    // A viewer remembered for an offline start before this field existed manages nothing.
    managed_company_ids: z.array(z.string()).default([]),
    can_manage_company: z.boolean(),
  }),
);
export type ViewerData = z.infer<typeof VIEWER_FIELDS.schema>;

export const VIEWER_QUERY = op(
  `query Viewer { viewer { ...ViewerFields } }`,
  z.object({ viewer: VIEWER_FIELDS.schema.nullable() }),
  undefined,
  [VIEWER_FIELDS],
);

export const SETUP_STATUS_QUERY = op(
  `query SetupStatus { setupStatus { needs_setup } }`,
  z.object({ setupStatus: z.object({ needs_setup: z.boolean() }) }),
);

const AuthPayload = z.object({ token: z.string(), viewer: VIEWER_FIELDS.schema });

export const SIGN_IN_MUTATION = op(
  `mutation SignIn($email: String!, $password: String!) {
    signIn(email: $email, password: $password) { token viewer { ...ViewerFields } }
  }`,
  z.object({ signIn: AuthPayload }),
  z.object({ email: z.string(), password: z.string() }),
  [VIEWER_FIELDS],
);

export const SET_UP_MUTATION = op(
  `mutation SetUp($input: SetUpInput!) {
    setUp(input: $input) { token viewer { ...ViewerFields } }
  }`,
  z.object({ setUp: AuthPayload }),
  z.object({
    input: z.object({
      company_name: z.string(),
      is_legal: z.boolean(),
      first_name: z.string(),
      last_name: z.string(),
      email: z.string(),
      password: z.string(),
    }),
  }),
  [VIEWER_FIELDS],
);

export const SIGN_OUT_MUTATION = op(
  `mutation SignOut { signOut }`,
  z.object({ signOut: z.boolean() }),
);
